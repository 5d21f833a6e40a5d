import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { runCliInProcess } from "../support/cliInProcess.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { replayHardhatDeployment } from "../support/hardhatDeployReplay.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";
import { replayBroadcast, rpc, runLatest } from "./foundryChain.js";

// The CLI, in this process, sends Sourcify the creation transaction's hash each deployment records: every contract of
// a hand-written Ignition deployment (its journal's TRANSACTION_CONFIRM), of a forge broadcast and of a hardhat-deploy
// folder, and the hash given with --creation-tx-hash for one ADDRESS. The deployments are replayed on the worker's
// chain (reset to its first block for each), and their files rewritten with the hashes of the replay, so that Sourcify
// fetches real transactions: each record then says its match covers the creation code too.
let chain: HardhatChain;
let folder: string;
let sourcify: SourcifyEmulator | undefined;
let snapshot: string;
const cwd = process.cwd();

beforeAll(async () => {
  chain = await startHardhatChain();
  snapshot = String(await rpc(chain.rpcUrl, "evm_snapshot"));
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-creation-hash-"));
  // The CLI's files (a default ledger among them) go to the test's folder.
  process.chdir(folder);
}, 120_000);

afterEach(async () => {
  await sourcify?.close();
  sourcify = undefined;
  // Back to the first block, for the next deployment's same addresses.
  await rpc(chain.rpcUrl, "evm_revert", [snapshot]);
  snapshot = String(await rpc(chain.rpcUrl, "evm_snapshot"));
});

afterAll(async () => {
  process.chdir(cwd);
  await chain?.stop();
  await rm(folder, { recursive: true, force: true });
});

// The transactions mined since the block given, in order (the chain mines one a block).
async function transactionsSince(block: number): Promise<string[]> {
  const latest = Number(await rpc(chain.rpcUrl, "eth_blockNumber"));
  const hashes: string[] = [];
  for (let n = block + 1; n <= latest; n++) {
    const mined = (await rpc(chain.rpcUrl, "eth_getBlockByNumber", [`0x${n.toString(16)}`, false])) as {
      transactions: string[];
    };
    hashes.push(...mined.transactions);
  }
  return hashes;
}

const blockNumber = async () => Number(await rpc(chain.rpcUrl, "eth_blockNumber"));

async function verifyOnSourcify(args: string[]): Promise<{ code: number; results: VerificationResult[] }> {
  // A test that verifies twice would leave its first stand-in listening (afterEach closes the last one only), and a
  // listening server holds the Jest worker open after the run.
  await sourcify?.close();
  sourcify = await startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 });
  process.env.EXPLORER_VERIFY_SOURCIFY_API_URL = sourcify.apiUrl;
  try {
    const { code, stdout } = await runCliInProcess([
      "verify",
      ...args,
      "--rpc-url",
      chain.rpcUrl,
      "--targets",
      "sourcify",
      "--ledger",
      join(folder, `ledger-${Date.now()}.json`),
      "--json",
    ]);
    return { code, results: (JSON.parse(stdout) as { results: VerificationResult[] }).results };
  } finally {
    delete process.env.EXPLORER_VERIFY_SOURCIFY_API_URL;
  }
}

// The hash each submission to Sourcify carried, by address (lower case).
function receivedHashes(): Record<string, unknown> {
  return Object.fromEntries(
    (sourcify?.submissions() ?? []).map((r) => [
      (r.path.split("/").pop() ?? "").toLowerCase(),
      r.body.creationTransactionHash,
    ]),
  );
}

const creationCovered = { runtime: "exact_match", creation: "exact_match" };

