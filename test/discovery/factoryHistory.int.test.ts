import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type Abi, createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import { creationChainFromRpc } from "../../src/discovery/createdContracts.js";
import { factoryChildren } from "../../src/discovery/factoryHistory.js";
import type { DiscoveryWarning } from "../../src/discovery/internalTransactionWalk.js";
import { readsDeadline } from "../../src/kernel/readsDeadline.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { createdJobsOf } from "../../src/run/jobs/createdJobs.js";
import { jobsFromInputs } from "../../src/run/jobs/inputJobs.js";
import { RunReporter } from "../../src/run/report/runReporter.js";
import { runVerify } from "../../src/run/runners/runVerify.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { compileFixture, type FixtureBuild } from "../support/fixtureBuild.js";
import { deployerPrivateKey, type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { runTargetsAt } from "../support/verifiers.js";

// The demo's factory on a real local chain: deployed (its constructor creates a Vault), then called twice in later
// transactions, each call creating a Pocket (CREATE2) and an EIP-1167 clone of Wallet. The manifest lists only the
// factory: the children of the later calls are in no transaction the run is given.
const file = "contracts/Factory.sol";
const salts = [`0x${"00".repeat(31)}01`, `0x${"00".repeat(31)}02`] as const;

let chain: HardhatChain;
let explorer: LocalExplorer;
let build: FixtureBuild;
let workspace: string;
const at: Record<string, string> = {};
const tx: Record<string, string> = {};

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture({
    language: "Solidity",
    sources: { [file]: { content: await readDemoFactory() } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } },
    },
  });
  workspace = await mkdtemp(join(tmpdir(), "factory-history-"));
  await mkdir(join(workspace, "artifacts", "build-info"), { recursive: true });
  await writeFile(
    join(workspace, "artifacts", "build-info", "factory.json"),
    JSON.stringify({
      _format: "hh-sol-build-info-1",
      id: "factory",
      solcVersion: build.compilerVersion.replace(/^v|\+.*$/g, ""),
      solcLongVersion: build.compilerVersion.replace(/^v/, ""),
      input: build.input,
      output: build.output,
    }),
  );
  const account = privateKeyToAccount(deployerPrivateKey);
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
    return { hash, address: (receipt.contractAddress ?? "").toLowerCase() };
  };
  const walletDeployment = await deploy("Wallet", []);
  at.wallet = walletDeployment.address;
  const factoryDeployment = await deploy("Factory", [walletDeployment.address, "genesis"]);
  at.factory = factoryDeployment.address;
  tx.factory = factoryDeployment.hash;
  const factoryAbi = (compiled("Factory")?.abi ?? []) as Abi;
  at.vault = String(
    await reader.readContract({ address: at.factory as Hex, abi: factoryAbi, functionName: "vault" }),
  ).toLowerCase();
  for (const [call, salt] of salts.entries()) {
    const hash = await wallet.writeContract({
      address: at.factory as Hex,
      abi: factoryAbi,
      functionName: "deploy",
      args: [salt],
    });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    const created = receipt.logs[0]?.data.slice(2) ?? "";
    tx[`call${call + 1}`] = hash;
    at[`pocket${call + 1}`] = `0x${created.slice(24, 64)}`;
    at[`clone${call + 1}`] = `0x${created.slice(88, 128)}`;
  }
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
}, 180_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
  if (workspace) await rm(workspace, { recursive: true, force: true });
});

async function readDemoFactory(): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  return readFile(join(repoRoot, "demo", file), "utf8");
}

function deployerAddress(): string {
  return privateKeyToAccount(deployerPrivateKey).address.toLowerCase();
}

function newClient(url: string): ExplorerClient {
  return new ExplorerClient({ explorerUrl: url, requestsPerSecond: Number.POSITIVE_INFINITY });
}

const onlyFactory = () =>
  JSON.stringify({
    contracts: [
      {
        address: at.factory,
        contract: "contracts/Factory.sol:Factory",
        constructorArgs: [at.wallet, "genesis"],
      },
    ],
  });

