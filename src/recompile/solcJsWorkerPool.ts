import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { CompilerError } from "../errors/recompileErrors.js";
import { solcJsCrashText } from "./compiler.js";

// The worker is plain CommonJS evaluated from this text, so it runs the same from the sources, the built
// package and a bundle: it loads a solc-js file with its wrapper and compiles standard JSON, one job at a time.
// solc answers every compile error in its JSON output: a throw is the compiler's runtime failing (a WebAssembly
// trap such as "memory access out of bounds"), after which that compiler instance answers nothing but the same
// trap. The worker says so (crashed), and the pool replaces it.
// solc-js 0.4 wrappers take legacy input in compile() and standard JSON in compileStandardWrapper().
const workerSource = `
const { parentPort } = require("node:worker_threads");
const loaded = new Map();
parentPort.on("message", ({ id, soljsonPath, wrapperPath, input }) => {
  let solc = loaded.get(soljsonPath);
  if (!solc) {
    try {
      const wrap = require(wrapperPath);
      if (typeof wrap !== "function") throw new Error("its solc wrapper.js did not export a function");
      solc = wrap(require(soljsonPath));
      if (typeof solc.version !== "function" || typeof solc.compile !== "function")
        throw new Error("it has no version() and compile()");
      loaded.set(soljsonPath, solc);
    } catch (error) {
      parentPort.postMessage({ id, loadError: String(error && error.message ? error.message : error) });
      return;
    }
  }
  try {
    const compile = typeof solc.compileStandardWrapper === "function" ? solc.compileStandardWrapper : solc.compile;
    const output = input === undefined ? String(solc.version()) : String(compile(input));
    parentPort.postMessage({ id, output });
  } catch (error) {
    parentPort.postMessage({ id, crashed: String(error && error.message ? error.message : error) });
  }
});
`;

// Finished compiles remembered for identical inputs.
const resultsKept = 16;

const closedError = (soljsonPath: string) =>
  new CompilerError(soljsonPath, "The local compiler pool is closed.");

interface Job {
  id: number;
  soljsonPath: string;
  wrapperPath: string;
  /** Standard JSON to compile; none to ask the compiler its version. */
  input: string | undefined;
  resolve(output: string): void;
  reject(error: Error): void;
}

interface WorkerMessage {
  id: number;
  output?: string;
  loadError?: string;
  /** The compiler threw while compiling: what it said. */
  crashed?: string;
}

interface PoolWorker {
  worker: Worker;
  job: Job | undefined;
}

/**
 * Worker threads that run solc-js compiles off the thread that answers requests. Identical inputs (same
 * compiler, same input text) in flight or recently finished are compiled once.
 */
export class SolcJsWorkerPool {
  readonly #workers: PoolWorker[] = [];
  readonly #queue: Job[] = [];
  readonly #results = new Map<string, Promise<string>>();
  readonly #versions = new Map<string, Promise<string>>();
  #nextId = 1;
  #closed = false;
  /** How many compiles the workers ran (identical inputs count once). */
  compiles = 0;

  /** @param size - worker threads at most; default the CPU count less the thread that answers requests */
  constructor(readonly size = Math.max(1, availableParallelism() - 1)) {}

