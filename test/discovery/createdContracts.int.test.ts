import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type Abi, createPublicClient, createWalletClient, encodeAbiParameters, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import { createdContractJobs } from "../../src/discovery/createdContractJobs.js";
import { creationChainFromRpc, discoverCreatedContracts } from "../../src/discovery/createdContracts.js";
import type { BuildInfo } from "../../src/inputs/buildInfo.js";
import { contractsOf } from "../../src/inputs/compiledContracts.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { compileFixture, type FixtureBuild } from "../support/fixtureBuild.js";
import { deployerPrivateKey, type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// A factory deployed on a real local chain: its constructor creates a Vault (with constructor arguments), and a
// call creates a Pocket with CREATE2 and an EIP-1167 clone of Wallet.
const file = "contracts/Factory.sol";
const salt = `0x${"00".repeat(31)}07` as const;

let chain: HardhatChain;
let explorer: LocalExplorer;
let client: ExplorerClient;
let build: FixtureBuild;
let buildInfo: BuildInfo;
let deployer: Hex;
const at: Record<string, string> = {};
const tx: Record<string, string> = {};

beforeAll(async () => {
  chain = await startHardhatChain();
  const source = readFileSync(join(repoRoot, "demo", file), "utf8");
  build = compileFixture({
    language: "Solidity",
    sources: { [file]: { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } },
    },
  });
  buildInfo = {
    id: "factory",
    path: "factory.json",
    format: "hardhat2",
    compilerVersion: build.compilerVersion,
    input: build.input,
    output: build.output,
    userSourceNames: undefined,
  } as BuildInfo;
  const account = privateKeyToAccount(deployerPrivateKey);
  deployer = account.address;
  const wallet = createWalletClient({ account, chain: hardhat, transport: http(chain.rpcUrl) });
  const reader = createPublicClient({ chain: hardhat, transport: http(chain.rpcUrl) });
  const compiled = (name: string) => build.output.contracts?.[file]?.[name];
  const deploy = async (name: string, args: unknown[]) => {
    const hash = await wallet.deployContract({
      abi: (compiled(name)?.abi ?? []) as Abi,
      bytecode: `0x${compiled(name)?.evm?.bytecode?.object ?? ""}`,
      args,
    });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    return { hash, address: receipt.contractAddress ?? "" };
  };
  const walletDeployment = await deploy("Wallet", []);
  at.wallet = walletDeployment.address.toLowerCase();
  const factoryDeployment = await deploy("Factory", [walletDeployment.address, "genesis"]);
  at.factory = factoryDeployment.address.toLowerCase();
  tx.factory = factoryDeployment.hash;
  const factoryAbi = (compiled("Factory")?.abi ?? []) as Abi;
  const read = (functionName: string) =>
    reader.readContract({ address: factoryDeployment.address as Hex, abi: factoryAbi, functionName });
  at.vault = String(await read("vault")).toLowerCase();
  const call = await wallet.writeContract({
    address: factoryDeployment.address as Hex,
    abi: factoryAbi,
    functionName: "deploy",
    args: [salt],
  });
  const receipt = await reader.waitForTransactionReceipt({ hash: call });
  tx.deploy = call;
  const created = receipt.logs[0]?.data.slice(2) ?? "";
  at.pocket = `0x${created.slice(24, 64)}`;
  at.clone = `0x${created.slice(88, 128)}`;
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
  client = new ExplorerClient({ explorerUrl: explorer.url, requestsPerSecond: Number.POSITIVE_INFINITY });
}, 180_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

const vaultArguments = () =>
  encodeAbiParameters([{ type: "address" }, { type: "string" }], [deployer, "genesis"]).slice(2);

describe("contracts created inside transactions", () => {
  it("lists them from the explorer's internal transactions, with the transaction's own creation", async () => {
    const created = await discoverCreatedContracts([tx.factory!, tx.deploy!], { client });
    expect(created.map(({ creationInput: _input, ...rest }) => rest)).toEqual([
      {
        address: at.factory,
        factory: deployer.toLowerCase(),
        transaction: tx.factory,
        kind: "transaction",
        foundBy: "explorer",
      },
      {
        address: at.vault,
        factory: at.factory,
        transaction: tx.factory,
        kind: "create",
        foundBy: "explorer",
      },
      {
        address: at.pocket,
        factory: at.factory,
        transaction: tx.deploy,
        kind: "create2",
        foundBy: "explorer",
      },
      { address: at.clone, factory: at.factory, transaction: tx.deploy, kind: "create", foundBy: "explorer" },
    ]);
    // The local explorer's getcontractcreation knows the factory's own creation code.
    expect(
      created[0]?.creationInput?.startsWith(
        `0x${build.output.contracts?.[file]?.Factory?.evm?.bytecode?.object}`,
      ),
    ).toBe(true);
  }, 60_000);

  it("makes jobs for the children the build has, reports the clone, and the jobs verify (a rerun submits nothing)", async () => {
    const chainReads = creationChainFromRpc(chain.rpcUrl);
    const outcome = await createdContractJobs([tx.factory!, tx.deploy!], {
      contracts: contractsOf(buildInfo),
      client,
      chain: chainReads,
      exclude: [at.factory!],
    });
    expect(outcome.skipped).toEqual([]);
    expect(outcome.clones).toEqual([
      {
        address: at.clone,
        implementation: at.wallet,
        createdBy: { factory: at.factory, transaction: tx.deploy },
      },
    ]);
    expect(
      outcome.jobs.map((job) => ({
        address: job.address,
        contract: job.contract,
        args: job.constructorArguments,
        createdBy: job.createdBy,
      })),
    ).toEqual([
      {
        address: at.vault,
        contract: "contracts/Factory.sol:Vault",
        args: { hex: vaultArguments() },
        createdBy: { factory: at.factory, transaction: tx.factory },
      },
      {
        address: at.pocket,
        contract: "contracts/Factory.sol:Pocket",
        args: undefined,
        createdBy: { factory: at.factory, transaction: tx.deploy },
      },
    ]);
    const results = await verifyBatch(outcome.jobs, { explorerUrl: explorer.url });
    expect(results.map((r) => [r.contract, r.status, r.createdBy])).toEqual([
      ["contracts/Factory.sol:Vault", "verified", { factory: at.factory, transaction: tx.factory }],
      ["contracts/Factory.sol:Pocket", "verified", { factory: at.factory, transaction: tx.deploy }],
    ]);
    const rerun = await verifyBatch(outcome.jobs, { explorerUrl: explorer.url });
    expect(rerun.map((r) => [r.status, r.attempts])).toEqual([
      ["already-verified", 0],
      ["already-verified", 0],
    ]);
  }, 120_000);

  it("falls back to the chain's traces when the explorer lists no internal transactions", async () => {
    const standIn = await startStandIn(() => ({ items: [], next_page_params: null }));
    try {
      const created = await discoverCreatedContracts([tx.deploy!], {
        client: new ExplorerClient({ explorerUrl: standIn.url, requestsPerSecond: Number.POSITIVE_INFINITY }),
        chain: creationChainFromRpc(chain.rpcUrl),
      });
      expect(standIn.paths).toEqual([`/api/v2/internal-transactions?transaction_hash=${tx.deploy}`]);
      expect(created.map((c) => [c.address, c.factory, c.kind, c.foundBy])).toEqual([
        [at.pocket, at.factory, "create2", "trace"],
        [at.clone, at.factory, "create", "trace"],
      ]);
      const pocketCode = build.output.contracts?.[file]?.Pocket?.evm?.bytecode?.object;
      expect(created[0]?.creationInput).toBe(`0x${pocketCode}`);
    } finally {
      await standIn.close();
    }
  }, 60_000);

  it("reads every page of an internal-transaction list that spans several", async () => {
    const items = await localItems(tx.deploy!);
    // One item per page, each page pointing at the next with Blockscout's cursor.
    const standIn = await startStandIn((query) => {
      const position = query.get("index") === null ? 0 : Number(query.get("index")) + 1;
      const item = items[position];
      const last = position === items.length - 1;
      return {
        items: item ? [item] : [],
        next_page_params:
          last || !item
            ? null
            : {
                block_number: item.block_number,
                transaction_index: item.transaction_index,
                index: item.index,
                items_count: 1,
              },
      };
    });
    try {
      const created = await discoverCreatedContracts([tx.deploy!], {
        client: new ExplorerClient({ explorerUrl: standIn.url, requestsPerSecond: Number.POSITIVE_INFINITY }),
      });
      expect(items.length).toBeGreaterThan(2);
      expect(standIn.paths).toHaveLength(items.length);
      expect(standIn.paths[1]).toBe(
        `/api/v2/internal-transactions?block_number=${items[0]?.block_number}&transaction_index=${items[0]?.transaction_index}&index=0&items_count=1&transaction_hash=${tx.deploy}`,
      );
      expect(created.map((c) => [c.address, c.kind, c.foundBy])).toEqual([
        [at.pocket, "create2", "explorer"],
        [at.clone, "create", "explorer"],
      ]);
    } finally {
      await standIn.close();
    }
  }, 60_000);

  it("says a hash is malformed before sending anything", async () => {
    await expect(discoverCreatedContracts(["0x1234"], { client })).rejects.toThrow(
      '"0x1234" is not a transaction hash: expected 0x followed by 64 hexadecimal characters.',
    );
  });
});

type Item = { block_number: number; transaction_index: number; index: number };

async function localItems(hash: string): Promise<Item[]> {
  const response = await fetch(`${explorer.url}/api/v2/internal-transactions?transaction_hash=${hash}`);
  return ((await response.json()) as { items: Item[] }).items;
}

/** A loopback explorer whose internal-transaction pages come from `page`; getcontractcreation knows nothing. */
async function startStandIn(page: (query: URLSearchParams) => unknown) {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    response.writeHead(200, { "content-type": "application/json" });
    if (url.pathname === "/api/v2/internal-transactions") {
      paths.push(request.url ?? "");
      response.end(JSON.stringify(page(url.searchParams)));
    } else response.end(JSON.stringify({ status: "0", message: "No data found", result: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