describe("include-created with a manifest that lists only a factory", () => {
  it("finds the children of the factory's later calls, verifies the first and reports the second as its twin", async () => {
    const inputs = { contracts: onlyFactory(), artifacts: "artifacts", rpcUrl: chain.rpcUrl };
    const jobs = await jobsFromInputs(inputs, workspace);
    const client = newClient(explorer.url);
    const warnings: DiscoveryWarning[] = [];
    const created = await createdJobsOf({ ...inputs, deployments: [], workspace }, jobs, client, {
      deadline: Date.now() + 120_000,
      maxCreated: undefined,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(warnings).toEqual([]);
    expect(created.skipped).toEqual([]);
    expect(created.jobs.map((job) => [job.address, job.contract, job.createdBy])).toEqual([
      [at.vault, "contracts/Factory.sol:Vault", { factory: at.factory, transaction: tx.factory }],
      [at.pocket1, "contracts/Factory.sol:Pocket", { factory: at.factory, transaction: tx.call1 }],
    ]);
    expect(created.twins).toEqual([
      { address: at.pocket2, twinOf: at.pocket1, createdBy: { factory: at.factory, transaction: tx.call2 } },
    ]);
    expect(created.clones).toEqual([
      {
        address: at.clone1,
        implementation: at.wallet,
        createdBy: { factory: at.factory, transaction: tx.call1 },
      },
      {
        address: at.clone2,
        implementation: at.wallet,
        createdBy: { factory: at.factory, transaction: tx.call2 },
      },
    ]);
    const lines: string[] = [];
    const results = await runVerify({
      jobs,
      targets: runTargetsAt(explorer.url),
      settings: { concurrency: 1, timeoutSeconds: 120, force: false, wait: true, preflight: false },
      reads: readsDeadline(120),
      discoverCreated: { ...inputs, deployments: [], workspace },
      reporter: new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) }),
    });
    expect(results.map((result) => [result.address, result.contract, result.status])).toEqual([
      [at.factory, "contracts/Factory.sol:Factory", "verified"],
      [at.vault, "contracts/Factory.sol:Vault", "verified"],
      [at.pocket1, "contracts/Factory.sol:Pocket", "verified"],
    ]);
  }, 180_000);

  it("without rpc-url, finds the same children through the explorer alone, the twin by its creation code", async () => {
    const inputs = { contracts: onlyFactory(), artifacts: "artifacts" };
    const jobs = await jobsFromInputs(inputs, workspace);
    const warnings: DiscoveryWarning[] = [];
    const created = await createdJobsOf(
      { ...inputs, deployments: [], workspace },
      jobs,
      newClient(explorer.url),
      {
        deadline: Date.now() + 120_000,
        maxCreated: undefined,
        onWarning: (warning) => warnings.push(warning),
      },
    );
    expect(warnings).toEqual([]);
    expect(created.jobs.map((job) => job.address)).toEqual([at.vault, at.pocket1]);
    expect(created.twins?.map((twin) => [twin.address, twin.twinOf])).toEqual([[at.pocket2, at.pocket1]]);
    expect(created.clones.map((clone) => clone.address)).toEqual([at.clone1, at.clone2]);
  }, 120_000);

  it("looks at max-created contracts per factory, oldest first, and counts the rest", async () => {
    const inputs = { contracts: onlyFactory(), artifacts: "artifacts", rpcUrl: chain.rpcUrl };
    const jobs = await jobsFromInputs(inputs, workspace);
    const warnings: DiscoveryWarning[] = [];
    const created = await createdJobsOf(
      { ...inputs, deployments: [], workspace },
      jobs,
      newClient(explorer.url),
      {
        deadline: Date.now() + 120_000,
        maxCreated: 2,
        onWarning: (warning) => warnings.push(warning),
      },
    );
    expect(warnings).toEqual([
      {
        code: "max_created",
        transaction: undefined,
        factory: at.factory,
        message: `3 more contracts created by ${at.factory} were not looked at (max-created 2).`,
      },
    ]);
    expect(created.jobs.map((job) => job.address)).toEqual([at.vault, at.pocket1]);
    expect([...created.clones, ...(created.twins ?? []), ...created.skipped]).toEqual([]);
  }, 120_000);
});

describe("the local explorer's internal transactions of an address", () => {
  it("lists those it sent, received or was created by, newest first, from the chain's traces", async () => {
    const page = await newClient(explorer.url).getAddressInternalTransactions({ address: at.factory! });
    const shown = page.items.map((item) => [
      item.transaction_hash.toLowerCase(),
      item.type,
      item.from?.hash.toLowerCase(),
      (item.created_contract ?? item.to)?.hash.toLowerCase(),
    ]);
    expect(shown).toEqual([
      [tx.call2, "call", at.factory, at.clone2],
      [tx.call2, "create", at.factory, at.clone2],
      [tx.call2, "create2", at.factory, at.pocket2],
      [tx.call2, "call", deployerAddress(), at.factory],
      [tx.call1, "call", at.factory, at.clone1],
      [tx.call1, "create", at.factory, at.clone1],
      [tx.call1, "create2", at.factory, at.pocket1],
      [tx.call1, "call", deployerAddress(), at.factory],
      [tx.factory, "create", at.factory, at.vault],
      [tx.factory, "create", deployerAddress(), at.factory],
    ]);
    expect(page.nextPageParams).toBeNull();
  }, 60_000);

  it("answers 422 for a filter other than from or to, as Blockscout does", async () => {
    const response = await fetch(
      `${explorer.url}/api/v2/addresses/${at.factory}/internal-transactions?filter=sideways`,
    );
    expect(response.status).toBe(422);
  });
});

