import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { type StandIn, startBlockscoutApiStandIn } from "../support/blockscoutStandIns.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { actionDoor, cliDoor, commandLines, comparable, type DoorRun, taskDoor } from "../support/doors.js";
import { startEtherscanEmulator } from "../support/etherscanEmulator.js";
import { type HostileExplorer, probes, startHostileExplorer } from "../support/hostileExplorer.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";
import { startSourcifyEmulator } from "../support/sourcifyEmulator.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// The three doors, one scenario at a time: the bundled Action (dist/index.js), the packed CLI in a Foundry project
// and the task in a Hardhat 3 project with the packed plugin verify the same Box, deployed by Ignition on a
// `hardhat node`, and must report the same records (address, contract, status, format, error code, link).
// The Action and the CLI read a manifest naming the Hardhat project's build (the Action's workspace is that
// project; the CLI reads its artifacts copied beside its own project); the task verifies the ADDRESS it is given.
let cli: CliProject;
let plugin: string;
let node: HardhatNode;
let box: string;
let explorer: TestExplorer;
let hostile: HostileExplorer;
let api: StandIn;
// A folder outside every workspace, as the runner's RUNNER_TEMP is.
let runnerTemp: string;
const boxName = "contracts/Box.sol:Box";
const proKey = "proapi_matrix0123SECRET";
const hostileText =
  "Nope\n::error::x\n::add-mask::verified\r\n  ::stop-commands::pwned\n##[group]g\u001b[2J\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 end";

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
  const deployed = JSON.parse(
    await readFile(join(plugin, "ignition", "deployments", "chain-31337", "deployed_addresses.json"), "utf8"),
  ) as Record<string, string>;
  box = deployed["OneBox#Box"] ?? "";
  // The CLI's `--artifacts ../elsewhere/out`: the build sits in a sibling folder of the project.
  await cp(join(plugin, "artifacts"), join(cli.dir, "..", "elsewhere", "out"), { recursive: true });
  runnerTemp = await mkdtemp(join(tmpdir(), "explorer-verify-runner-temp-"));
  explorer = await startTestExplorer({ smartContractStatus: true });
  hostile = await startHostileExplorer();
  api = await startBlockscoutApiStandIn(proKey, { 31337: explorer.url });
}, 240_000);

afterAll(async () => {
  await api?.close();
  await hostile?.close();
  await explorer?.close();
  await node?.stop();
  if (runnerTemp) await rm(runnerTemp, { recursive: true, force: true });
  await removeCliProject(cli);
  await removePluginProject(plugin);
});

/** A manifest written both where the Action reads it (RUNNER_TEMP) and as the CLI's m.json. */
async function writeManifests(contracts: unknown[]): Promise<string> {
  const text = JSON.stringify({ contracts });
  await writeFile(join(cli.dir, "m.json"), text);
  const path = join(runnerTemp, "m.json");
  await writeFile(path, text);
  return path;
}

function freshExplorer(target: TestExplorer, verified = false): void {
  target.reset();
  target.backend.addContract(
    box,
    verified
      ? {
          verified: {
            contractName: "Box",
            compilerVersion: "v0.8.28+commit.7893614a",
            sourceCode: "contract Box {}",
          },
        }
      : {},
  );
}

interface DoorOptions {
  url: string;
  /** Set before each door runs. */
  prepare: () => void;
  apiKey?: string;
  chainId?: number;
  env?: Record<string, string>;
}

async function action(options: DoorOptions, manifest: string, inputs: Record<string, string> = {}) {
  options.prepare();
  return actionDoor(
    {
      "explorer-url": options.url,
      contracts: manifest,
      ledger: "none",
      "timeout-seconds": "30",
      ...(options.apiKey ? { "api-key": options.apiKey } : {}),
      ...(options.chainId ? { "chain-id": String(options.chainId) } : {}),
      ...inputs,
    },
    plugin,
    options.env,
  );
}

async function cliVerify(options: DoorOptions, extra: string[] = []): Promise<DoorRun> {
  options.prepare();
  return cliDoor(
    cli,
    [
      "--manifest",
      "m.json",
      "--artifacts",
      "../elsewhere/out",
      "--explorer-url",
      options.url,
      "--timeout",
      "30",
      ...(options.chainId ? ["--chain-id", String(options.chainId)] : []),
      // As the Action's and the task's runs here: no ledger unless the test names one.
      ...(extra.includes("--ledger") ? [] : ["--no-ledger"]),
      ...extra,
    ],
    { EXPLORER_VERIFY_API_KEY: options.apiKey, ...options.env },
  );
}

