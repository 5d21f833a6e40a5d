import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { repoRoot } from "../inputs/hardhatProject.js";
import { testAddress } from "../support/addresses.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// `npm run local-explorer -- --blockscout-version 12`: the long-lived local explorer answering as Blockscout 12.
let chain: HardhatChain;
let folder: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-local-explorer-cli-"));
  chain = await startHardhatChain();
}, 120_000);

afterAll(async () => {
  for (const child of running) child.kill("SIGTERM");
  await chain?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

function localExplorer(args: string[]): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(repoRoot, "src", "local-explorer", "cli.ts"), ...args],
    {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  running.push(child);
  return child;
}

/** The first stdout line matching `pattern`, or the process's end with what it printed. */
function firstLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = pattern.exec(stdout);
      if (found) resolve(found);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("exit", (code) => reject(new Error(`exited ${code}:\n${stdout}\n${stderr}`)));
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe("the local explorer's command", () => {
  it("answers as Blockscout 12 with --blockscout-version 12, saying in a plain line that it kept a torn state aside", async () => {
    const state = join(folder, "state.json");
    await writeFile(state, '{"version":1,"chainId":31337,"contr');
    const child = localExplorer(["--rpc", chain.rpcUrl, "--blockscout-version", "12", "--state", state]);
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [line, url] = await firstLine(
      child,
      /^Local explorer for chain 31337 at (http:\/\/127\.0\.0\.1:\d+), answering as Blockscout 12 .*$/m,
    );
    expect(line).toContain("answering as Blockscout 12");
    expect(stderr.replace(/corrupt-\d+/, "corrupt-N")).toBe(
      `The local explorer's state file ${state} is unreadable: kept as ${state}.corrupt-N, and a new one begun.\n`,
    );
    // Blockscout 12 reads the metadata only from a part named metadata.json.
    const body = new FormData();
    body.append("addressHash", testAddress(0x12));
    body.append("files[0]", new Blob(["{}"], { type: "application/json" }), "Box.json");
    body.append("files[1]", new Blob(["contract Box {}"], { type: "text/plain" }), "contracts/Box.sol");
    const answer = await fetch(`${url}/api?module=contract&action=verify_via_sourcify`, {
      method: "POST",
      body,
    });
    expect(await answer.json()).toEqual({
      status: "0",
      message: "Sourcify did not return metadata",
      result: null,
    });
  }, 60_000);

  it("refuses a version it cannot answer as, or a compiler that is not there, in one line", async () => {
    const [version, compiler] = await Promise.all([
      exitOf(localExplorer(["--rpc", chain.rpcUrl, "--blockscout-version", "13"])),
      exitOf(localExplorer(["--rpc", chain.rpcUrl, "--compiler", "/nonexistent/soljson.js"])),
    ]);
    expect(version.code).toBe(2);
    expect(version.stderr.split("\n")[0]).toBe(
      'local-explorer: --blockscout-version must be 11 or 12, got "13".',
    );
    expect(compiler.code).toBe(2);
    expect(compiler.stderr.split("\n")[0]).toBe(
      "local-explorer: --compiler names /nonexistent/soljson.js, which does not exist.",
    );
  }, 60_000);

  it("answers as the Blockscout API too with --pro-api-unsupported-chain: 404 Network not supported there", async () => {
    const child = localExplorer([
      "--rpc",
      chain.rpcUrl,
      "--state",
      join(folder, "api.json"),
      "--pro-api-unsupported-chain",
      "31337",
    ]);
    const [, url, api] = await firstLine(
      child,
      /^Local explorer for chain 31337 at (http:\/\/127\.0\.0\.1:\d+), .*, and as the Blockscout API at (\S+)\/api$/m,
    );
    expect(api).toBe(`${url}/31337`);
    const answer = await fetch(
      `${api}/api?module=contract&action=getabi&address=${testAddress(0x13)}&apikey=proapi_x`,
    );
    expect([answer.status, await answer.json()]).toEqual([
      404,
      { error: "Network not supported", source: "internal" },
    ]);
    expect(answer.headers.get("x-credits-remaining")).toBe("-1");
    // Its root stays the chain's instance.
    const instance = await fetch(`${url}/api?module=contract&action=getabi&address=${testAddress(0x13)}`);
    expect(await instance.json()).toMatchObject({
      status: "0",
      message: "Contract source code not verified",
    });
  }, 60_000);
});
