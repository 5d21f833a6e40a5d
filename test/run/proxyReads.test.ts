import { afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { eip1967ImplementationSlot } from "../../src/chain/proxyKinds.js";
import { readsDeadline } from "../../src/kernel/readsDeadline.js";
import { proxySources } from "../../src/run/jobs/inputJobs.js";
import { RunReporter } from "../../src/run/report/runReporter.js";
import { runVerify } from "../../src/run/runners/runVerify.js";
import { testAddress } from "../support/addresses.js";
import { afterFakeTime } from "../support/fakeTime.js";
import { flattenedJob } from "../support/jobs.js";
import {
  type JsonRpcStandIn,
  type RpcAnswer,
  type RpcCall,
  stall,
  startJsonRpcStandIn,
  warmChainClient,
} from "../support/jsonRpcStandIn.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { runTargetsAt } from "../support/verifiers.js";

// A chain whose RPC does not answer a proxy's reads cannot hold the run past its deadline: the proxies are read
// several at once, each read under the run's deadline; a proxy still unread then is a failed record naming the read
// the chain left unanswered, and the rest of the run goes on. The chain is a JSON-RPC stand-in on loopback; the
// explorer is the test explorer, which records every request.
const { explorer } = await useTestExplorer();
const standIns: JsonRpcStandIn[] = [];
beforeAll(warmChainClient);
afterEach(async () => {
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

// Code of no proxy kind read from the code alone: its kind is read from its storage.
const plainCode = "0x6080604052348015600f57600080fd5b50";

/**
 * A chain that answers no `eth_getCode` until `together` of them have arrived, then answers each with plain code,
 * and never answers `eth_getStorageAt`.
 */
async function stallingChain(together: number): Promise<JsonRpcStandIn> {
  let release: () => void = () => {};
  const allArrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const standIn = await startJsonRpcStandIn(
    async (call: RpcCall, received: readonly RpcCall[]): Promise<RpcAnswer> => {
      if (call.method === "eth_getCode") {
        if (received.filter((each) => each.method === "eth_getCode").length >= together) release();
        await allArrived;
        return { result: plainCode };
      }
      return stall;
    },
  );
  standIns.push(standIn);
  return standIn;
}

async function run(request: { rpcUrl: string; proxies: string[]; jobs?: ReturnType<typeof flattenedJob>[] }) {
  const lines: string[] = [];
  const inputs = { artifacts: "artifacts", rpcUrl: request.rpcUrl };
  const records = await runVerify({
    jobs: request.jobs ?? [],
    targets: runTargetsAt(explorer.url),
    // The reads' 2 s are what these tests are about; each contract's own time is long enough never to end first.
    settings: { concurrency: 1, timeoutSeconds: 60, force: false, wait: true, preflight: false },
    reads: readsDeadline(2),
    proxies: proxySources(inputs, "/nonexistent-workspace", {
      addresses: request.proxies.map((address) => ({ address })),
      includeProxies: false,
    }),
    reporter: new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) }),
  });
  return { records: [...records], lines };
}

const unreadMessage = (address: string) =>
  `Not linked: the chain had not answered eth_getStorageAt of ${address} at slot ${eip1967ImplementationSlot} when the run's deadline came (timeout 2 s); its kind and parts are unknown, so they are not verified here.`;

