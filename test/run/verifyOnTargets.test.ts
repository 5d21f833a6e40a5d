import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "@jest/globals";
import { readLedgerFile } from "../../src/ledger/ledgerFile.js";
import { runTransport } from "../../src/run/runners/runTransport.js";
import { type TargetsRun, verifyOnTargets } from "../../src/run/runners/verifyOnTargets.js";
import type { Target } from "../../src/verifiers/target.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import { testAddress } from "../support/addresses.js";
import { fastEngine, standardJsonJob } from "../support/jobs.js";
import { startTestExplorer } from "../support/testExplorer.js";
import { blockscoutTargetAt } from "../support/verifiers.js";

// The one runner both `verifyBatch` and the doors' `runVerify` translate to: each target's own jobs, one ledger for
// every target, and each event told with the target it is about.
const chainA = await startTestExplorer();
const chainB = await startTestExplorer();
beforeEach(() => {
  chainA.reset();
  chainB.reset();
});
afterAll(async () => {
  await chainA.close();
  await chainB.close();
});

const onA = [testAddress(0x6101), testAddress(0x6102)];
const onB = [testAddress(0x6201), testAddress(0x6202), testAddress(0x6203)];

function twoChains(ledger: string, onEvent?: TargetsRun["onEvent"]): TargetsRun {
  return {
    jobs: [
      standardJsonJob(onA[0] as string, { chainId: 10 }),
      ...onB.map((address) => standardJsonJob(address, { chainId: 8453 })),
      standardJsonJob(onA[1] as string, { chainId: 10 }),
    ],
    targets: {
      targets: [
        blockscoutTargetAt(chainA.url, { chainId: 10 }),
        blockscoutTargetAt(chainB.url, { chainId: 8453 }),
      ],
      chainIds: [10, 8453],
    },
    engine: { options: { ...fastEngine, concurrency: 2 }, ledger },
    transport: runTransport({ requestsPerSecond: 1_000 }, undefined),
    onEvent,
  };
}

describe("verifyOnTargets", () => {
  it("gives each target its chain's jobs in order, tells each event with its target, and keeps one ledger", async () => {
    for (const address of onA) chainA.backend.addContract(address);
    for (const address of onB) chainB.backend.addContract(address);
    const ledger = join(mkdtempSync(join(tmpdir(), "explorer-verify-runner-")), "ledger.json");
    const heard: Array<[string | undefined, VerificationEvent]> = [];
    const outcome = await verifyOnTargets(
      twoChains(ledger, (event, target: Target) => heard.push([target.chainId?.toString(), event])),
    );
    expect(outcome.interruptedBy).toBeUndefined();
    expect(outcome.verifiers.map((verifier) => verifier.pages.base)).toEqual([chainA.url, chainB.url]);
    expect(
      outcome.batches.map((batch) => [batch.target.chainId, batch.records.map((r) => [r.address, r.status])]),
    ).toEqual([
      [10, onA.map((address) => [address, "verified"])],
      [8453, onB.map((address) => [address, "verified"])],
    ]);
    const finished = heard.filter(([, event]) => event.type === "finished");
    expect(finished.map(([chain, event]) => [chain, "address" in event ? event.address : ""]).sort()).toEqual(
      [...onA.map((address) => ["10", address]), ...onB.map((address) => ["8453", address])].sort(),
    );
    const entries = readLedgerFile(ledger);
    expect(entries.map((entry) => [entry.chainId, entry.address, entry.status]).sort()).toEqual(
      [
        ...onA.map((address) => [10, address, "verified"]),
        ...onB.map((address) => [8453, address, "verified"]),
      ].sort(),
    );
  });

  it("sends nothing again on a rerun over the same ledger", async () => {
    for (const address of onA) chainA.backend.addContract(address);
    for (const address of onB) chainB.backend.addContract(address);
    const ledger = join(mkdtempSync(join(tmpdir(), "explorer-verify-runner-")), "ledger.json");
    await verifyOnTargets(twoChains(ledger));
    const sent = () =>
      chainA.requestsFor("verifysourcecode").length + chainB.requestsFor("verifysourcecode").length;
    expect(sent()).toBe(onA.length + onB.length);
    const again = await verifyOnTargets(twoChains(ledger));
    expect(sent()).toBe(onA.length + onB.length);
    expect(
      again.batches.flatMap((batch) => batch.records).every((r) => r.status === "already-verified"),
    ).toBe(true);
  });
});