describe("a factory's history from the chain, where the explorer has no list for an address", () => {
  let standIn: { url: string; paths: string[]; close: () => Promise<void> };
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it("traces the calls to the factory from the block of its creation", async () => {
    const warnings: DiscoveryWarning[] = [];
    const children = await factoryChildren(
      { address: at.factory!, creationTransaction: tx.factory },
      {
        client: newClient(standIn.url),
        chain: creationChainFromRpc(chain.rpcUrl),
        deadline: Number.POSITIVE_INFINITY,
        maxPages: 100,
        maxTracedBlocks: 1_000,
        warn: (warning) => warnings.push(warning),
      },
    );
    expect(standIn.paths).toEqual([`/api/v2/addresses/${at.factory}/internal-transactions?filter=from`]);
    expect(warnings).toEqual([]);
    expect(children.map((child) => [child.address, child.transaction, child.kind, child.foundBy])).toEqual([
      [at.pocket1, tx.call1, "create2", "trace"],
      [at.clone1, tx.call1, "create", "trace"],
      [at.pocket2, tx.call2, "create2", "trace"],
      [at.clone2, tx.call2, "create", "trace"],
    ]);
  }, 60_000);

  it("says where the bound on traced blocks stopped it", async () => {
    const warnings: DiscoveryWarning[] = [];
    const chainReads = creationChainFromRpc(chain.rpcUrl);
    const children = await factoryChildren(
      { address: at.factory!, creationTransaction: tx.factory },
      {
        client: newClient(standIn.url),
        chain: chainReads,
        deadline: Number.POSITIVE_INFINITY,
        maxPages: 100,
        maxTracedBlocks: 2,
        warn: (warning) => warnings.push(warning),
      },
    );
    const created = (await chainReads.transactionBlock?.(tx.factory!, Number.POSITIVE_INFINITY)) ?? -1;
    const latest = (await chainReads.latestBlock?.(Number.POSITIVE_INFINITY)) ?? -1;
    expect(children.map((child) => child.address)).toEqual([at.pocket1, at.clone1]);
    expect(warnings).toEqual([
      {
        code: "block_limit",
        transaction: undefined,
        factory: at.factory,
        message: `Traced the calls to ${at.factory} in blocks ${created} to ${created + 1} only (2 blocks from its creation, the limit): contracts it created in blocks ${created + 2} to ${latest} are left out.`,
      },
    ]);
  }, 60_000);

  it("traces the newest blocks, and says so, when the factory's creation is not known", async () => {
    const warnings: DiscoveryWarning[] = [];
    const chainReads = creationChainFromRpc(chain.rpcUrl);
    const children = await factoryChildren(
      { address: at.factory! },
      {
        client: newClient(standIn.url),
        chain: chainReads,
        deadline: Number.POSITIVE_INFINITY,
        maxPages: 100,
        maxTracedBlocks: 2,
        warn: (warning) => warnings.push(warning),
      },
    );
    const latest = (await chainReads.latestBlock?.(Number.POSITIVE_INFINITY)) ?? -1;
    expect(children.map((child) => child.address)).toEqual([at.pocket1, at.clone1, at.pocket2, at.clone2]);
    expect(warnings).toEqual([
      {
        code: "block_limit",
        transaction: undefined,
        factory: at.factory,
        message: `The creation of ${at.factory} is not known: only the calls to it in the newest 2 blocks (${latest - 1} to ${latest}) were traced; contracts it created before block ${latest - 1} are left out.`,
      },
    ]);
  }, 60_000);

  it("says the history is not looked for when there is no chain either", async () => {
    const warnings: DiscoveryWarning[] = [];
    const children = await factoryChildren(
      { address: at.factory! },
      {
        client: newClient(standIn.url),
        deadline: Number.POSITIVE_INFINITY,
        maxPages: 100,
        maxTracedBlocks: 1_000,
        warn: (warning) => warnings.push(warning),
      },
    );
    expect(children).toEqual([]);
    expect(warnings).toEqual([
      {
        code: "history_unavailable",
        transaction: undefined,
        factory: at.factory,
        message: `The explorer has no list of the internal transactions of ${at.factory}: contracts its later calls created are not looked for (give rpc-url to read them from the chain's traces).`,
      },
    ]);
  });
});

/** A loopback explorer without `/addresses/{h}/internal-transactions`: Blockscout's 404 for an unknown path. */
async function startStandIn() {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push(request.url ?? "");
    response.writeHead(404, { "content-type": "application/json" });
    response.end(JSON.stringify({ message: "Not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
