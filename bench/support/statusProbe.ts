// Times `checkverifystatus` answers of an explorer from a worker thread of its own, so a compile that blocks the
// bench's main thread (where the local explorer and the engine run) cannot delay the clock that measures it.
// Two sources of samples: a side prober that asks every few milliseconds whatever is in flight, and a forwarding
// proxy in front of the explorer that times the engine's own polls.
import { Worker } from "node:worker_threads";

// Plain CommonJS evaluated from this text, as the compiler pool's worker is, so it runs the same under tsx.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const { performance } = require("node:perf_hooks");
const upstream = new URL(workerData.explorerUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const target = { host: upstream.hostname, port: upstream.port, agent };
let guid = workerData.guid;
let inFlight = 0;
let stopping = false;
const samples = { prober: [], engine: [], failed: 0, skipped: 0 };

function finishIfIdle() {
  if (!stopping || inFlight > 0) return;
  server.close();
  agent.destroy();
  parentPort.postMessage({ type: "samples", samples });
}

function probe() {
  // Each waiting probe holds two sockets of the bench's process (this end and the explorer's).
  if (inFlight >= workerData.maxInFlight) {
    samples.skipped++;
    return;
  }
  const started = performance.now();
  inFlight++;
  const request = http.get(
    { ...target, path: "/api?module=contract&action=checkverifystatus&guid=" + guid },
    (answer) => {
      answer.resume();
      answer.on("end", () => {
        if (answer.statusCode === 200) samples.prober.push(performance.now() - started);
        else samples.failed++;
        inFlight--;
        finishIfIdle();
      });
    },
  );
  request.on("error", () => {
    samples.failed++;
    inFlight--;
    finishIfIdle();
  });
}

const server = http.createServer((incoming, reply) => {
  const started = performance.now();
  const isStatusPoll = /[?&]action=checkverifystatus(&|$)/.test(incoming.url);
  const forward = http.request(
    { ...target, method: incoming.method, path: incoming.url, headers: incoming.headers },
    (answer) => {
      reply.writeHead(answer.statusCode, answer.headers);
      answer.pipe(reply);
      answer.on("end", () => {
        if (isStatusPoll) samples.engine.push(performance.now() - started);
      });
    },
  );
  forward.on("error", () => reply.destroy());
  incoming.pipe(forward);
});

let timer;
parentPort.on("message", (message) => {
  if (message.type === "guid") guid = message.guid;
  if (message.type === "start") timer = setInterval(probe, workerData.intervalMs);
  if (message.type === "stop") {
    clearInterval(timer);
    stopping = true;
    finishIfIdle();
  }
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ type: "listening", port: server.address().port }));
`;

/** At 20 ms a probe, a stall of 20 s; past it, probes are counted as skipped instead of sent. */
const maxProbesInFlight = 1_000;

/** Status-poll latencies in milliseconds, in the order the answers came. */
export interface StatusLatencies {
  /** The side prober's. */
  prober: number[];
  /** The engine's own polls, timed at the proxy. */
  engine: number[];
  /** Prober requests that got no 200 answer. */
  failed: number;
  /** Prober requests not sent because too many were waiting for an answer. */
  skipped: number;
}

/** A running probe. */
export interface StatusProbe {
  /** The proxy's URL: give it to the engine as the explorer URL so its polls are timed. */
  proxyUrl: string;
  /** Starts the side prober. */
  start(): void;
  /** The guid the side prober asks about from now on. */
  useGuid(guid: string): void;
  /** Stops probing, waits for the answers in flight, and returns every latency. */
  stop(): Promise<StatusLatencies>;
}

/**
 * Starts a probe of an explorer's status answers in a worker thread.
 * @param explorerUrl - the explorer (its `/api`)
 * @param intervalMs - how often the side prober asks, whether or not earlier answers came
 * @returns the probe, its proxy listening on 127.0.0.1
 */
export async function startStatusProbe(explorerUrl: string, intervalMs: number): Promise<StatusProbe> {
  // Well formed (40 hex digits of an address, then the time in hex), so it is looked up, not refused: until a real
  // guid exists the explorer answers it `Unknown UID`.
  const placeholderGuid = `${"0".repeat(40)}${Math.floor(Date.now() / 1_000).toString(16)}`;
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { explorerUrl, intervalMs, guid: placeholderGuid, maxInFlight: maxProbesInFlight },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (message: { type: string; port: number }) => resolve(message.port));
  });
  return {
    proxyUrl: `http://127.0.0.1:${port}`,
    start: () => worker.postMessage({ type: "start" }),
    useGuid: (guid) => worker.postMessage({ type: "guid", guid }),
    stop: async () => {
      const samples = await new Promise<StatusLatencies>((resolve, reject) => {
        worker.once("error", reject);
        worker.on("message", (message: { type: string; samples: StatusLatencies }) => {
          if (message.type === "samples") resolve(message.samples);
        });
        worker.postMessage({ type: "stop" });
      });
      await worker.terminate();
      return samples;
    },
  };
}