async function task(options: DoorOptions): Promise<DoorRun> {
  options.prepare();
  return taskDoor(
    plugin,
    [
      "--network",
      "localhost",
      "--ledger",
      "none",
      "--timeout",
      "30",
      "--contract",
      boxName,
      box,
      "--explorer-url",
      options.url,
    ],
    {
      FIXTURE_NODE_URL: node.url,
      ...(options.apiKey ? { FIXTURE_EXPLORER_KEY: options.apiKey } : {}),
      ...options.env,
    },
  );
}

function boxRecord(url: string, status: string) {
  return {
    address: box,
    contract: boxName,
    status,
    format: "standard-json",
    errorCode: undefined,
    url: `${url}/address/${box}#code`,
  };
}

describe("the Action, the CLI and the task report the same records", () => {
  it("verify a contract", async () => {
    const manifest = await writeManifests([{ address: box, contract: boxName }]);
    const doors = { url: explorer.url, prepare: () => freshExplorer(explorer) };
    const sent: Record<string, unknown[]> = {};
    const submitted = async (door: string, run: Promise<DoorRun>): Promise<DoorRun> => {
      const done = await run;
      sent[door] = explorer.backend.submissions.map(({ standardJsonInput, ...submission }) => ({
        ...submission,
        address: submission.address.toLowerCase(),
        input: JSON.parse(standardJsonInput ?? "null"),
      }));
      return done;
    };
    const runs = {
      action: await submitted("action", action(doors, manifest)),
      cli: await submitted("cli", cliVerify(doors)),
      task: await submitted("task", task(doors)),
    };
    for (const [door, run] of Object.entries(runs)) {
      expect([door, comparable(run.records)]).toEqual([door, [boxRecord(explorer.url, "verified")]]);
      expect([door, run.code]).toEqual([door, 0]);
    }
    // One submission each, the same: the build's standard JSON input (Hardhat 3 names its sources project/…), its
    // compiler and the contract's name.
    expect(sent.action).toHaveLength(1);
    expect(sent.action?.[0]).toMatchObject({
      format: "standard-json",
      address: box.toLowerCase(),
      contractName: "project/contracts/Box.sol:Box",
      compilerVersion: "v0.8.28+commit.7893614a",
    });
    expect(sent.cli).toEqual(sent.action);
    expect(sent.task).toEqual(sent.action);
  }, 120_000);

  it("the same contract already verified", async () => {
    const manifest = await writeManifests([{ address: box, contract: boxName }]);
    const doors = { url: explorer.url, prepare: () => freshExplorer(explorer, true) };
    const submissions: Record<string, number> = {};
    const counted = async (door: string, run: Promise<DoorRun>): Promise<DoorRun> => {
      const done = await run;
      submissions[door] = explorer.backend.submissions.length;
      return done;
    };
    const runs = {
      action: await counted("action", action(doors, manifest)),
      cli: await counted("cli", cliVerify(doors)),
      task: await counted("task", task(doors)),
    };
    for (const [door, run] of Object.entries(runs)) {
      expect([door, comparable(run.records)]).toEqual([door, [boxRecord(explorer.url, "already-verified")]]);
      expect([door, run.code]).toEqual([door, 0]);
    }
    expect(submissions).toEqual({ action: 0, cli: 0, task: 0 });
  }, 120_000);

  // The task verifies an ADDRESS or Ignition deployments: it reads no manifest, so it has no form of this scenario.
  it("a malformed manifest entry among good ones fails alone (Action and CLI)", async () => {
    const unknownFormat = "0x00000000000000000000000000000000000000B2";
    const manifest = await writeManifests([
      { address: box, contract: boxName },
      { address: "0x123", contract: boxName },
      { address: unknownFormat, format: "flatened", contract: "Box" },
    ]);
    const doors = { url: explorer.url, prepare: () => freshExplorer(explorer) };
    const runs = { action: await action(doors, manifest), cli: await cliVerify(doors) };
    for (const [door, run] of Object.entries(runs)) {
      expect([door, comparable(run.records)]).toEqual([
        door,
        [
          boxRecord(explorer.url, "verified"),
          {
            address: "0x123",
            contract: boxName,
            status: "failed",
            format: "standard-json",
            errorCode: "invalid_input",
            url: `${explorer.url}/address/0x123#code`,
          },
          {
            address: unknownFormat,
            contract: "Box",
            status: "failed",
            format: "standard-json",
            errorCode: "invalid_input",
            url: `${explorer.url}/address/${unknownFormat}#code`,
          },
        ],
      ]);
      expect([door, run.records.slice(1).map((record) => record.message)]).toEqual([
        door,
        [
          'contracts[1].address "0x123" is not an address: expected 0x followed by 40 hexadecimal characters.',
          'contracts[2].format "flatened" is not a format: use flattened, single-file, vyper or registry, or leave it out for standard JSON.',
        ],
      ]);
      expect([door, run.code]).toEqual([door, 1]);
    }
    expect(runs.action.outputs).toMatchObject({
      "verified-count": "1",
      "already-verified-count": "0",
      "failed-count": "2",
    });
    expect(runs.action.summary).toContain("<p>3 contracts&#58; 1 verified, 2 failed</p>");
    expect(runs.action.stdout).toContain(
      '::error title=Verification failed%3A contracts/Box.sol%3ABox::contracts/Box.sol:Box at 0x123: contracts[1].address "0x123" is not an address: expected 0x followed by 40 hexadecimal characters.',
    );
  }, 120_000);

  it("a hostile explorer's text starts no workflow command and carries no escape in any door", async () => {
    const manifest = await writeManifests([{ address: box, contract: boxName }]);
    const doors = {
      url: hostile.url,
      prepare: () => {
        hostile.reset();
        freshExplorer(hostile.inner);
        hostile.scenario = probes.refusesSubmissionWith(hostileText);
      },
    };
    const runs = {
      action: await action(doors, manifest),
      cli: await cliVerify(doors),
      task: await task(doors),
    };
    // The CLI as a person reads it too: progress lines, the table and its notes.
    const cliText = await (async () => {
      doors.prepare();
      return explorerVerify(cli, [
        "verify",
        "--manifest",
        "m.json",
        "--artifacts",
        "../elsewhere/out",
        "--explorer-url",
        hostile.url,
        "--timeout",
        "30",
      ]);
    })();
    const [reference] = comparable(runs.action.records);
    expect(reference).toMatchObject({ address: box, status: "failed" });
    for (const [door, run] of Object.entries(runs))
      expect([door, comparable(run.records)]).toEqual([door, [reference]]);
    expect(runs.cli.records[0]?.message).toContain("Nope");
    for (const [door, text] of [
      ["cli", `${runs.cli.stdout}${runs.cli.stderr}`],
      ["cli table", `${cliText.stdout}${cliText.stderr}`],
      ["task", `${runs.task.stdout}${runs.task.stderr}`],
      ["action stderr", runs.action.stderr],
    ]) {
      expect([door, commandLines(text ?? "")]).toEqual([door, []]);
      expect([door, text?.includes("\u001b")]).toEqual([door, false]);
    }
    expect(cliText.stdout).toContain("Nope");
    // The Action speaks to the runner in workflow commands of its own; none comes from the explorer's text.
    const own =
      /^::(group::Progress|endgroup::|error title=Verification failed%3A [^:]+::|error::1 of 1 contract)/;
    expect(commandLines(runs.action.stdout).filter((line) => !own.test(line))).toEqual([]);
    expect(runs.action.stdout).not.toContain("\u001b");
    expect(runs.action.stdout).toContain("Nope");
  }, 180_000);

  it("a proapi_ key with a chain id goes to the Blockscout API with Bearer, and links to the instance", async () => {
    const manifest = await writeManifests([{ address: box, contract: boxName }]);
    const seen: Record<string, string[]> = {};
    const doors = {
      url: explorer.url,
      apiKey: proKey,
      chainId: 31337,
      env: { EXPLORER_VERIFY_BLOCKSCOUT_API_URL: api.url },
      prepare: () => {
        freshExplorer(explorer);
        api.seen.length = 0;
      },
    };
    const record = async (door: string, run: Promise<DoorRun>): Promise<DoorRun> => {
      const done = await run;
      seen[door] = [
        ...new Set(api.seen.map((request) => `${request.url.slice(0, 10)} ${request.headers.authorization}`)),
      ];
      // Every request the instance saw came through the API.
      seen[`${door} direct`] = [String(explorer.requests.length - api.seen.length)];
      return done;
    };
    const runs = {
      action: await record("action", action(doors, manifest)),
      cli: await record("cli", cliVerify(doors)),
      task: await record("task", task(doors)),
    };
    for (const [door, run] of Object.entries(runs)) {
      expect([door, comparable(run.records)]).toEqual([door, [boxRecord(explorer.url, "verified")]]);
      expect([door, seen[door], seen[`${door} direct`]]).toEqual([
        door,
        [`/31337/api Bearer ${proKey}`],
        ["0"],
      ]);
      expect([door, run.records[0]?.chainId]).toEqual([door, 31337]);
      // The Action's own mask command names the key, for the runner to hide it: no other line shows it.
      const shown = `${run.stdout.replace(`::add-mask::${proKey}`, "")}${run.stderr}`;
      expect([door, shown.includes(proKey)]).toEqual([door, false]);
    }
  }, 120_000);

  // The task reads no manifest and keeps its ledger in the project (--ledger FILE is the project's): only the Action
  // and the CLI have this scenario.
  it("reads a manifest and a ledger outside the workspace: RUNNER_TEMP (Action), ../elsewhere/out (CLI)", async () => {
    const manifest = await writeManifests([{ address: box, contract: boxName }]);
    const ledger = join(runnerTemp, "ledger.json");
    await rm(ledger, { force: true });
    const cliLedger = join(cli.dir, "..", "elsewhere", "ledger.json");
    const doors = {
      url: explorer.url,
      prepare: () => freshExplorer(explorer),
      env: { RUNNER_TEMP: runnerTemp },
    };
    const runs = {
      action: await action(doors, manifest, { ledger }),
      cli: await cliVerify(doors, ["--ledger", "../elsewhere/ledger.json"]),
    };
    for (const [door, run] of Object.entries(runs))
      expect([door, comparable(run.records)]).toEqual([door, [boxRecord(explorer.url, "verified")]]);
    for (const file of [ledger, cliLedger])
      expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({
        entries: [{ explorer: explorer.url, address: box, status: "verified" }],
      });
    // A rerun reads the ledger where it points: verified, with no request about the contract.
    const again = await action({ ...doors, prepare: () => explorer.reset() }, manifest, { ledger });
    expect(comparable(again.records)).toEqual([boxRecord(explorer.url, "already-verified")]);
    expect(explorer.requests).toEqual([]);
    const againCli = await cliVerify({ ...doors, prepare: () => explorer.reset() }, [
      "--ledger",
      "../elsewhere/ledger.json",
    ]);
    expect(comparable(againCli.records)).toEqual([boxRecord(explorer.url, "already-verified")]);
    expect(explorer.requests).toEqual([]);
  }, 120_000);

  // The Action verifies; it has no fetch: the CLI's and the task's are compared.
  it("fetch of a bytecode twin says the sources are the twin's, in the CLI and the task", async () => {
    const original = "0x00000000000000000000000000000000000000F4";
    explorer.reset();
    explorer.backend.addContract(original, {
      verified: {
        contractName: "Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        sourceCode: "contract Box {}",
        fileName: "contracts/Box.sol",
        abi: [],
      },
    });
    explorer.backend.addContract(box, { twinOf: original });
    const cliOut = join(cli.dir, "..", "fetched-cli");
    const taskOut = join(plugin, "..", "fetched-task");
    const cliRun = await explorerVerify(cli, ["fetch", box, "--explorer-url", explorer.url, "--out", cliOut]);
    const taskRun = await hardhat(plugin, [
      "explorer-verify",
      "fetch",
      box,
      "--explorer-url",
      explorer.url,
      "--out",
      taskOut,
    ]);
    const note = `${box} is not verified itself: these are the sources of a verified contract with the same bytecode (a bytecode twin).`;
    for (const [door, run, out] of [
      ["cli", cliRun, cliOut],
      ["task", taskRun, taskOut],
    ] as const) {
      expect([door, run.code, run.stdout.split("\n").slice(1)]).toEqual([door, 0, [note, ""]]);
      const contract = JSON.parse(await readFile(join(out, "contract.json"), "utf8")) as {
        verification: unknown;
      };
      expect([door, contract.verification]).toEqual([
        door,
        { standing: "bytecode-twin", language: "solidity" },
      ]);
    }
  }, 120_000);

  // The Action has no fetch; the task's network names the chain as the CLI's --chain-id does.
  it("fetch with a proapi_ key and a chain id asks the Blockscout API, in the CLI and the task", async () => {
    explorer.reset();
    explorer.backend.addContract(box, {
      verified: { contractName: "Box", sourceCode: "contract Box {}", abi: [] },
    });
    const env = { EXPLORER_VERIFY_BLOCKSCOUT_API_URL: api.url };
    const runs: Array<[string, () => Promise<{ code: number | null; stdout: string; stderr: string }>]> = [
      [
        "cli",
        () =>
          explorerVerify(
            cli,
            ["fetch", box, "--explorer-url", explorer.url, "--chain-id", "31337", "--out", "../fetched-api"],
            { EXPLORER_VERIFY_API_KEY: proKey, ...env },
          ),
      ],
      [
        "task",
        () =>
          hardhat(
            plugin,
            [
              "explorer-verify",
              "--network",
              "localhost",
              "fetch",
              box,
              "--explorer-url",
              explorer.url,
              "--out",
              "../fetched-api",
            ],
            { FIXTURE_NODE_URL: node.url, FIXTURE_EXPLORER_KEY: proKey, ...env },
          ),
      ],
    ];
    for (const [door, run] of runs) {
      api.seen.length = 0;
      explorer.requests.length = 0;
      const outcome = await run();
      expect([door, outcome.code, outcome.stderr]).toEqual([door, 0, ""]);
      expect([door, explorer.requests.length > 0, explorer.requests.length - api.seen.length]).toEqual([
        door,
        true,
        0,
      ]);
      expect([door, [...new Set(api.seen.map((request) => request.headers.authorization))]]).toEqual([
        door,
        [`Bearer ${proKey}`],
      ]);
    }
  }, 120_000);
});

