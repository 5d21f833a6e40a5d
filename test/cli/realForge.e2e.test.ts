import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ExplorerState } from "../../src/local-explorer/stateStore.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type CliProject, explorerVerify, installPackedPackage } from "../support/cliPackage.js";
import { deployForgeProject, type ForgeDeployment, runLatest } from "../support/foundryProject.js";

// The packed package's `explorer-verify` bin in a project that the real forge built and deployed on a real anvil
// (test/support/foundryProject.ts): what forge writes (out/, its build info, the broadcast) is what is verified,
// by the embedded local explorer.
let deployment: ForgeDeployment;
let project: CliProject;

interface Broadcast {
  transactions: {
    transactionType: string;
    contractName: string | null;
    contractAddress: string | null;
    additionalContracts: { contractName?: string; address: string }[];
  }[];
}

beforeAll(async () => {
  deployment = await deployForgeProject();
  project = { dir: deployment.dir, bin: await installPackedPackage(deployment.dir) };
}, 240_000);

afterAll(async () => {
  await deployment?.stop();
});

function results(stdout: string): VerificationResult[] {
  return (JSON.parse(stdout) as { results: VerificationResult[] }).results;
}

/** What the local explorer saved: its verified contracts and the guid of every submission it took. */
async function explorerState(): Promise<ExplorerState> {
  return JSON.parse(
    await readFile(join(deployment.dir, "cache", "explorer-verify", "local-explorer-31337.json"), "utf8"),
  ) as ExplorerState;
}

/** The broadcast's contracts, name → address, as forge wrote them: the script's creations and their children. */
async function deployed(): Promise<Record<string, string>> {
  const { transactions } = JSON.parse(await readFile(deployment.runLatest, "utf8")) as Broadcast;
  const addresses: Record<string, string> = {};
  for (const { transactionType, contractName, contractAddress, additionalContracts } of transactions) {
    if (transactionType !== "CALL" && contractName && contractAddress)
      addresses[contractName] = contractAddress;
    for (const created of additionalContracts)
      if (created.contractName) addresses[created.contractName] = created.address;
  }
  return addresses;
}

function verify(...flags: string[]) {
  return explorerVerify(
    project,
    [
      "verify",
      "--deployment",
      runLatest,
      "--rpc-url",
      deployment.rpcUrl,
      "--artifacts",
      "out",
      "--ledger",
      join(".explorer-verify", "ledger.json"),
      "--include-created",
      "--json",
      ...flags,
    ],
    deployment.env,
  );
}

describe("explorer-verify on a project built and deployed by forge", () => {
  it("verifies every contract of the broadcast: a linked library, constructor arguments, a factory's child, CREATE2", async () => {
    const addresses = await deployed();
    expect(Object.keys(addresses).sort()).toEqual(["Entry", "Registry", "Salted", "Vault", "Weights"]);

    const run = await verify();
    expect(run.stderr).toMatch(
      /^Verifying 5 contracts on the local explorer at http:\/\/127\.0\.0\.1:\d+ \(local chain 31337, no --explorer-url\)\n/,
    );
    expect(run.code).toBe(0);
    expect(results(run.stdout).map((r) => [r.contract, r.address, r.format, r.status, r.attempts])).toEqual([
      ["src/libraries/Weights.sol:Weights", addresses.Weights, "standard-json", "verified", 1],
      ["src/Vault.sol:Vault", addresses.Vault, "standard-json", "verified", 1],
      ["src/Registry.sol:Registry", addresses.Registry, "standard-json", "verified", 1],
      ["src/Registry.sol:Entry", addresses.Entry, "standard-json", "verified", 1],
      ["src/Salted.sol:Salted", addresses.Salted, "standard-json", "verified", 1],
    ]);

    const state = await explorerState();
    expect(Object.keys(state.contracts).sort()).toEqual(
      Object.values(addresses)
        .map((address) => address.toLowerCase())
        .sort(),
    );
    expect(Object.values(state.guids).map((guid) => guid.state)).toEqual(Array(5).fill("pass"));
    expect(deployment.internetAttempts).toEqual([]);
  }, 60_000);

  it("sends no submission when run again with the ledger", async () => {
    const before = await explorerState();
    const run = await verify();
    expect(run.code).toBe(0);
    expect(results(run.stdout).map((r) => [r.contract, r.status, r.attempts])).toEqual([
      ["src/libraries/Weights.sol:Weights", "already-verified", 0],
      ["src/Vault.sol:Vault", "already-verified", 0],
      ["src/Registry.sol:Registry", "already-verified", 0],
      ["src/Registry.sol:Entry", "already-verified", 0],
      ["src/Salted.sol:Salted", "already-verified", 0],
    ]);
    expect((await explorerState()).guids).toEqual(before.guids);
    expect(deployment.internetAttempts).toEqual([]);
  }, 60_000);
});
