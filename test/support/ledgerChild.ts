// A run of the engine in a process of its own, so a test can kill it with SIGKILL mid-batch or run two at once.
//   verify URL LEDGER CONCURRENCY ADDRESS...   verifies standard-JSON jobs, recording in the ledger
//   write LEDGER PREFIX COUNT                  records COUNT entries straight into the ledger
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { engineLedger } from "../../src/ledger/engineLedger.js";
import { Ledger } from "../../src/ledger/ledger.js";
import { verifyJobs } from "../../src/verify/verifyJobs.js";
import { testAddress } from "./addresses.js";
import { fastEngineOnRealTime, standardJsonJob } from "./jobs.js";
import { blockscoutVerifierAt } from "./verifiers.js";

const [command, ...args] = process.argv.slice(2);
if (command === "verify") {
  const [url, ledgerPath, concurrency, ...addresses] = args as [string, string, string, ...string[]];
  const verifier = blockscoutVerifierAt(url, {
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
  });
  const results = await verifyJobs(
    verifier,
    addresses.map((address) => standardJsonJob(address)),
    {
      ledger: engineLedger(new Ledger(ledgerPath)),
      concurrency: Number(concurrency),
      ...fastEngineOnRealTime,
    },
  );
  process.stdout.write(`${JSON.stringify(results)}\n`);
} else if (command === "write") {
  const [ledgerPath, prefix, count] = args as [string, string, string];
  const ledger = new Ledger(ledgerPath);
  for (let i = 0; i < Number(count); i++) {
    ledger.record({
      explorer: "http://127.0.0.1:1",
      address: testAddress(Number(prefix) + i),
      contract: `contracts/C${i}.sol:C${i}`,
      format: "standard-json",
      inputHash: `sha256:${prefix}-${i}`,
      status: "pending",
      guid: `guid-${prefix}-${i}`,
      submitted: true,
    });
  }
}
