import { afterEach, expect, it, jest } from "@jest/globals";
import { startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { testAddress } from "../support/addresses.js";
import { type JsonRpcStandIn, startJsonRpcStandIn } from "../support/jsonRpcStandIn.js";

// The embedded local explorer runs inside `explorer-verify verify` and the task: a chain that fails a read while it
// answers (a node that refuses receipts, say) is logged in one line on the run's stderr, never as a stack trace.
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  jest.restoreAllMocks();
  for (const close of closing.splice(0).reverse()) await close();
});

it("logs a chain's failed read in one line, and answers Blockscout's 500", async () => {
  const chain: JsonRpcStandIn = await startJsonRpcStandIn((call) =>
    call.method === "eth_chainId"
      ? { result: "0x7a69" }
      : { error: { code: -32000, message: "the node refuses this call" } },
  );
  closing.push(() => chain.close());
  const explorer = await startLocalExplorer({ rpcUrl: chain.url, stateFile: false });
  closing.push(() => explorer.close());
  const logged: string[] = [];
  jest.spyOn(console, "error").mockImplementation((...parts: unknown[]) => {
    logged.push(parts.map(String).join(" "));
  });
  const answer = await fetch(
    `${explorer.url}/api?module=contract&action=getcontractcreation&contractaddresses=${testAddress(0xc1)}`,
  );
  expect(answer.status).toBe(500);
  expect(await answer.json()).toEqual({ status: "0", message: "Something went wrong.", result: null });
  expect(logged).toEqual(["explorer: could not read the chain: eth_blockNumber: the node refuses this call"]);
});