describe("Sourcify's creationTransactionHash, as each deployment records it", () => {
  it("sends each contract's hash from a hardhat-deploy folder (transactionHash)", async () => {
    const fixture = join(repoRoot, "test", "fixtures", "hardhat-deploy-v1", "deployments", "localhost");
    const deployments = join(folder, "deployments", "localhost");
    await cp(fixture, deployments, { recursive: true });
    const start = await blockNumber();
    const deployed = await replayHardhatDeployment(chain.rpcUrl, fixture);
    const hashes = await transactionsSince(start);
    expect(hashes).toHaveLength(deployed.length);
    const hashOf = new Map(deployed.map((address, i) => [address.toLowerCase(), hashes[i] ?? ""]));
    // The files record the replay's transactions.
    for (const name of (await readdir(deployments)).filter((n) => n.endsWith(".json"))) {
      const path = join(deployments, name);
      const file = JSON.parse(await readFile(path, "utf8")) as { address: string; transactionHash?: string };
      const hash = hashOf.get(file.address.toLowerCase());
      if (hash) await writeFile(path, JSON.stringify({ ...file, transactionHash: hash, receipt: undefined }));
    }

    const run = await verifyOnSourcify(["--deployment", deployments]);
    expect(run.results.map((r) => [r.address.toLowerCase(), r.status, r.matches])).toEqual(
      expect.arrayContaining(deployed.map((a) => [a.toLowerCase(), "verified", creationCovered])),
    );
    expect(receivedHashes()).toEqual(Object.fromEntries(hashOf));
  }, 240_000);

  it("sends each created contract's hash from a forge broadcast (run-latest.json)", async () => {
    const project = join(folder, "foundry");
    await cp(join(repoRoot, "test", "fixtures", "foundry-project"), project, { recursive: true });
    const start = await blockNumber();
    const transactions = await replayBroadcast(chain.rpcUrl);
    const hashes = await transactionsSince(start);
    expect(hashes).toHaveLength(transactions.length);
    const path = join(project, runLatest);
    const broadcast = JSON.parse(await readFile(path, "utf8")) as { transactions: Array<{ hash: string }> };
    broadcast.transactions.forEach((transaction, i) => {
      transaction.hash = hashes[i] ?? "";
    });
    await writeFile(path, JSON.stringify(broadcast));
    const created = transactions.flatMap((t, i) =>
      t.transactionType === "CALL" ? [] : [[String(t.contractAddress).toLowerCase(), hashes[i]] as const],
    );

    const run = await verifyOnSourcify(["--deployment", path]);
    expect(run.results.map((r) => r.status)).toEqual(created.map(() => "verified"));
    // A CREATE2 deployment's transaction is the factory's call: Sourcify finds the creation inside it.
    expect(receivedHashes()).toEqual(Object.fromEntries(created));
  }, 240_000);

  it("sends the journal's hash of an Ignition deployment, and --creation-tx-hash for one ADDRESS", async () => {
    const build = compileFixture(fixtureInput({ optimizer: { enabled: false, runs: 200 } }));
    const start = await blockNumber();
    const box = await new Deployer(chain.rpcUrl).deploy(build, "contracts/Box.sol", "Box");
    const [hash = ""] = await transactionsSince(start);
    const deployment = join(folder, "ignition", "deployments", "chain-31337");
    await writeHandDeployment(deployment, build, box, hash);

    const run = await verifyOnSourcify(["--deployment", deployment]);
    expect(run.results.map((r) => [r.contract, r.status, r.matches])).toEqual([
      ["contracts/Box.sol:Box", "verified", creationCovered],
    ]);
    expect(receivedHashes()).toEqual({ [box.toLowerCase()]: hash });

    await rpc(chain.rpcUrl, "evm_revert", [snapshot]);
    snapshot = String(await rpc(chain.rpcUrl, "evm_snapshot"));
    const again = await new Deployer(chain.rpcUrl).deploy(build, "contracts/Box.sol", "Box");
    const [againHash = ""] = await transactionsSince(start);
    await writeFile(join(folder, "box.json"), JSON.stringify(build.input));
    const one = await verifyOnSourcify([
      again,
      "--standard-json",
      join(folder, "box.json"),
      "--contract",
      "contracts/Box.sol:Box",
      "--compiler-version",
      build.compilerVersion,
      "--creation-tx-hash",
      againHash,
    ]);
    expect(one.results.map((r) => [r.status, r.matches])).toEqual([["verified", creationCovered]]);
    expect(receivedHashes()).toEqual({ [again.toLowerCase()]: againHash });
  }, 240_000);
});

// An Ignition deployment of Box written as Hardhat 3 writes one: its address, a journal with the deploying
// transaction confirmed, the artifact, and the build info (input and output).
async function writeHandDeployment(
  dir: string,
  build: ReturnType<typeof compileFixture>,
  address: string,
  hash: string,
): Promise<void> {
  const futureId = "BoxModule#Box";
  const id = "solc-0_8_28-creation-hash";
  await mkdir(join(dir, "artifacts"), { recursive: true });
  await mkdir(join(dir, "build-info"), { recursive: true });
  await writeFile(join(dir, "deployed_addresses.json"), JSON.stringify({ [futureId]: address }));
  const journal = [
    { type: "DEPLOYMENT_INITIALIZE", chainId: 31337 },
    {
      type: "DEPLOYMENT_EXECUTION_STATE_INITIALIZE",
      futureId,
      futureType: "NAMED_ARTIFACT_CONTRACT_DEPLOYMENT",
      artifactId: futureId,
      contractName: "Box",
      constructorArgs: [],
      libraries: {},
    },
    { type: "TRANSACTION_CONFIRM", futureId, networkInteractionId: 1, hash, receipt: { status: "SUCCESS" } },
    { type: "DEPLOYMENT_EXECUTION_STATE_COMPLETE", futureId, result: { type: "SUCCESS", address } },
  ];
  await writeFile(join(dir, "journal.jsonl"), journal.map((line) => JSON.stringify(line)).join("\n"));
  const compiled = build.output.contracts?.["contracts/Box.sol"]?.Box;
  await writeFile(
    join(dir, "artifacts", `${futureId}.json`),
    JSON.stringify({
      _format: "hh3-artifact-1",
      contractName: "Box",
      sourceName: "contracts/Box.sol",
      inputSourceName: "contracts/Box.sol",
      abi: compiled?.abi ?? [],
      bytecode: `0x${compiled?.evm?.bytecode?.object ?? ""}`,
      deployedBytecode: `0x${compiled?.evm?.deployedBytecode?.object ?? ""}`,
      linkReferences: {},
      deployedLinkReferences: {},
      immutableReferences: {},
      buildInfoId: id,
    }),
  );
  await writeFile(
    join(dir, "build-info", `${id}.json`),
    JSON.stringify({
      _format: "hh3-sol-build-info-1",
      id,
      solcVersion: "0.8.28",
      solcLongVersion: build.compilerVersion.replace(/^v/, ""),
      input: build.input,
      userSourceNameMap: Object.fromEntries(Object.keys(build.input.sources).map((name) => [name, name])),
    }),
  );
  await writeFile(
    join(dir, "build-info", `${id}.output.json`),
    JSON.stringify({ _format: "hh3-sol-build-info-output-1", id, output: build.output }),
  );
}
