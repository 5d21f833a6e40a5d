// Verifies N contracts in one batch against the test explorer serving a verification config of M compiler versions
// (the build's own listed last) and prints the wall time: the config is read once and must not be scanned again for
// every contract. A benchmark: it prints, never asserts.
// Usage: npx tsx bench/explorerConfig.ts [--contracts 20] [--versions 2000000]
import { parseArgs } from "node:util";
import { RateLimiter } from "../src/client/rateLimiter.js";
import { restNotFound } from "../src/local-explorer/responses.js";
import { servingVerificationConfig } from "../src/local-explorer/verificationConfig.js";
import { verifyBatch } from "../src/run/runners/verifyBatch.js";
import { isSuccess } from "../src/verify/job.js";
import { testAddress } from "../test/support/addresses.js";
import { compilerVersion, standardJsonJob } from "../test/support/jobs.js";
import { startTestExplorer } from "../test/support/testExplorer.js";
import { blockscoutVerifierAt } from "../test/support/verifiers.js";

const { values } = parseArgs({
  options: {
    contracts: { type: "string", default: "20" },
    versions: { type: "string", default: "2000000" },
  },
});
const contracts = Number(values.contracts);
const versions = Number(values.versions);
const listed = Array.from(
  { length: versions - 1 },
  (_, i) => `v0.${i % 100}.${i}+commit.${i.toString(16).padStart(8, "0")}`,
);
listed.push(compilerVersion);
const explorer = await startTestExplorer({
  rest: servingVerificationConfig(async () => restNotFound(), {
    solidityCompilerVersions: listed,
    solidityEvmVersions: ["default", "cancun"],
  }),
});
const addresses = Array.from({ length: contracts }, (_, i) => testAddress(0x20_000 + i));
for (const address of addresses) explorer.backend.addContract(address).script(address, { result: "pass" });
const verifier = blockscoutVerifierAt(explorer.url, {
  rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
});
const started = performance.now();
const results = await verifyBatch(
  addresses.map((address) => standardJsonJob(address)),
  { verifier, concurrency: "auto" },
);
const wallMs = performance.now() - started;
await explorer.close();
console.log(`contracts  ${contracts}, config of ${versions.toLocaleString("en")} compiler versions`);
console.log(`verified   ${results.filter(isSuccess).length}/${results.length}`);
console.log(`wall time  ${(wallMs / 1_000).toFixed(2)} s`);
console.log(
  `config reads ${explorer.requests.filter((r) => r.path.endsWith("/verification/config")).length}`,
);