describe("a proxy whose reads the chain never answers", () => {
  it("reads four proxies at once, and ends at the run's deadline with a timeout record for each naming the read left unanswered", async () => {
    const proxies = [0xa1, 0xa2, 0xa3, 0xa4].map(testAddress);
    const chain = await stallingChain(proxies.length);
    // The run's 2 s are Jest's: they pass once every proxy's storage read is at the chain, however busy the machine.
    const storageReads = () => chain.received.filter((call) => call.method === "eth_getStorageAt").length;
    const ran = await afterFakeTime(
      2_000,
      () => storageReads() === proxies.length,
      () => run({ rpcUrl: chain.url, proxies }),
    );
    const { records, lines } = ran;

    // Every proxy's first read arrived before any was answered: none of them waited for another.
    expect(chain.received.slice(0, 4).map((call) => [call.method, call.params[0]])).toEqual(
      proxies.map((address) => ["eth_getCode", address]),
    );
    expect(chain.answered()).toBe(proxies.length);
    expect(
      chain.received
        .filter((call) => call.method === "eth_getStorageAt")
        .map((call) => call.params[0])
        .sort(),
    ).toEqual(proxies);
    expect(
      records.map((record) => [
        record.address,
        record.contract,
        record.format,
        record.status,
        record.error,
        record.message,
      ]),
    ).toEqual(
      proxies.map((address) => [
        address,
        `proxy at ${address}`,
        "proxy",
        "failed",
        { code: "timeout" },
        unreadMessage(address),
      ]),
    );
    expect(lines).toContain(
      `unread      proxy ${proxies[0]}: the chain had not answered eth_getStorageAt of ${proxies[0]} at slot ${eip1967ImplementationSlot} when the run's deadline came (timeout 2 s)`,
    );
    expect(explorer.requests).toEqual([]);
  });

  it("verifies the proxy's own contract unlinked, and the run's other contracts, when its reads never come back", async () => {
    const proxy = testAddress(0xb1);
    const other = testAddress(0xb2);
    explorer.backend.addContract(proxy).addContract(other);
    const chain = await stallingChain(1);
    // The run's 2 s are Jest's too: they pass once the proxy's storage read is at the chain.
    const { records } = await afterFakeTime(
      2_000,
      () => chain.received.some((call) => call.method === "eth_getStorageAt"),
      () =>
        run({
          rpcUrl: chain.url,
          proxies: [],
          jobs: [flattenedJob(proxy, { proxyAddress: proxy }), flattenedJob(other)],
        }),
    );
    expect(records.map((record) => [record.address, record.format, record.status, record.error])).toEqual([
      [proxy, "flattened", "verified", undefined],
      [other, "flattened", "verified", undefined],
      [proxy, "proxy", "failed", { code: "timeout" }],
    ]);
    expect(records[2]?.message).toBe(unreadMessage(proxy));
    // The proxy's link was never asked for: its system is unknown.
    expect(explorer.requestsFor("verifyproxycontract")).toEqual([]);
  });
});

const zeroWord = `0x${"0".repeat(64)}`;

/** A chain where every address has plain code, empty slots, and calls that revert (or answer `callAnswer`). */
async function chainWithoutProxies(callAnswer: RpcAnswer): Promise<JsonRpcStandIn> {
  const standIn = await startJsonRpcStandIn((call) => {
    if (call.method === "eth_getCode") return { result: plainCode };
    if (call.method === "eth_getStorageAt") return { result: zeroWord };
    return callAnswer;
  });
  standIns.push(standIn);
  return standIn;
}

const reverted: RpcAnswer = { error: { code: 3, message: "execution reverted" } };

describe("an address named as a proxy where the chain shows none", () => {
  it("is a failed record saying so, and the rest of the run goes on", async () => {
    const proxy = testAddress(0xc1);
    const other = testAddress(0xc2);
    explorer.backend.addContract(other);
    const chain = await chainWithoutProxies(reverted);
    const { records, lines } = await run({
      rpcUrl: chain.url,
      proxies: [proxy],
      jobs: [flattenedJob(other)],
    });
    expect(
      records.map((record) => [record.address, record.format, record.status, record.error, record.message]),
    ).toEqual([
      [other, "flattened", "verified", undefined, undefined],
      [
        proxy,
        "proxy",
        "failed",
        { code: "invalid_input" },
        "Not verified: it is marked as a proxy, but the chain shows none of the kinds read (EIP-1967, beacon, EIP-1822, EIP-2535 diamond, EIP-1167 clone, Safe proxy) at this address, and its own code is not in this project's build.",
      ],
    ]);
    expect(lines.slice(0, 2)).toEqual([
      `skipped     ${proxy}: marked as a proxy, but the chain shows none of the kinds read (EIP-1967, beacon, EIP-1822, EIP-2535 diamond, EIP-1167 clone, Safe proxy)`,
      `Verifying 1 contract on Blockscout at ${explorer.url} (a test's explorer)`,
    ]);
    expect(chain.received.filter((call) => call.method === "eth_call").map((call) => call.params[0])).toEqual(
      [{ to: proxy, data: "0x52ef6b2c" }],
    );
  });
  it("takes an eth_call answer that is not hex for no answer: that kind is not detected, and the run goes on", async () => {
    const proxy = testAddress(0xc3);
    const other = testAddress(0xc4);
    explorer.backend.addContract(other);
    const chain = await chainWithoutProxies({ result: "not hex at all" });
    expect(await new JsonRpcChain(chain.url).call(proxy, "0x52ef6b2c")).toBeUndefined();
    const { records } = await run({ rpcUrl: chain.url, proxies: [proxy], jobs: [flattenedJob(other)] });
    expect(records.map((record) => [record.address, record.status, record.error])).toEqual([
      [other, "verified", undefined],
      [proxy, "failed", { code: "invalid_input" }],
    ]);
    expect(chain.received.filter((call) => call.method === "eth_call")).toHaveLength(2);
  });
});
