import { describe, expect, it } from "@jest/globals";
import { makeGuid } from "../../src/local-explorer/guids.js";
import { Deadline } from "../../src/verify/deadline.js";
import {
  afterPeerVerdict,
  afterPoll,
  defaultPolling,
  firstPollPlan,
  type PeerVerdict,
  type PeerVerdicts,
  type PollPlan,
  type PollReading,
} from "../../src/verify/pollSchedule.js";
import { pollVerifyStatus } from "../../src/verify/pollVerifyStatus.js";
import { testAddress } from "../support/addresses.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

const answeredAt = 1_000_000;

// Each poll sent on its plan and answered `answerMs` later with the given reading: the waits planned between sends.
function plannedWaits(readings: PollReading[], answerMs = 300): number[] {
  let plan = firstPollPlan(answeredAt, defaultPolling);
  const waits = [plan.nextAt - answeredAt];
  for (const reading of readings) {
    const sentAt = plan.nextAt;
    plan = afterPoll(plan, sentAt, reading, defaultPolling, sentAt + answerMs);
    waits.push(plan.nextAt - sentAt);
  }
  return waits;
}

describe("the poll schedule", () => {
  it("waits between the sendings of polls, whatever the explorer's answers took: the first two a second apart, then growing to ten", () => {
    expect(plannedWaits(Array(8).fill("pending"))).toEqual([
      1_000, 1_000, 1_500, 2_250, 3_375, 5_062.5, 7_593.75, 10_000, 10_000,
    ]);
    // The same with answers taking 900 ms: the sends stay a second apart.
    expect(plannedWaits(["pending", "pending"], 900)).toEqual([1_000, 1_000, 1_500]);
  });

  it("starts after what earlier jobs of the batch waited for their verdicts", () => {
    const plan = firstPollPlan(answeredAt, defaultPolling, 2_150);
    expect(plan.nextAt - answeredAt).toBe(2_150);
    expect(
      afterPoll(plan, plan.nextAt, "pending", defaultPolling, plan.nextAt + 100).nextAt - plan.nextAt,
    ).toBe(1_000);
  });

  it("`Unknown UID` right after the submission is the queue's race: read as pending", () => {
    expect(plannedWaits(["unknown-uid", "unknown-uid", "pending", "pending"])).toEqual(
      plannedWaits(["pending", "pending", "pending", "pending"]),
    );
  });

  it("`Unknown UID` after `Pending in queue`: the submission left the queue, so the next poll waits the first interval again", () => {
    expect(plannedWaits(["pending", "pending", "pending", "pending", "unknown-uid", "pending"])).toEqual([
      1_000, 1_000, 1_500, 2_250, 3_375, 1_000, 1_500,
    ]);
  });

  it("a missed poll waits from its failure, with a grown interval", () => {
    const plan = firstPollPlan(answeredAt, defaultPolling);
    const failedAt = plan.nextAt + 4_000;
    const next = afterPoll(plan, plan.nextAt, "missed", defaultPolling, failedAt);
    expect(next.nextAt - failedAt).toBe(1_500);
  });
});

describe("the poll schedule after another job's verdict", () => {
  // A job answered at `answeredAt`, polled at +1 s and +2 s (both pending), its next poll planned at +3.5 s.
  function waitingJob(): PollPlan {
    let plan = firstPollPlan(answeredAt, defaultPolling);
    for (let i = 0; i < 2; i++)
      plan = afterPoll(plan, plan.nextAt, "pending", defaultPolling, plan.nextAt + 100);
    expect(plan.nextAt - answeredAt).toBe(3_500);
    return plan;
  }
  const at = (plan: PollPlan) => plan.nextAt - answeredAt;

  it("a job answered after this one has its verdict: the queue served this one too, so it polls now", () => {
    const plan = waitingJob();
    const peer: PeerVerdict = { answeredAt: answeredAt + 40, verdictAfterMs: 2_900 };
    expect(at(afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 3_050))).toBe(3_050);
  });

  it("never sooner than the first interval after this job's last poll", () => {
    const plan = waitingJob();
    const peer: PeerVerdict = { answeredAt: answeredAt + 40, verdictAfterMs: 2_000 };
    // Its last poll went at +2 s: now (+2.1 s) is too soon, +3 s is the earliest.
    expect(at(afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 2_100))).toBe(3_000);
  });

  it("a job answered earlier forecasts this one's verdict after the same wait", () => {
    const plan = waitingJob();
    const peer: PeerVerdict = { answeredAt: answeredAt - 500, verdictAfterMs: 3_200 };
    expect(at(afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 2_750))).toBe(3_200);
  });

  it("a forecast this job's own polls outlasted, or one later than its plan, changes nothing", () => {
    const plan = waitingJob();
    const outlasted: PeerVerdict = { answeredAt: answeredAt - 500, verdictAfterMs: 1_800 };
    expect(afterPeerVerdict(plan, outlasted, defaultPolling, answeredAt + 2_300)).toBe(plan);
    const later: PeerVerdict = { answeredAt: answeredAt - 500, verdictAfterMs: 5_000 };
    expect(afterPeerVerdict(plan, later, defaultPolling, answeredAt + 2_300)).toBe(plan);
  });

  it("before this job's first poll, a job answered later with its verdict brings that poll to now", () => {
    const plan = firstPollPlan(answeredAt, defaultPolling, 60_000);
    const peer: PeerVerdict = { answeredAt: answeredAt + 10, verdictAfterMs: 500 };
    expect(at(afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 510))).toBe(510);
  });
});

const { explorer } = await useTestExplorer();

describe("pollVerifyStatus hears the batch's other verdicts", () => {
  it("a poll planned a minute out goes as soon as a job answered later has its verdict", async () => {
    const address = testAddress(0x7a00);
    explorer.backend.addContract(address).script(address, { result: "pass" });
    const verifier = blockscoutVerifierAt(explorer.url, { retryDelayMs: 5 });
    const guid = makeGuid(address);
    explorer.backend.enqueue(guid, {
      format: "standard-json",
      address,
      contractName: "Box",
      compilerVersion: "v0.8.28+commit.7893614a",
      standardJsonInput: "{}",
    });
    const receipt = { id: guid, of: "verification" as const, address };
    const listeners: Array<(peer: PeerVerdict) => void> = [];
    const peers: PeerVerdicts = {
      onVerdict: (listener) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    };
    const slow = { ...defaultPolling, initialIntervalMs: 60_000 };
    const startedAt = Date.now();
    const polled = pollVerifyStatus(verifier, receipt, new Deadline(120_000), slow, () => {}, {
      startedAt,
      peers,
    });
    expect(explorer.requestsFor("checkverifystatus")).toHaveLength(0);
    for (const listener of [...listeners]) listener({ answeredAt: startedAt + 1, verdictAfterMs: 0 });
    await expect(polled).resolves.toMatchObject({ state: "pass" });
    expect(explorer.requestsFor("checkverifystatus")).toHaveLength(1);
    expect(listeners).toHaveLength(0);
  });
});