describe("every target in one run, through each door", () => {
  it("verifies on Blockscout, Etherscan and Sourcify at once; every record has its target; each key reaches only its own service", async () => {
    const etherscanKey = "ETHERSCAN-MATRIX-0123456789";
    const blockscoutKey = "BLOCKSCOUT-INSTANCE-0123456789";
    const etherscan = await startEtherscanEmulator({
      rpcUrl: node.url,
      chainIds: [31337],
      apiKeys: [etherscanKey],
    });
    const sourcify = await startSourcifyEmulator({ rpcUrl: node.url, chainId: 31337 });
    try {
      const env = {
        EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscan.apiUrl,
        EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl,
      };
      const targets = "blockscout,etherscan,sourcify";
      const manifest = await writeManifests([{ address: box, contract: boxName }]);
      const options = {
        url: explorer.url,
        prepare: () => freshExplorer(explorer),
        chainId: 31337,
        // An instance key (not proapi_): it goes to the explorer named, and nowhere else.
        apiKey: blockscoutKey,
      };
      const runs: Array<[string, () => Promise<DoorRun>]> = [
        [
          "Action",
          () =>
            action({ ...options, env }, manifest, {
              targets,
              "etherscan-api-key": etherscanKey,
              "timeout-seconds": "60",
            }),
        ],
        [
          "CLI",
          () =>
            cliVerify({ ...options, env: { ...env, ETHERSCAN_API_KEY: etherscanKey } }, [
              "--targets",
              targets,
            ]),
        ],
        [
          "task",
          () => {
            options.prepare();
            return taskDoor(
              plugin,
              [
                "--network",
                "localhost",
                "--ledger",
                "none",
                "--contract",
                boxName,
                box,
                "--explorer-url",
                explorer.url,
                "--targets",
                targets,
              ],
              {
                FIXTURE_NODE_URL: node.url,
                FIXTURE_EXPLORER_KEY: blockscoutKey,
                FIXTURE_ETHERSCAN_KEY: etherscanKey,
                ...env,
              },
            );
          },
        ],
      ];
      for (const [door, run] of runs) {
        const outcome = await run();
        expect([
          door,
          outcome.code,
          outcome.code === 0 ? "" : `${outcome.stdout}\n${outcome.stderr}`,
        ]).toEqual([door, 0, ""]);
        expect([door, outcome.records.map((r) => r.target).sort()]).toEqual([
          door,
          ["blockscout", "etherscan", "sourcify"],
        ]);
        for (const record of outcome.records) {
          expect([
            door,
            record.target,
            record.address.toLowerCase(),
            ["verified", "already-verified"].includes(record.status),
          ]).toEqual([door, record.target, box.toLowerCase(), true]);
        }
      }
      const text = (requests: Array<{ path: string; query: unknown; headers: unknown; rawBody?: unknown }>) =>
        JSON.stringify(requests.map((r) => [r.path, r.query, r.headers, r.rawBody]));
      expect(text(etherscan.requests)).toContain(etherscanKey);
      expect(text(etherscan.requests)).not.toContain(blockscoutKey);
      expect(text(sourcify.requests)).not.toContain(etherscanKey);
      expect(text(sourcify.requests)).not.toContain(blockscoutKey);
      expect(text(explorer.requests)).toContain(blockscoutKey);
      expect(text(explorer.requests)).not.toContain(etherscanKey);
    } finally {
      await Promise.all([etherscan.close(), sourcify.close()]);
    }
  }, 240_000);
});
