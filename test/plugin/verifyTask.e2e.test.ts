import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import {
  type CommandOutcome,
  hardhat,
  preparePluginProject,
  removePluginProject,
} from "../support/pluginProject.js";

// The verify task's smaller promises, in a user's project with the packed package: what --contract means with
// --proxy, rows of one contract deployed by several Ignition futures, a diagnosis printed once, and the note that
// the embedded local explorer's links end with the command.
let project: string;
let chain: HardhatNode;
let env: Record<string, string>;
let fixture: Record<string, string>;

async function deployedAddresses(id: string): Promise<Record<string, string>> {
  const file = join(project, "ignition", "deployments", id, "deployed_addresses.json");
  const deployed = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(deployed).map(([future, address]) => [future.slice(future.indexOf("#") + 1), address]),
  );
}

beforeAll(async () => {
  project = await preparePluginProject();
  chain = await startHardhatNode(project);
  env = { FIXTURE_NODE_URL: chain.url };
  await runHardhat(
    project,
    ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost"],
    env,
  );
  fixture = await deployedAddresses("chain-31337");
  // Two futures of one contract, as a user deploys the same contract twice.
  await writeFile(
    join(project, "ignition", "modules", "Twice.ts"),
    `import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
export default buildModule("Twice", (m) => ({
  first: m.contract("Token", ["First", 1n], { id: "FirstToken" }),
  second: m.contract("Token", ["Second", 2n], { id: "SecondToken" }),
}));
`,
  );
  await runHardhat(
    project,
    ["ignition", "deploy", "ignition/modules/Twice.ts", "--network", "localhost", "--deployment-id", "twice"],
    env,
  );
}, 300_000);

afterAll(async () => {
  await chain?.stop();
  await removePluginProject(project);
});

function verify(...args: string[]): Promise<CommandOutcome> {
  return hardhat(project, ["explorer-verify", "--network", "localhost", ...args], env);
}

const localLinksNote =
  /^The http:\/\/127\.0\.0\.1:(\d+) links work only while the local explorer runs, and it stopped with this command\. To open them, serve it again: npx explorer-verify-local-explorer --rpc http:\/\/127\.0\.0\.1:\d+ --port \1 --state .+local-explorer-31337\.json$/m;

describe("npx hardhat explorer-verify: --proxy with --contract, Ignition rows, diagnoses, local links", () => {
  it("with --proxy, --contract and the constructor arguments describe the proxy at ADDRESS", async () => {
    const outcome = await verify(
      "--proxy",
      "--contract",
      "contracts/SimpleProxy.sol:SimpleProxy",
      fixture.SimpleProxy!,
      fixture.Box!,
    );
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(
      new RegExp(`^verified +contracts/SimpleProxy\\.sol:SimpleProxy at ${fixture.SimpleProxy}`, "m"),
    );
    expect(outcome.stdout).toMatch(
      new RegExp(`^verified +contracts/Box\\.sol:Box at ${fixture.Box!.toLowerCase()}`, "mi"),
    );
    // The explorer links a proxy by itself (Blockscout resolves it from the chain) once this run verified it: the
    // link is this run's, in the progress line and the table.
    expect(outcome.stdout).toMatch(
      new RegExp(`^linked +proxy of contracts/Box\\.sol:Box at ${fixture.SimpleProxy}$`, "m"),
    );
    expect(outcome.stdout).toMatch(
      new RegExp(`^proxy of contracts/Box\\.sol:Box +${fixture.SimpleProxy} +linked `, "m"),
    );
    expect(outcome.stdout).not.toMatch(/already (verified|linked) +proxy of/);
    expect(outcome.stdout).toMatch(localLinksNote);
  }, 180_000);

  it("with --proxy, a --contract naming the implementation's contract is taken for the implementation", async () => {
    const outcome = await verify(
      "--proxy",
      "--contract",
      "contracts/Box.sol:Box",
      fixture.SimpleProxy!,
      "--force",
    );
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/contracts\/Box\.sol:Box +0x[0-9a-fA-F]{40} +already verified/);
    expect(outcome.stdout).toMatch(
      /contracts\/SimpleProxy\.sol:SimpleProxy +0x[0-9a-fA-F]{40} +already verified/,
    );
  }, 180_000);

  it("with --include-proxies, a deployment's proxy is read from the chain and its implementation said to be its", async () => {
    const outcome = await verify("--deployment", "chain-31337", "--include-proxies", "--json");
    expect(outcome.code).toBe(0);
    const { results } = JSON.parse(outcome.stdout) as {
      results: Array<{
        address: string;
        contract: string;
        format: string;
        proxy?: unknown;
        partOf?: unknown;
      }>;
    };
    const own = (name: string) =>
      results.find((record) => record.contract === name && record.format !== "proxy");
    expect(own("contracts/SimpleProxy.sol:SimpleProxy")?.proxy).toEqual({
      kind: "eip1967",
      implementations: [fixture.Box!.toLowerCase()],
    });
    expect(own("contracts/Box.sol:Box")?.partOf).toEqual({
      proxy: fixture.SimpleProxy,
      role: "implementation",
    });
    expect(results.filter((record) => record.format === "proxy").map((record) => record.address)).toEqual([
      fixture.SimpleProxy,
    ]);
  }, 180_000);

  it("names the Ignition future in the rows of a contract deployed twice", async () => {
    const outcome = await verify("--deployment", "twice");
    // The rows first: a failure then shows the whole output.
    expect(outcome.stdout).toMatch(
      /^contracts\/Token\.sol:Token \(Twice#FirstToken\) +0x[0-9a-fA-F]{40} +verified/m,
    );
    expect(outcome.stdout).toMatch(
      /^contracts\/Token\.sol:Token \(Twice#SecondToken\) +0x[0-9a-fA-F]{40} +verified/m,
    );
    expect(outcome.code).toBe(0);
  }, 180_000);

  it("prints a preflight diagnosis as it is found, and keeps it in the closing notes", async () => {
    const outcome = await verify(
      fixture.Token!,
      "Wrong name",
      "5",
      "--contract",
      "contracts/Token.sol:Token",
      "--preflight",
      "--force",
    );
    expect(outcome.code).toBe(1);
    const diagnosis =
      'Preflight: the constructor arguments differ. Submitted: (name_: "Wrong name", supply: "5"). The creation transaction holds: (name_: "Fixture Token", supply: "1000000"). Give the arguments the contract was deployed with.';
    // The preflight line, then the table's note: the closing note never drops the diagnosis for a generic hint.
    expect(outcome.stdout.split(diagnosis)).toHaveLength(3);
    expect(outcome.stdout).toContain(`- contracts/Token.sol:Token (${fixture.Token}): ${diagnosis}`);
    expect(outcome.stdout).toMatch(
      new RegExp(
        `^failed +contracts/Token\\.sol:Token at ${fixture.Token}: Preflight: the constructor arguments differ\\.`,
        "m",
      ),
    );
  }, 180_000);
});
