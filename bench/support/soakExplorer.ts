// The soak's explorer, in a process of its own so the soak's peak RSS is the engine's alone. Started by
// bench/soak.ts with fork(); says `{ type: "ready", url }`, answers `{ type: "report" }` with its counts, then exits.
import { parseArgs } from "node:util";
import { testAddress } from "../../test/support/addresses.js";
import { startTestExplorer } from "../../test/support/testExplorer.js";

const { values } = parseArgs({
  options: { jobs: { type: "string" }, seed: { type: "string" } },
});
const jobCount = Number(values.jobs);

// A small seeded generator, so a run can be repeated.
let state = Number(values.seed) >>> 0 || 1;
const random = () => {
  state = (state * 1_664_525 + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};

const explorer = await startTestExplorer({ smartContractStatus: true });
explorer.faults.random = random;
explorer.faults.rates = { serverError: 0.1, rateLimit: 0.05, reset: 0.02, html: 0.01 };
for (let i = 0; i < jobCount; i++) {
  const address = testAddress(0x100_000 + i);
  explorer.backend
    .addContract(address)
    .script(address, { result: "pass", pendingPolls: 1, unknownUidPolls: random() < 0.1 ? 1 : 0 });
}

process.on("message", async (message: { type: string }) => {
  if (message.type !== "report") return;
  process.send?.({
    type: "report",
    requests: explorer.requests.length,
    faults: explorer.faults.applied,
    submissionsAfterPass: explorer.backend.submissionsAfterPass,
  });
  await explorer.close();
  process.disconnect?.();
});
process.send?.({ type: "ready", url: explorer.url });
