import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type HardhatNode, repoRoot, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import {
  type CommandOutcome,
  hardhat,
  preparePluginProject,
  removePluginProject,
} from "../support/pluginProject.js";

// What is asserted here is that the project's binary compiles: no compilation kept by the run is read back.
delete process.env.EXPLORER_VERIFY_COMPILE_CACHE;

// A user's project whose Hardhat config names a native compiler binary (a stand-in at a path without `.js`)
// and that has no npm `solc` package: the embedded local explorer and preflight must compile with that binary.
let project: string;
let chain: HardhatNode;
let env: Record<string, string>;
let addresses: Record<string, string>;

beforeAll(async () => {
  project = await preparePluginProject({ fixture: "native-solc-project", withoutPackages: ["solc"] });
  chain = await startHardhatNode(project);
  env = {
    FIXTURE_NODE_URL: chain.url,
    NATIVE_SOLC_STAND_IN: join(repoRoot, "node_modules", "solc", "index.js"),
    NATIVE_SOLC_STAND_IN_LOG: join(project, "native-solc.log"),
  };
  await runHardhat(
    project,
    ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost"],
    env,
  );
  const deployed = JSON.parse(
    await readFile(
      join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json"),
      "utf8",
    ),
  ) as Record<string, string>;
  addresses = Object.fromEntries(
    Object.entries(deployed).map(([future, address]) => [future.replace("Fixture#", ""), address]),
  );
}, 240_000);

afterAll(async () => {
  await chain?.stop();
  await removePluginProject(project);
});

function verify(...args: string[]): Promise<CommandOutcome> {
  return hardhat(project, ["explorer-verify", "--network", "localhost", ...args], env);
}

async function standardJsonRuns(): Promise<number> {
  const log = await readFile(env.NATIVE_SOLC_STAND_IN_LOG!, "utf8");
  return (log.match(/--standard-json/g) ?? []).length;
}

describe("a project whose compiler is a native binary", () => {
  it("verifies through the embedded local explorer, which compiles with the project's binary", async () => {
    const before = await standardJsonRuns();
    const outcome = await verify(
      addresses.Token!,
      "Native Token",
      "42",
      "--contract",
      "contracts/Token.sol:Token",
    );
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain("Verifying 1 contract on the local explorer at http://127.0.0.1:");
    expect(outcome.stdout).toMatch(
      new RegExp(`^verified +contracts/Token.sol:Token at ${addresses.Token}`, "m"),
    );
    // The production build and at least one compile of the submission ran the binary.
    expect(await standardJsonRuns()).toBeGreaterThan(before);
  }, 180_000);

  it("--preflight compiles with the binary and finds a perfect match, then verifies a library user", async () => {
    const outcome = await verify(addresses.Calculator!, "--preflight");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain(
      "preflight   contracts/Calculator.sol:Calculator: Preflight: perfect match.",
    );
    expect(outcome.stdout).toMatch(
      new RegExp(`^verified +contracts/Calculator.sol:Calculator at ${addresses.Calculator}`, "m"),
    );
  }, 180_000);

  it("--preflight with wrong constructor arguments names both sides, compiled by the binary", async () => {
    const outcome = await verify(
      addresses.Token!,
      "Other",
      "43",
      "--contract",
      "contracts/Token.sol:Token",
      "--preflight",
      "--force",
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toContain(
      'Preflight: the constructor arguments differ. Submitted: (name_: "Other", supply: "43"). The creation transaction holds: (name_: "Native Token", supply: "42"). Give the arguments the contract was deployed with.',
    );
  }, 180_000);
});
