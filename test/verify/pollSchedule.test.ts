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

  it("a job submitted after this one was answered has its verdict: the queue served this one too, so it polls now", () => {
    const plan = waitingJob();
    const peer: PeerVerdict = { submittedAt: answeredAt + 40, verdictAfterMs: 2_900 };
    expect(at(afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 3_050))).toBe(3_050);
  });

  it("never sooner than the first interval after this job's last poll", () => {
    const plan = waitingJob();
    const peer: PeerVerdict = { submittedAt: answeredAt + 40, verdictAfterMs: 2_000 };
    // Its last poll went at +2 s: now (+2.1 s) is too soon, +3 s is the earliest.
    expect(at(afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 2_100))).toBe(3_000);
  });

  it("a job submitted earlier or together with this one changes nothing: its answer may come back first", () => {
    const plan = waitingJob();
    const earlier: PeerVerdict = { submittedAt: answeredAt - 500, verdictAfterMs: 2_000 };
    expect(afterPeerVerdict(plan, earlier, defaultPolling, answeredAt + 2_300)).toBe(plan);
    // Sent 30 ms before this one's answer came, answered after it: queued in the same burst, perhaps before it.
    const together: PeerVerdict = { submittedAt: answeredAt - 30, verdictAfterMs: 2_000 };
    expect(afterPeerVerdict(plan, together, defaultPolling, answeredAt + 2_300)).toBe(plan);
  });

  it("a poll brought sooner that still reads pending leaves the schedule as it was: the poll it replaced comes next", () => {
    const plan = waitingJob();
    const peer: PeerVerdict = { submittedAt: answeredAt + 40, verdictAfterMs: 2_500 };
    const pulled = afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 2_600);
    expect(at(pulled)).toBe(3_000);
    // The poll it replaced was at +3.5 s: too close to +3 s, so a second after it.
    const next = afterPoll(pulled, pulled.nextAt, "pending", defaultPolling, pulled.nextAt + 100);
    expect(at(next)).toBe(4_000);
    // And on from there as before, the interval growing from 1.5 s to 2.25 s.
    const after = afterPoll(next, next.nextAt, "pending", defaultPolling, next.nextAt + 100);
    expect(at(after)).toBe(6_250);
  });

  it("a later plan than the one it has changes nothing", () => {
    let plan = firstPollPlan(answeredAt, defaultPolling);
    plan = afterPoll(plan, plan.nextAt, "pending", defaultPolling, plan.nextAt + 100);
    // Its next poll is at +2 s; a peer's verdict at +1.2 s cannot bring it sooner than a second after +1 s.
    const peer: PeerVerdict = { submittedAt: answeredAt + 40, verdictAfterMs: 1_100 };
    expect(afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 1_200)).toBe(plan);
  });

  it("before this job's first poll, a job submitted later with its verdict brings that poll to now", () => {
    const plan = firstPollPlan(answeredAt, defaultPolling, 60_000);
    const peer: PeerVerdict = { submittedAt: answeredAt + 10, verdictAfterMs: 500 };
    expect(at(afterPeerVerdict(plan, peer, defaultPolling, answeredAt + 510))).toBe(510);
  });
});

const { explorer } = await useTestExplorer();

describe("pollVerifyStatus hears the batch's other verdicts", () => {
  it("a poll planned a minute out goes as soon as a job submitted later has its verdict", async () => {
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
    for (const listener of [...listeners]) listener({ submittedAt: startedAt + 1, verdictAfterMs: 0 });
    await expect(polled).resolves.toMatchObject({ state: "pass" });
    expect(explorer.requestsFor("checkverifystatus")).toHaveLength(1);
    expect(listeners).toHaveLength(0);
  });
});