  /**
   * Compiles a standard JSON input text with a solc-js file (loaded with its wrapper), in a worker thread.
   * @returns the compiler's output text
   * @throws {CompilerError} when the compiler fails or the pool is closed
   */
  compile(soljsonPath: string, wrapperPath: string, input: string): Promise<string> {
    const key = createHash("sha256").update(soljsonPath).update("\0").update(input).digest("hex");
    const known = this.#results.get(key);
    if (known) {
      // Most recently used last, so the oldest result is the one forgotten.
      this.#results.delete(key);
      this.#results.set(key, known);
      return known;
    }
    const result = this.#enqueue(soljsonPath, wrapperPath, input);
    this.#results.set(key, result);
    result.catch(() => this.#results.delete(key));
    while (this.#results.size > resultsKept) {
      const oldest = this.#results.keys().next().value;
      if (oldest === undefined) break;
      this.#results.delete(oldest);
    }
    return result;
  }

  /**
   * Asks a solc-js file its version in a worker thread, so loading it (a second or more) never holds up the
   * thread that answers requests. Asked once per file.
   * @returns what the compiler's `version()` says, e.g. `0.8.28+commit.7893614a.Emscripten.clang`
   * @throws {CompilerError} when the file cannot be loaded as solc-js, or the pool is closed
   */
  version(soljsonPath: string, wrapperPath: string): Promise<string> {
    let version = this.#versions.get(soljsonPath);
    if (!version) {
      version = this.#enqueue(soljsonPath, wrapperPath, undefined);
      this.#versions.set(soljsonPath, version);
      version.catch(() => this.#versions.delete(soljsonPath));
    }
    return version;
  }

  /** How many compiles are running now. */
  get busy(): number {
    return this.#workers.filter((entry) => entry.job !== undefined).length;
  }

  /** Stops every worker; queued and running compiles fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(closedError(job.soljsonPath));
    await Promise.all(
      this.#workers.splice(0).map(async (entry) => {
        entry.job?.reject(closedError(entry.job.soljsonPath));
        await entry.worker.terminate();
      }),
    );
  }

  #enqueue(soljsonPath: string, wrapperPath: string, input: string | undefined): Promise<string> {
    if (this.#closed) return Promise.reject(closedError(soljsonPath));
    return new Promise<string>((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, soljsonPath, wrapperPath, input, resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let idle = this.#workers.find((entry) => entry.job === undefined);
      if (!idle && this.#workers.length < this.size) idle = this.#startWorker();
      if (!idle) return;
      const job = this.#queue.shift()!;
      idle.job = job;
      idle.worker.ref();
      if (job.input !== undefined) this.compiles++;
      const { id, soljsonPath, wrapperPath, input } = job;
      idle.worker.postMessage({ id, soljsonPath, wrapperPath, input });
    }
  }

  #startWorker(): PoolWorker {
    const entry: PoolWorker = { worker: new Worker(workerSource, { eval: true }), job: undefined };
    // Idle workers must not keep a finished process alive.
    entry.worker.unref();
    entry.worker.on("message", (message: WorkerMessage) => {
      const job = entry.job;
      if (!job || job.id !== message.id) return;
      entry.job = undefined;
      entry.worker.unref();
      if (message.output !== undefined) job.resolve(message.output);
      else if (message.loadError !== undefined) {
        job.reject(
          new CompilerError(
            job.soljsonPath,
            `The compiler file ${job.soljsonPath} could not be loaded as solc-js: ${message.loadError}.`,
          ),
        );
      } else {
        // The compiler instance in this worker is broken for good: the next job gets a fresh worker.
        this.#retire(entry);
        void entry.worker.terminate();
        job.reject(new CompilerError(job.soljsonPath, solcJsCrashText(job.soljsonPath, message.crashed)));
      }
      this.#dispatch();
    });
    entry.worker.on("error", (error: unknown) => {
      const job = this.#retire(entry);
      job?.reject(new CompilerError(job.soljsonPath, `A compiler worker stopped: ${String(error)}.`));
      this.#dispatch();
    });
    // A worker that exits (process.exit in a compiler file, an abort) without an error event.
    entry.worker.on("exit", (exitCode: number) => {
      const job = this.#retire(entry);
      job?.reject(new CompilerError(job.soljsonPath, `A compiler worker stopped (exit code ${exitCode}).`));
      if (job) this.#dispatch();
    });
    this.#workers.push(entry);
    return entry;
  }

  // Takes a worker out of the pool, once; returns the job it was running, if any.
  #retire(entry: PoolWorker): Job | undefined {
    const at = this.#workers.indexOf(entry);
    if (at < 0) return undefined;
    this.#workers.splice(at, 1);
    const job = entry.job;
    entry.job = undefined;
    return job;
  }
}
