import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bundleOf, bundleText } from "../../src/run/jobs/bundleWriter.js";
import { runActionInProcess } from "../support/actionInProcess.js";
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
  // An Ignition deployment, a Foundry broadcast and a build folder outside, each linked from the workspace.
  const ignition = join(outside, "chain-31337");
  await mkdir(ignition);
  await writeFile(join(ignition, "deployed_addresses.json"), `{"token": ${secretLike}}`);
  await writeFile(join(outside, "run-latest.json"), `{"token": ${secretLike}}`);
  await mkdir(join(outside, "artifacts", "build-info"), { recursive: true });
  await writeFile(join(outside, "artifacts", "build-info", "token.json"), `{"token": ${secretLike}}`);
  await mkdir(join(workspace, "ignition", "deployments"), { recursive: true });
  await symlink(ignition, join(workspace, "ignition", "deployments", "chain-31337"));
  await mkdir(join(workspace, "broadcast", "Deploy.s.sol", "31337"), { recursive: true });
  await symlink(
    join(outside, "run-latest.json"),
    join(workspace, "broadcast", "Deploy.s.sol", "31337", "run-latest.json"),
  );
  await symlink(join(outside, "artifacts"), join(workspace, "linked-artifacts"));
  // The same deployment inside the workspace, whose file is not JSON.
  await mkdir(join(workspace, "own", "chain-31337"), { recursive: true });
  await writeFile(
    join(workspace, "own", "chain-31337", "deployed_addresses.json"),
    `{"token": ${secretLike}}`,
  );
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

const runAction = async (inputs: Record<string, string>) =>
  (await runActionInProcess(inputs, { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: outside })).log;

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

describe("a relative deployment or artifacts input that a link leads outside the workspace", () => {
  const refusal = (input: string, path: string) =>
    `::error::Input ${input} names ${path}, a link that leads outside the workspace ${workspace}: it is not read. Name a file outside the workspace by its absolute path.`;

  it.each([
    ["an Ignition deployment folder", "ignition/deployments/chain-31337"],
    ["a Foundry broadcast", "broadcast/Deploy.s.sol/31337/run-latest.json"],
    ["a pattern's match", "ignition/deployments/*"],
  ])("is refused for %s, before anything under it is read or sent", async (_, deployment) => {
    const log = await runAction({ deployment, "explorer-url": explorer.url });
    expect(log).toContain(
      refusal("deployment", deployment.includes("*") ? "ignition/deployments/chain-31337" : deployment),
    );
    expect(log).not.toContain("ghp_");
    expect(explorer.seen.requests).toBe(0);
  });

  it("is refused for the artifacts folder", async () => {
    const log = await runAction({
      contracts: JSON.stringify({ contracts: [{ address: "0x5FbDB2315678afecb367f032d93F642f64180aa3" }] }),
      artifacts: "linked-artifacts",
      "explorer-url": explorer.url,
    });
    expect(log).toContain(refusal("artifacts", "linked-artifacts"));
    expect(log).not.toContain("ghp_");
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

  it("is named without quoting it when it is a deployment's", async () => {
    const log = await runAction({ deployment: "own/chain-31337", "explorer-url": explorer.url });
    expect(log).toContain(
      `${join(workspace, "own", "chain-31337", "deployed_addresses.json")} is not valid JSON`,
    );
    expect(log).not.toContain("ghp_");
  });
});
