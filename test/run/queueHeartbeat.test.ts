import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { QueueHeartbeat } from "../../src/run/report/queueHeartbeat.js";
import type { VerificationResult } from "../../src/verify/job.js";

const submitted = (address: string) => ({
  type: "submitted" as const,
  address,
  contract: "contracts/Box.sol:Box",
  attempt: 1,
  input: "full" as const,
  guid: `guid-${address}`,
});
const finished = (address: string) => ({
  type: "finished" as const,
  address,
  contract: "contracts/Box.sol:Box",
  result: { address, status: "verified" } as VerificationResult,
});

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe("the queue's heartbeat", () => {
  it("says every 15 s how many contracts still wait on each service, and nothing once none waits", () => {
    const lines: string[] = [];
    const heartbeat = new QueueHeartbeat((line) => lines.push(line));
    heartbeat.start();
    for (const address of ["0x1", "0x2", "0x3", "0x4"]) heartbeat.observe("blockscout", submitted(address));
    heartbeat.observe("etherscan", submitted("0x1"));
    jest.advanceTimersByTime(14_999);
    expect(lines).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(lines).toEqual([
      "waiting     on 4 contracts on Blockscout, 15 s",
      "waiting     on 1 contract on Etherscan, 15 s",
    ]);
    for (const address of ["0x1", "0x2", "0x3"]) heartbeat.observe("blockscout", finished(address));
    heartbeat.observe("etherscan", finished("0x1"));
    jest.advanceTimersByTime(15_000);
    expect(lines.slice(2)).toEqual(["waiting     on 1 contract on Blockscout, 30 s"]);
    heartbeat.observe("blockscout", finished("0x4"));
    heartbeat.stop();
    jest.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(3);
  });
});
