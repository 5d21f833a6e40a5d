import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { cliLedger, projectFoundryConfig } from "../../src/cli/cliWhere.js";
import { flagsRun } from "../../src/cli/commandLineJobs.js";
import { mergeCommand } from "../../src/cli/mergeCommand.js";
import { readFoundryArtifacts } from "../../src/inputs/foundryArtifacts.js";
import { verificationDefaults } from "../../src/options/verificationOptions.js";
import { runLedgerRequest } from "../../src/run/commands/statusRequest.js";
import { taskLedger } from "../../src/run/hardhat/taskDeployments.js";
import { thrown } from "../support/rejected.js";

// Links a pull request commits inside the folders it names: followed, they loop or lead out.
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "explorer-verify-committed-links-"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a link to a folder inside Foundry's out/", () => {
  it("is not walked: out/a -> . lists each artifact once, not once per lap", async () => {
    const dir = join(root, "foundry");
    await cp("test/fixtures/foundry-project", dir, { recursive: true });
    await symlink(".", join(dir, "out", "a"));
    const builds = await readFoundryArtifacts(join(dir, "out"), "--artifacts", {
      root: dir,
      contractNames: ["Counter"],
    });
    expect(builds?.map((build) => build.id)).toEqual([
      join("Counter.sol", "Counter.json"),
      join("legacy", "Counter.sol", "Counter.json"),
    ]);
  });
});

describe("a committed .explorer-verify link to a folder outside the project", () => {
  it("is refused by the CLI and the task, as by the Action: the ledger and its lock are not kept there", async () => {
    const project = join(root, "ledger-project");
    await mkdir(join(root, "outside"));
    await mkdir(project);
    await symlink(join(root, "outside"), join(project, ".explorer-verify"));
    const refusal = `--ledger names .explorer-verify/ledger.json, a link that leads outside the workspace ${project}: it is not read. Name a file outside the workspace by its absolute path.`;
    expect(thrown(() => cliLedger({ "no-ledger": false }, project, false)).shortMessage).toBe(refusal);
    expect(thrown(() => taskLedger(project, undefined, false)).shortMessage).toBe(refusal);
    const elsewhere = join(root, "outside", "ledger.json");
    expect(cliLedger({ ledger: elsewhere, "no-ledger": false }, project, false)?.path).toBe(elsewhere);
    // status prints it, merge writes it: at every command, as verify.
    const lines: string[] = [];
    const words = {
      json: false,
      writeLine: (line: string) => lines.push(line),
      otherLedger: "",
      localExplorerCache: "",
    };
    await expect(runLedgerRequest(project, undefined, words)).rejects.toThrow(refusal);
    const cwd = process.cwd();
    process.chdir(project);
    try {
      await expect(
        mergeCommand(["--from", "shards", "--ledger", ".explorer-verify/ledger.json"]),
      ).rejects.toThrow(refusal);
    } finally {
      process.chdir(cwd);
    }
    expect(lines).toEqual([]);
  });
});

describe("a committed artifacts link to a folder outside a Foundry project", () => {
  it("is not taken as the build on the CLI, as the Action does not take it", async () => {
    const project = join(root, "foundry-linked");
    await mkdir(project);
    await writeFile(join(project, "foundry.toml"), '[profile.default]\nsrc = "src"\n');
    await symlink(resolve("test/fixtures/foundry-project/out"), join(project, "artifacts"));
    const place = { cwd: project, foundry: await projectFoundryConfig(project), command: "verify" };
    const values = { contract: "src/Counter.sol:Counter", format: verificationDefaults.format, proxy: false };
    expect(
      thrown(() => flagsRun(values, ["0x5FbDB2315678afecb367f032d93F642f64180aa3"], place)).shortMessage,
    ).toBe(
      `--artifacts names artifacts, a link that leads outside the workspace ${project}: it is not read. Name a file outside the workspace by its absolute path.`,
    );
  });
});
