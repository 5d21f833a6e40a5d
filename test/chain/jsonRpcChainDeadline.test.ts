import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { isDeadlineReached } from "../../src/errors/index.js";
import { type JsonRpcStandIn, stall, startJsonRpcStandIn } from "../support/jsonRpcStandIn.js";

const standIns: JsonRpcStandIn[] = [];
afterEach(async () => {
  jest.useRealTimers();
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

async function stallingChain(): Promise<JsonRpcStandIn> {
  const standIn = await startJsonRpcStandIn(() => stall);
  standIns.push(standIn);
  return standIn;
}

const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe("a chain read under a deadline", () => {
  it("sends nothing once the deadline has passed, and says it is the deadline", async () => {
    const chain = await stallingChain();
    const error = await new JsonRpcChain(chain.url, { endsAt: Date.now() - 1 })
      .chainId()
      .catch((caught: unknown) => caught);
    expect(isDeadlineReached(error)).toBe(true);
    await turns(20);
    expect(chain.received).toEqual([]);
  });

  it("is aborted at the deadline, and viem does not send it again after", async () => {
    const chain = await stallingChain();
    // The deadline is Jest's time: it passes once the chain has the request, however busy the machine.
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    const read = new JsonRpcChain(chain.url, { endsAt: Date.now() + 2_000 })
      .chainId()
      .catch((caught: unknown) => caught);
    while (chain.received.length === 0) await turns(1);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(isDeadlineReached(await read)).toBe(true);
    // Well past viem's retry delay: a retry would reach the chain now.
    await jest.advanceTimersByTimeAsync(5_000);
    await turns(50);
    expect(chain.received.map((call) => call.method)).toEqual(["eth_chainId"]);
  });
});
