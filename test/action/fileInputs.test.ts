import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { run } from "../../src/action/main.js";
import { bundleOf, bundleText } from "../../src/run/bundleOfJobs.js";
import { type ScriptedServer, startScriptedServer } from "../support/scriptedServer.js";

// The Action's file inputs read from a workspace a pull request wrote, links included. A relative `bundle` or
// `contracts` that leads out of it through a link is refused before anything is read or sent; an absolute path is
// the workflow's own and is read where it points. No error about a file quotes the file.
let workspace: string;
let outside: string;
let explorer: ScriptedServer;
const secretLike = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";
const bundle = bundleText(
  bundleOf(
    [
      {
        address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        chainId: 31337,
        source: {
          format: "flattened",
          sourceCode: "contract Box {}",
          compilerVersion: "v0.8.28+commit.7893614a",
          contractName: "Box",
          optimizer: { enabled: false, runs: 200 },
        },
      },
    ],
    31337,
  ).bundle,
);

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-workspace-"));
  outside = await mkdtemp(join(tmpdir(), "explorer-verify-outside-"));
  await writeFile(join(outside, "verification.json"), bundle);
  await writeFile(join(outside, "token.json"), `{"token": ${secretLike}}`);
  await symlink(join(outside, "verification.json"), join(workspace, "verification.json"));
  await symlink(join(outside, "verification.json"), join(workspace, "manifest.json"));
  await writeFile(join(workspace, "broken.json"), `{"contracts": [], "token": ${secretLike}}`);
  explorer = await startScriptedServer((_request, response) => {
    response.writeHead(500);
    response.end();
  });
});

afterAll(async () => {
  await explorer?.close();
  await rm(workspace, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const variables: string[] = [];
afterEach(() => {
  for (const name of variables.splice(0)) delete process.env[name];
  jest.restoreAllMocks();
});

// run() in this process, as the runner would start it, with what it wrote to the log.
async function runAction(inputs: Record<string, string>): Promise<string> {
  const env: Record<string, string> = { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: outside };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(env)) {
    process.env[name] = value;
    variables.push(name);
  }
  for (const name of ["GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"]) {
    if (process.env[name] !== undefined) throw new Error(`${name} is set: this test writes no runner files`);
  }
  let log = "";
  jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    log += String(chunk);
    return true;
  });
  try {
    await run();
  } finally {
    process.exitCode = undefined;
  }
  return log;
}

describe("a relative file input that a link leads outside the workspace", () => {
  it("is refused for a bundle, valid as it is, before any request", async () => {
    const log = await runAction({ bundle: "verification.json", "explorer-url": explorer.url });
    expect(log).toContain(
      `::error::Input bundle names verification.json, a link that leads outside the workspace ${workspace}: it is not read. Name a file outside the workspace by its absolute path.`,
    );
    expect(explorer.seen.requests).toBe(0);
  });

  it("is refused for a manifest", async () => {
    const log = await runAction({ contracts: "manifest.json", "explorer-url": explorer.url });
    expect(log).toContain(
      `::error::Input contracts names manifest.json, a link that leads outside the workspace ${workspace}: it is not read. Name a file outside the workspace by its absolute path.`,
    );
    expect(explorer.seen.requests).toBe(0);
  });
});

describe("a file that is not JSON", () => {
  it("is read where an absolute path points, and named without quoting it", async () => {
    const path = join(outside, "token.json");
    const log = await runAction({ bundle: path, "explorer-url": explorer.url });
    expect(log).toContain(
      `::error::The bundle ${path} is not valid JSON: it holds a character JSON does not allow there.`,
    );
    expect(log).not.toContain("ghp_");
  });

  it("is named without quoting it when it is the manifest", async () => {
    const log = await runAction({ contracts: "broken.json", "explorer-url": explorer.url });
    expect(log).toContain(
      `::error::The contracts manifest ${join(workspace, "broken.json")} is not valid JSON: it holds a character JSON does not allow there.`,
    );
    expect(log).not.toContain("ghp_");
  });
});
