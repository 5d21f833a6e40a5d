import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type HardhatNode, repoRoot, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { preparePluginProject, removePluginProject } from "../support/pluginProject.js";

// `npx hardhat explorer-verify --serve` in a user's project with the packed package: the table, then the pages'
// URL, served until Ctrl-C.
let project: string;
let chain: HardhatNode;
let token: string;

beforeAll(async () => {
  project = await preparePluginProject();
  chain = await startHardhatNode(project);
  await runHardhat(project, ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost"], {
    FIXTURE_NODE_URL: chain.url,
  });
  const file = join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json");
  const deployed = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
  token = Object.entries(deployed).find(([future]) => future.endsWith("#Token"))?.[1] ?? "";
}, 300_000);

afterAll(async () => {
  await chain?.stop();
  await removePluginProject(project);
});

// A FORCE_COLOR of the machine's would make Node warn on the task's stderr beside NO_COLOR.
function withoutForcedColour(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _forceColor, ...rest } = env;
  return rest;
}

describe("npx hardhat explorer-verify --serve", () => {
  it("prints the pages' URL after the table and serves them until SIGINT", async () => {
    const binDir = join(repoRoot, "node_modules", ".bin");
    const child = spawn(
      join(binDir, "node"),
      [
        join(repoRoot, "node_modules", "hardhat", "dist", "src", "cli.js"),
        "explorer-verify",
        "--network",
        "localhost",
        "--serve",
        token,
        "Fixture Token",
        "1000000",
      ],
      {
        cwd: project,
        env: {
          ...withoutForcedColour(process.env),
          PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`,
          NO_COLOR: "1",
          HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
          FIXTURE_NODE_URL: chain.url,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const found =
          /^Local explorer pages at (http:\/\/127\.0\.0\.1:\d+)\/ \(serving until Ctrl-C\)$/m.exec(stdout);
        if (found?.[1]) resolve(found[1]);
      });
      void exited.then((code) => reject(new Error(`exited ${code} before serving:\n${stdout}\n${stderr}`)));
    });
    expect(stdout).toMatch(new RegExp(`Token +${token} +(verified|already verified)`, "i"));
    expect(stdout).not.toContain("links work only while the local explorer runs");
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(`Token at ${token.toLowerCase()}`);
    child.kill("SIGINT");
    await expect(exited).resolves.toBe(0);
    await expect(fetch(`${url}/`)).rejects.toThrow("fetch failed");
    expect(stderr).toBe("");
  }, 300_000);
});
