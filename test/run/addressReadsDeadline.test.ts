import { join } from "node:path";
import { afterEach, beforeAll, expect, it, jest } from "@jest/globals";
import { InvalidInputError } from "../../src/errors/index.js";
import { readsDeadline } from "../../src/kernel/readsDeadline.js";
import { requestJobs } from "../../src/run/jobs/requestJobs.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { testAddress } from "../support/addresses.js";
import {
  type JsonRpcStandIn,
  stall,
  startJsonRpcStandIn,
  warmChainClient,
} from "../support/jsonRpcStandIn.js";

// `explorer-verify verify ADDRESS --rpc-url URL --timeout N`: the deployed code of ADDRESS is read under the run's
// read budget, as a manifest's is. A chain that never answers ends the command at the deadline, in words, instead of
// after the chain client's own 30 s per try (61 s for --timeout 5). The chain is a JSON-RPC stand-in on loopback.
const standIns: JsonRpcStandIn[] = [];
beforeAll(warmChainClient);
afterEach(async () => {
  jest.useRealTimers();
  await Promise.all(standIns.splice(0).map((standIn) => standIn.close()));
});

it("ends an ADDRESS's code read at the run's read deadline, naming the address and the budget", async () => {
  const chain = await startJsonRpcStandIn(() => stall);
  standIns.push(chain);
  const address = testAddress(0xa1);
  jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
  const jobs = requestJobs({
    address,
    constructorArgs: [],
    contract: "src/Counter.sol:Counter",
    artifacts: "out",
    rpcUrl: chain.url,
    constructorArgsHex: undefined,
    libraries: [],
    format: "auto",
    proxy: false,
    deployments: [],
    manifest: undefined,
    standardJson: undefined,
    compilerVersion: undefined,
    cwd: join(repoRoot, "test", "fixtures", "foundry-project"),
    readsDeadline: readsDeadline(3),
  }).catch((caught: unknown) => caught);
  while (chain.received.length === 0) await new Promise((resolve) => setImmediate(resolve));
  await jest.advanceTimersByTimeAsync(3_000);
  const error = await jobs;
  expect(error).toBeInstanceOf(InvalidInputError);
  expect((error as InvalidInputError).shortMessage).toBe(
    `Cannot read the contract at ${address} from --rpc-url: it did not answer eth_getCode within the run's timeout (3 s).`,
  );
  // Well past the chain client's retry delay: nothing is sent again after the deadline.
  await jest.advanceTimersByTimeAsync(5_000);
  expect(chain.received.map((call) => call.method)).toEqual(["eth_getCode"]);
});
