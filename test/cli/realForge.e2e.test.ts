import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ExplorerState } from "../../src/local-explorer/stateStore.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type CliProject, explorerVerify, installPackedPackage } from "../support/cliPackage.js";
import {
  type BroadcastContract,
  broadcastContracts,
  deployForgeProject,
  type ForgeDeployment,
  runLatest,
} from "../support/foundryProject.js";
import { startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// The packed package's `explorer-verify` bin in a project that the real forge built and deployed on a real anvil
// (test/support/foundryProject.ts): what forge writes (out/, its build info, the broadcast) is what is verified,
// by the embedded local explorer.
let deployment: ForgeDeployment;
let project: CliProject;
let contracts: BroadcastContract[];
/** Each contract's fully qualified name, as the build info has it. */
const sourceOf: Record<string, string> = {
  Weights: "src/libraries/Weights.sol:Weights",
  Vault: "src/Vault.sol:Vault",
  Registry: "src/Registry.sol:Registry",
  Entry: "src/Registry.sol:Entry",
  Salted: "src/Salted.sol:Salted",
};

beforeAll(async () => {
  deployment = await deployForgeProject();
  project = { dir: deployment.dir, bin: await installPackedPackage(deployment.dir) };
  contracts = await broadcastContracts(deployment);
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
    // The script's creations in order, then the child that Registry.create made.
    expect(contracts.map((contract) => contract.name)).toEqual([
      "Weights",
      "Vault",
      "Vault",
      "Registry",
      "Entry",
      "Salted",
    ]);

    const run = await verify();
    expect(run.stderr).toMatch(
      /^Verifying 6 contracts on the local explorer at http:\/\/127\.0\.0\.1:\d+ \(no explorer is named for local chain 31337\)\n/,
    );
    expect(run.code).toBe(0);
    expect(results(run.stdout).map((r) => [r.contract, r.address, r.format, r.status, r.attempts])).toEqual(
      contracts.map(({ name, address }) => [sourceOf[name], address, "standard-json", "verified", 1]),
    );

    const state = await explorerState();
    expect(Object.keys(state.contracts).sort()).toEqual(
      contracts.map(({ address }) => address.toLowerCase()).sort(),
    );
    expect(Object.values(state.guids).map((guid) => guid.state)).toEqual(Array(6).fill("pass"));
    expect(deployment.internetAttempts).toEqual([]);
  }, 60_000);

  it("sends no submission when run again with the ledger", async () => {
    const before = await explorerState();
    const run = await verify();
    expect(run.code).toBe(0);
    expect(results(run.stdout).map((r) => [r.contract, r.address, r.status, r.attempts])).toEqual(
      contracts.map(({ name, address }) => [sourceOf[name], address, "already-verified", 0]),
    );
    expect((await explorerState()).guids).toEqual(before.guids);
    expect(deployment.internetAttempts).toEqual([]);
  }, 60_000);

  // forge writes the broadcast's `hash` fields in the order the receipts arrived: the receipts give each its own.
  it("earns Sourcify's creation match for every contract, with the creation transactions of the receipts", async () => {
    const sourcify = await startSourcifyEmulator({ rpcUrl: deployment.rpcUrl, chainId: 31337 });
    try {
      const run = await explorerVerify(
        project,
        ["verify", "--deployment", runLatest, "--rpc-url", deployment.rpcUrl, "--artifacts", "out"].concat([
          "--targets",
          "sourcify",
          "--no-ledger",
          "--json",
        ]),
        { ...deployment.env, EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl },
      );
      expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
      expect(results(run.stdout).map((r) => [r.address, r.status, r.matches?.creation])).toEqual(
        contracts.map(({ address }) => [address, "verified", "exact_match"]),
      );
    } finally {
      await sourcify.close();
    }
  }, 180_000);
});
