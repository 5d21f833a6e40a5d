// One `hardhat node` per Jest worker, started by the worker's first test file that asks for a chain and kept for the
// files after it, each of which finds it back at its first block (evm_revert to a snapshot taken there), with the
// same accounts, nonces and so addresses as a fresh node. globalTeardown stops them (test/support/chainWorkers.mjs).
import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ChainRecord, chainRecordFile } from "./chainWorkers.mjs";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A Hardhat chain running in a child process (Jest cannot host Hardhat 3 in-process). */
export interface HardhatChain {
  /** `http://127.0.0.1:PORT`. */
  rpcUrl: string;
  /** Lets the chain go: the worker's next test file finds it back at its first block. */
  stop(): Promise<void>;
}

/** Hardhat's first default account, funded on every Hardhat chain. */
export const deployerPrivateKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

// A test file gets the worker's chain once: a second chain in the same file would be reset under the first.
let taken = false;

/**
 * The worker's `hardhat node` on 127.0.0.1, at its first block: started on the first call of the worker (under the
 * Node that npm pinned), reset on the calls after.
 * @returns the chain
 */
export async function startHardhatChain(): Promise<HardhatChain> {
  if (!process.env.JEST_WORKER_ID) {
    // Outside Jest (a bench): a chain of its own, stopped with it.
    const record = await startNode(`${tmpdir()}/explorer-verify-chain-${process.pid}.log`);
    return { rpcUrl: record.rpcUrl, stop: async () => stopGroup(record.pid) };
  }
  if (taken) throw new Error("startHardhatChain: this test file has the worker's chain already");
  taken = true;
  const recordFile = chainRecordFile();
  const kept = await readRecord(recordFile);
  const reset = kept ? await resetToFirstBlock(kept) : undefined;
  const record = reset ?? (await startNode(`${recordFile}.log`));
  await writeFile(recordFile, JSON.stringify(record));
  return { rpcUrl: record.rpcUrl, stop: async () => {} };
}

async function readRecord(file: string): Promise<ChainRecord | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as ChainRecord;
  } catch {
    return undefined;
  }
}

async function resetToFirstBlock(record: ChainRecord): Promise<ChainRecord | undefined> {
  try {
    if ((await rpc(record.rpcUrl, "evm_revert", [record.snapshot])) !== true) throw new Error("not reverted");
    return { ...record, snapshot: String(await rpc(record.rpcUrl, "evm_snapshot", [])) };
  } catch {
    // Gone or wedged: a new one takes its place.
    stopGroup(record.pid);
    return undefined;
  }
}

function stopGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {}
}

async function startNode(logFile: string): Promise<ChainRecord> {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  // Its output goes to a file rather than a pipe, so that the test file that started it holds no handle on it.
  const log = openSync(logFile, "a");
  const child = spawn(
    process.execPath,
    [
      join(repository, "node_modules", "hardhat", "dist", "src", "cli.js"),
      "node",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: join(repository, "test", "fixtures", "local-chain"),
      env: {
        ...process.env,
        PATH: `${join(repository, "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
      },
      stdio: ["ignore", log, log],
      detached: true,
    },
  );
  closeSync(log);
  child.unref();
  const pid = child.pid ?? 0;
  const runner = process.env.EXPLORER_VERIFY_TEST_MAIN_PID;
  if (runner) {
    // Stops the node once the test run's main process is gone, however it ended.
    spawn(
      process.execPath,
      [
        "-e",
        `setInterval(() => { try { process.kill(${Number(runner)}, 0); } catch { try { process.kill(-${pid}, "SIGKILL"); } catch {} process.exit(0); } }, 1000);`,
      ],
      { detached: true, stdio: "ignore" },
    ).unref();
  }
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    try {
      const snapshot = String(await rpc(rpcUrl, "evm_snapshot", []));
      return { rpcUrl, pid, snapshot };
    } catch (error) {
      if (child.exitCode !== null || Date.now() > giveUpAt) {
        throw new Error(`hardhat node did not start (see ${logFile}): ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** One JSON-RPC call on a connection of its own, closed after the answer. */
function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
    const outgoing = request(
      url,
      { method: "POST", agent: false, headers: { "content-type": "application/json", connection: "close" } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          try {
            const answer = JSON.parse(text) as { result?: unknown; error?: { message?: string } };
            if (answer.error) reject(new Error(`${method}: ${answer.error.message ?? "error"}`));
            else resolve(answer.result);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
