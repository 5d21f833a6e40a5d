// One verification target's stand-in, in a process of its own, for bench/targets.ts: the stand-ins of Etherscan
// and Sourcify compile every submission for real (solc-js, synchronous), and in the bench's process that work would
// hold the run's own event loop, which real services on other machines never do. Started with fork(); says
// `{ type: "ready", url }`, answers `{ type: "report" }` with the requests it received, then exits.
// Arguments: --kind blockscout|etherscan|sourcify --rpc-url URL --chain-id N --latency-ms N --pending-ms N
// [--quota N] (requests per second, in the service's own words past it) [--addresses A,B,…] (Blockscout: scripted)
// [--api-key KEY] (Etherscan)
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { solcWrapperFor } from "../../src/recompile/compiler.js";
import { SolcJsWorkerPool } from "../../src/recompile/solcJsWorkerPool.js";
import { startEtherscanEmulator } from "../../test/support/etherscanEmulator.js";
import { startSourcifyEmulator } from "../../test/support/sourcifyEmulator.js";
import { startTestExplorer } from "../../test/support/testExplorer.js";

const { values } = parseArgs({
  options: {
    kind: { type: "string" },
    "rpc-url": { type: "string", default: "" },
    "chain-id": { type: "string", default: "31337" },
    "latency-ms": { type: "string", default: "0" },
    "pending-ms": { type: "string", default: "0" },
    quota: { type: "string" },
    addresses: { type: "string", default: "" },
    "api-key": { type: "string", default: "" },
  },
});
const latencyMs = Number(values["latency-ms"]);
const pendingMs = Number(values["pending-ms"]);
const quota = values.quota === undefined ? undefined : Number(values.quota);
const rpcUrl = values["rpc-url"] as string;
const chainId = Number(values["chain-id"]);

interface StandIn {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

// Compiles in a worker thread: a real service's API is never held by a compile, and in this thread one would hold
// every answer the stand-in gives meanwhile.
const soljson = createRequire(import.meta.url).resolve("solc/soljson.js");
const pool = new SolcJsWorkerPool();
const standIn = await start();
// A service has its compiler loaded: solc-js is loaded in the worker (a second or more) before the stand-in says it
// is ready.
if (values.kind !== "blockscout") await pool.version(soljson, solcWrapperFor(soljson));

async function start(): Promise<StandIn> {
  if (values.kind === "blockscout") {
    const explorer = await startTestExplorer({
      smartContractStatus: true,
      ...(quota === undefined ? {} : { rateLimit: { limit: quota, windowMs: 1_000 } }),
    });
    explorer.faults.latencyMs = latencyMs;
    for (const address of (values.addresses as string).split(",").filter(Boolean))
      explorer.backend.addContract(address).script(address, { result: "pass", pendingMs });
    return { url: explorer.url, requests: explorer.requests, close: explorer.close };
  }
  if (values.kind === "etherscan") {
    const etherscan = await startEtherscanEmulator({
      rpcUrl,
      chainIds: [chainId],
      apiKeys: [values["api-key"] as string],
      pendingMs,
      solcJsPool: pool,
      ...(quota === undefined ? {} : { callsPerSecond: quota }),
    });
    etherscan.faults.latencyMs = latencyMs;
    return { url: etherscan.apiUrl, requests: etherscan.requests, close: etherscan.close };
  }
  const sourcify = await startSourcifyEmulator({
    rpcUrl,
    chainId,
    pendingMs,
    solcJsPool: pool,
    ...(quota === undefined ? {} : { requestsPerSecond: quota }),
  });
  sourcify.faults.latencyMs = latencyMs;
  return { url: sourcify.apiUrl, requests: sourcify.requests, close: sourcify.close };
}

process.on("message", async (message: { type: string }) => {
  if (message.type !== "report") return;
  const cpu = process.cpuUsage();
  process.send?.({
    type: "report",
    requests: standIn.requests.length,
    cpuS: (cpu.user + cpu.system) / 1e6 - readyCpuS,
  });
  await standIn.close();
  await pool.close();
  process.disconnect?.();
  process.exit(0);
});
// The CPU it used for the run alone, from here on.
const readyCpuS = (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
process.send?.({ type: "ready", url: standIn.url });
