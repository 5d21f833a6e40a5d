import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { runLatest } from "../cli/foundryChain.js";
import { type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { runAction } from "../support/actionRunner.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// What every door refuses before any request. A run aimed at one chain with contracts another chain records: the
// chain the user gives (chain-id, --chain-id, --network), the deployment's (its path, its journal or `chain` field)
// and the RPC's must agree. A key or a header value that would travel over plain http to a host that is not this
// machine. A loopback explorer counts what it received: nothing; the plain-http host is never asked (an internet
// trap would see it; nothing reaches it).
let cli: CliProject;
let plugin: string;
let node: HardhatNode;
let explorer: TestExplorer;

beforeAll(async () => {
  [cli, plugin] = await Promise.all([prepareCliProject(), preparePluginProject()]);
  node = await startHardhatNode(plugin);
  await writeFile(
    join(plugin, "ignition", "modules", "OneBox.ts"),
    `import { buildModule } from "@nomicfoundation/hardhat-ignition/modules";
export default buildModule("OneBox", (m) => ({ box: m.contract("Box") }));
`,
  );
  await runHardhat(plugin, ["ignition", "deploy", "ignition/modules/OneBox.ts", "--network", "localhost"], {
    FIXTURE_NODE_URL: node.url,
  });
  // The same deployment filed under another chain's folder, as a copy from another machine would be.
  await cp(
    join(plugin, "ignition", "deployments", "chain-31337"),
    join(plugin, "ignition", "deployments", "chain-7777"),
    { recursive: true },
  );
  explorer = await startTestExplorer();
}, 240_000);

afterAll(async () => {
  await explorer?.close();
  await node?.stop();
  await removeCliProject(cli);
  await removePluginProject(plugin);
});

describe("the chain, checked once, in every door", () => {
  it("the Action refuses chain-id 10200 for a deployment of chain 31337", async () => {
    explorer.reset();
    const run = await runAction(
      {
        "explorer-url": explorer.url,
        "chain-id": "10200",
        deployment: "ignition/deployments/chain-31337",
        ledger: "none",
      },
      plugin,
    );
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain(
      "::error::Chain ids disagree: input chain-id says chain 10200, but the deployment ignition/deployments/chain-31337 says chain 31337. Nothing was sent.",
    );
    expect(explorer.requests).toHaveLength(0);
  }, 120_000);

  it("the CLI refuses --chain-id 11155111 for a broadcast of chain 31337, and a broadcast whose path and file disagree", async () => {
    explorer.reset();
    const given = await explorerVerify(cli, [
      "verify",
      "--deployment",
      runLatest,
      "--chain-id",
      "11155111",
      "--explorer-url",
      explorer.url,
    ]);
    expect(given.code).toBe(2);
    expect(given.stderr.trim()).toBe(
      `explorer-verify: Chain ids disagree: --chain-id says chain 11155111, but the deployment ${runLatest} says chain 31337. Nothing was sent.`,
    );
    // A broadcast filed under chain 7788 whose `chain` field says 31337.
    const moved = join("broadcast", "Deploy.s.sol", "7788", "run-latest.json");
    await cp(join(cli.dir, runLatest), join(cli.dir, moved));
    const recorded = JSON.parse(await readFile(join(cli.dir, moved), "utf8")) as { chain?: number };
    expect(recorded.chain).toBe(31337);
    const disagreeing = await explorerVerify(cli, [
      "verify",
      "--deployment",
      moved,
      "--explorer-url",
      explorer.url,
    ]);
    expect(disagreeing.code).toBe(2);
    expect(disagreeing.stderr.trim()).toBe(
      `explorer-verify: Chain ids disagree: the deployment's path ${moved} says chain 7788, but the deployment file ${moved} says chain 31337. Nothing was sent.`,
    );
    expect(explorer.requests).toHaveLength(0);
  }, 120_000);

  it("the task refuses a deployment filed under chain 7777 on the network of chain 31337", async () => {
    explorer.reset();
    const outcome = await hardhat(
      plugin,
      [
        "explorer-verify",
        "--network",
        "localhost",
        "--deployment",
        "chain-7777",
        "--explorer-url",
        explorer.url,
      ],
      { FIXTURE_NODE_URL: node.url },
    );
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toContain(
      'Chain ids disagree: network "localhost" says chain 31337, but deployment "chain-7777" says chain 7777. Nothing was sent.',
    );
    expect(explorer.requests).toHaveLength(0);
  }, 120_000);
});

const plainHttp = "http://blockscout.corp.example";
const inClear = (setting: string, carried = "the API key") =>
  `${setting} is plain http (blockscout.corp.example), and ${carried} would travel in clear: use https, or send no key or header to it. Nothing was sent.`;

describe("a key goes over plain http only to this machine, in every door", () => {
  it("the Action refuses explorer-url over plain http with api-key", async () => {
    const run = await runAction(
      {
        "explorer-url": plainHttp,
        "api-key": "ACTION-KEY-0123456789",
        deployment: "ignition/deployments/chain-31337",
        ledger: "none",
      },
      plugin,
    );
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain(`::error::${inClear("input explorer-url")}`);
  }, 120_000);

  it("the CLI refuses --explorer-url over plain http with EXPLORER_VERIFY_API_KEY, and a foundry.toml [etherscan] url over plain http with its key", async () => {
    const flagged = await explorerVerify(
      cli,
      ["verify", "--deployment", runLatest, "--explorer-url", plainHttp],
      { EXPLORER_VERIFY_API_KEY: "CLI-KEY-0123456789" },
    );
    expect({ code: flagged.code, stderr: flagged.stderr.trim() }).toEqual({
      code: 2,
      stderr: `explorer-verify: ${inClear("--explorer-url")}`,
    });
    const toml = join(cli.dir, "foundry.toml");
    const kept = await readFile(toml, "utf8");
    try {
      await writeFile(
        toml,
        `${kept}\n[etherscan]\nlocal = { key = "TOML-KEY-0123456789", chain = 31337, url = "${plainHttp}/api" }\n`,
      );
      const listed = await explorerVerify(cli, ["verify", "--deployment", runLatest]);
      // A host foundry.toml names, neither this machine nor the chain's own explorer, is refused before its scheme.
      expect({ code: listed.code, stderr: listed.stderr.trim() }).toEqual({
        code: 2,
        stderr: `explorer-verify: [etherscan] local in foundry.toml names ${plainHttp}/api, which is neither on this machine nor on the host of chain 31337's explorer in the shipped registry: a repository's file does not choose where the run sends its key and the files it reads. Give that explorer with --explorer-url.`,
      });
    } finally {
      await writeFile(toml, kept);
    }
  }, 120_000);

  it("the task refuses --explorer-url over plain http with the config's key and header", async () => {
    const outcome = await hardhat(
      plugin,
      [
        "explorer-verify",
        "--network",
        "localhost",
        "--deployment",
        "chain-31337",
        "--explorer-url",
        plainHttp,
      ],
      {
        FIXTURE_NODE_URL: node.url,
        FIXTURE_EXPLORER_KEY: "TASK-KEY-0123456789",
        FIXTURE_GATEWAY_TOKEN: "TASK-TOKEN-0123456789",
      },
    );
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toContain(inClear("--explorer-url", "the API key and the x-gateway-token header"));
    expect(`${outcome.stdout}${outcome.stderr}`).not.toContain("TASK-KEY-0123456789");
  }, 120_000);
});
