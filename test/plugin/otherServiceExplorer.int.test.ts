import { afterAll, beforeAll, expect, it } from "@jest/globals";
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import type { HardhatUserConfig } from "hardhat/types/config";
import explorerVerify from "../../plugin/index.js";
import { testAddress } from "../support/addresses.js";
import { startJsonRpcStandIn } from "../support/jsonRpcStandIn.js";

// A Hardhat config whose explorer for a chain (explorerVerify.chains[id].explorerUrl) is another service's API is
// refused by the task as --explorer-url is, naming the option the task takes, before any request to a service. The
// network is a JSON-RPC stand-in on 127.0.0.1 that answers chain 10: it is asked the chain id, nothing else.
const chain = await startJsonRpcStandIn((call) =>
  call.method === "eth_chainId" ? { result: "0xa" } : { error: { code: -32601, message: "no" } },
);
afterAll(() => chain.close());
// Hardhat loads its plugins' hooks at once, and Jest's ESM loader fails the first such load (zod "not in cache").
beforeAll(() => createHardhatRuntimeEnvironment({ plugins: [explorerVerify] }).catch(() => undefined));

async function taskRun(explorerUrl: string, task: string[], args: Record<string, unknown>): Promise<unknown> {
  const hre = await createHardhatRuntimeEnvironment(
    {
      plugins: [explorerVerify],
      networks: { op: { type: "http", url: chain.url } },
      explorerVerify: { chains: { "10": { explorerUrl } } },
    } as HardhatUserConfig,
    { network: "op" },
  );
  return hre.tasks
    .getTask(["explorer-verify", ...task])
    .run(args)
    .then(
      () => "ran",
      (error: unknown) => (error instanceof Error ? error.message : error),
    );
}

const source = 'explorerVerify.chains["10"].explorerUrl';
const endpoint = (service: string, title: string) =>
  `(explorerVerify.chains["CHAIN"].${service}.apiUrl for another ${title}-compatible one)`;

it.each([
  ["https://api.etherscan.io/v2/api?chainid=10", "etherscan", "Etherscan"],
  ["https://sourcify.dev/server", "sourcify", "Sourcify"],
  ["https://api.routescan.io/v2/network/mainnet/evm/10/etherscan/api", "routescan", "Routescan"],
])("refuses %s as the config's explorer, naming the option of each task", async (url, service, title) => {
  const refused = `${source} names ${title}'s API, not a Blockscout explorer: give`;
  const status = { guid: "0123456789abcdef0123456789", target: "blockscout", proxy: false, json: false };
  expect(await taskRun(url, ["status"], status)).toBe(
    `${refused} --target ${service} ${endpoint(service, title)}.`,
  );
  expect(await taskRun(url, ["fetch"], { address: testAddress(0xf1), out: "unwritten" })).toBe(
    `${refused} a Blockscout explorer's URL.`,
  );
  expect(await taskRun(url, [], { address: testAddress(0xf1) })).toBe(
    `${refused} --targets ${service} ${endpoint(service, title)}.`,
  );
  const copy = { addresses: [testAddress(0xf1)], from: "blockscout", to: "etherscan", ledger: "none" };
  expect(await taskRun(url, ["copy"], copy)).toBe(
    `${refused} --from ${service} ${endpoint(service, title)}.`,
  );
  expect(chain.received.every((call) => call.method === "eth_chainId")).toBe(true);
});
