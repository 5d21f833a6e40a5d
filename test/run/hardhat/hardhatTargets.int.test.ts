import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { configVariable } from "hardhat/config";
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import type { HardhatUserConfig } from "hardhat/types/config";
import explorerVerify from "../../../plugin/index.js";
import { readsDeadline } from "../../../src/kernel/readsDeadline.js";
import { type HardhatRunWhere, hardhatTargets } from "../../../src/run/hardhat/hardhatTargets.js";
import { closedLoopbackUrl } from "../../support/blockscoutStandIns.js";
import { type JsonRpcStandIn, startJsonRpcStandIn } from "../../support/jsonRpcStandIn.js";

// The task's runs on the chains their deployments or bundle record: a network on this machine serves the chain it
// answers (the one --network names, or one of the config without chainId), and the embedded local explorer verifies
// there; a refusal says what the user can do on so many chains.
let dir: string;
let closed: string;
let chain7777: JsonRpcStandIn;
const recorded = [7777, 424242].map((id) => ({ id, source: `the deployments folder deployments/c${id}` }));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "explorer-verify-hardhat-targets-"));
  // Hardhat loads its plugins' hooks at once, and Jest's ESM loader fails the first such load (zod "not in cache").
  await where({}).catch(() => undefined);
  closed = await closedLoopbackUrl();
  chain7777 = await startJsonRpcStandIn((call) =>
    call.method === "eth_chainId" ? { result: "0x1e61" } : { error: { code: -32601, message: "no" } },
  );
  // No published chain list is reached, and there is no copy on disk.
  process.env.EXPLORER_VERIFY_CHAIN_LIST_URL = `${closed}/api/chains`;
  process.env.EXPLORER_VERIFY_CACHE_DIR = join(dir, "lists");
});

afterAll(async () => {
  delete process.env.EXPLORER_VERIFY_CHAIN_LIST_URL;
  delete process.env.EXPLORER_VERIFY_CACHE_DIR;
  await chain7777.close();
  await rm(dir, { recursive: true, force: true });
});

async function where(
  config: Record<string, unknown>,
  named?: HardhatRunWhere["hardhat"]["namedNetwork"],
): Promise<HardhatRunWhere> {
  const hre = await createHardhatRuntimeEnvironment({
    plugins: [explorerVerify],
    ...config,
  } as HardhatUserConfig);
  return {
    hardhat: {
      config: hre.config,
      networkNamed: named !== undefined,
      namedNetwork: named,
      localExplorer: { cacheDir: join(dir, "cache"), compilers: [] },
    },
  };
}

describe("the task's targets on the chains the deployments record", () => {
  it("verifies a chain on the embedded explorer of the network on this machine that answers it, reading no configVariable", async () => {
    chain7777.received.length = 0;
    const facts = await where({
      networks: {
        localhost: { type: "http", url: closed },
        // Never read: its variable is unset, and its answer is not needed.
        secret: { type: "http", url: configVariable("HARDHAT_TARGETS_UNSET_RPC_URL") },
        local7777: { type: "http", url: chain7777.url },
      },
      explorerVerify: { chains: { "424242": { explorerUrl: "http://127.0.0.1:9/" } } },
    });
    const targets = await hardhatTargets(facts, ["blockscout"], recorded, readsDeadline(30));
    try {
      expect(targets.networks).toEqual({
        7777: { url: chain7777.url, source: 'network "local7777"', chainId: 7777 },
      });
      expect(
        targets.targets.map((target) => [target.chainId, "local" in target && target.local, target.reason]),
      ).toEqual([
        [7777, true, "no explorer is named for local chain 7777"],
        [
          424242,
          false,
          'from explorerVerify.chains["424242"].explorerUrl; chain 424242 from the deployments folder deployments/c424242',
        ],
      ]);
    } finally {
      await targets.close();
    }
    // Once by the task, once by the embedded explorer it started.
    expect(chain7777.received.map((call) => call.method)).toEqual(["eth_chainId", "eth_chainId"]);
  }, 60_000);

  it("takes the network --network names for the chain it answers, beside a bundle's", async () => {
    chain7777.received.length = 0;
    const named = async () => ({
      name: "mine",
      provider: { request: async () => null },
      rpcUrl: chain7777.url,
    });
    const facts = await where({ networks: { localhost: { type: "http", url: closed } } }, named);
    const targets = await hardhatTargets(facts, ["blockscout"], recorded.slice(0, 1), readsDeadline(30));
    try {
      expect(targets.networks).toEqual({
        7777: { url: chain7777.url, source: 'network "mine"', chainId: 7777 },
      });
      expect(targets.targets.map((target) => [target.chainId, "local" in target && target.local])).toEqual([
        [7777, true],
      ]);
    } finally {
      await targets.close();
    }
    expect(chain7777.received.map((call) => call.method)).toEqual(["eth_chainId", "eth_chainId"]);
  }, 60_000);

  it.each([
    [
      "several chains: each chain's setting, or a network with its chainId",
      recorded,
      'No Blockscout explorer is known for chain 7777: set explorerVerify.chains["7777"].explorerUrl in the Hardhat config, or for a node on this machine a network with chainId: 7777 and its url.',
    ],
    [
      "one chain: --explorer-url too",
      recorded.slice(0, 1),
      'No Blockscout explorer is known for chain 7777: give --explorer-url, or set explorerVerify.chains["7777"].explorerUrl in the Hardhat config, or for a node on this machine a network with chainId: 7777 and its url.',
    ],
  ])("refuses a chain nothing serves, with what can be done: %s", async (_name, chains, message) => {
    const facts = await where({ networks: { localhost: { type: "http", url: closed } } });
    await expect(hardhatTargets(facts, ["blockscout"], chains, readsDeadline(30))).rejects.toThrow(message);
  });

  it("refuses an Etherscan API given as --explorer-url, naming --targets, before anything is sent", async () => {
    const facts = await where({ networks: { localhost: { type: "http", url: closed } } });
    const named = {
      hardhat: { ...facts.hardhat, explorerUrl: "https://api.etherscan.io/v2/api?chainid=424242" },
    };
    await expect(hardhatTargets(named, ["blockscout"], recorded.slice(1), readsDeadline(30))).rejects.toThrow(
      '--explorer-url names Etherscan\'s API, not a Blockscout explorer: give --targets etherscan (explorerVerify.chains["CHAIN"].etherscan.apiUrl for another Etherscan-compatible one).',
    );
  });
});
