import { readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type BroadcastTransaction, replayBroadcast, runLatest, send } from "./foundryChain.js";

// The packed package's `explorer-verify` bin, run with the pinned Node in a Foundry project without Hardhat,
// against a real local chain holding the fixture's broadcast, verified by the embedded local explorer.
let project: CliProject;
let chain: HardhatChain;
let broadcast: BroadcastTransaction[];
let counting: { server: Server; url: string; requests: number };
const compilerVersion = "v0.8.28+commit.7893614a";

function results(stdout: string): VerificationResult[] {
  return (JSON.parse(stdout) as { results: VerificationResult[] }).results;
}

function creation(name: string): BroadcastTransaction["transaction"] {
  const found = broadcast.find((t) => t.contractName === name && t.transactionType === "CREATE");
  if (!found) throw new Error(`no ${name} in the broadcast`);
  return found.transaction;
}

beforeAll(async () => {
  [project, chain] = await Promise.all([prepareCliProject(), startHardhatChain()]);
  broadcast = await replayBroadcast(chain.rpcUrl);
  const server = createServer((request, response) => {
    counting.requests++;
    request.resume();
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  counting = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: 0 };
}, 240_000);

afterAll(async () => {
  await new Promise((resolve) => counting?.server.close(resolve));
  await chain?.stop();
  await removeCliProject(project);
});

describe("explorer-verify verify on a Foundry project", () => {
  it("verifies the broadcast's contracts on the embedded local explorer, with a line per state change and a table", async () => {
    const run = await explorerVerify(project, [
      "verify",
      "--deployment",
      runLatest,
      "--rpc-url",
      chain.rpcUrl,
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^Verifying 5 contracts on the local explorer at http:\/\/127\.0\.0\.1:\d+ \(no explorer is named for local chain 31337\)$/,
    );
    expect(lines).toContain("verified    src/Token.sol:Token at 0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512");
    expect(run.stdout).toMatch(/Contract\s+Address\s+Status\s+Time\s+Explorer/);
    expect(run.stdout).toMatch(
      /src\/lib\/MathLib\.sol:MathLib\s+0x5FbDB2315678afecb367f032d93F642f64180aa3\s+verified\s+[\d.]+ s\s+http:\/\/127\.0\.0\.1:\d+\/address\/0x5FbDB2315678afecb367f032d93F642f64180aa3#code/,
    );
  }, 180_000);

  it("makes no submission when run again, and prints one JSON document with --json", async () => {
    const run = await explorerVerify(project, [
      "verify",
      "--deployment",
      runLatest,
      "--rpc-url",
      chain.rpcUrl,
      "--json",
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^Verifying 5 contracts on the local explorer/);
    expect(results(run.stdout).map((r) => [r.contract, r.address, r.status, r.attempts])).toEqual([
      ["src/lib/MathLib.sol:MathLib", "0x5FbDB2315678afecb367f032d93F642f64180aa3", "already-verified", 0],
      ["src/Token.sol:Token", "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", "already-verified", 0],
      ["src/Calculator.sol:Calculator", "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", "already-verified", 0],
      ["src/Counter.sol:Counter", "0xc8B0b7add382D19917F9Fe366EAcB5c2C5ce2CD9", "already-verified", 0],
      ["src/legacy/Counter.sol:Counter", "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9", "already-verified", 0],
    ]);
  }, 120_000);

  it("infers the contract from the deployed code and recovers its constructor arguments without --contract", async () => {
    const token = await send(chain.rpcUrl, creation("Token"));
    const run = await explorerVerify(project, ["verify", token ?? "", "--rpc-url", chain.rpcUrl, "--json"]);
    expect(run.code).toBe(0);
    const [result] = results(run.stdout);
    expect(result).toMatchObject({
      address: token,
      contract: "src/Token.sol:Token",
      format: "standard-json",
      status: "verified",
      attempts: 1,
    });
  }, 120_000);
});

describe("explorer-verify with a standard JSON input, then status and fetch", () => {
  let counter: string;
  let guid: string;

  it("verifies a contract from a standard JSON input and a compiler version", async () => {
    const buildInfo = JSON.parse(
      await readFile(join(project.dir, "out", "build-info", "4cdb80011a7505166fdcb72e119dafa6.json"), "utf8"),
    ) as { input: unknown };
    await writeFile(join(project.dir, "input.json"), JSON.stringify(buildInfo.input));
    // The broadcast's plain CREATE of a Counter is the one of src/legacy/Counter.sol.
    counter = (await send(chain.rpcUrl, creation("Counter"))) ?? "";
    const run = await explorerVerify(project, [
      "verify",
      counter,
      "--standard-json",
      "input.json",
      "--contract",
      "src/legacy/Counter.sol:Counter",
      "--compiler-version",
      compilerVersion,
      "--rpc-url",
      chain.rpcUrl,
      "--json",
    ]);
    expect(run.code).toBe(0);
    const [result] = results(run.stdout);
    expect(result).toMatchObject({
      address: counter,
      contract: "src/legacy/Counter.sol:Counter",
      status: "verified",
      attempts: 1,
    });
    expect(result?.guid).toMatch(/^[0-9A-Za-z]{20,100}$/);
    guid = result?.guid ?? "";
  }, 120_000);

  it("status GUID reads the verdict from the local explorer's saved state", async () => {
    const run = await explorerVerify(project, ["status", guid, "--rpc-url", chain.rpcUrl]);
    expect(run).toEqual({ code: 0, stdout: `${guid}: Pass - Verified (verified)\n`, stderr: "" });
    const json = await explorerVerify(project, ["status", guid, "--rpc-url", chain.rpcUrl, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ guid, state: "pass", message: "Pass - Verified" });
  }, 60_000);

  it("fetch ADDRESS --out DIR writes the ABI, the settings and the sources the explorer holds", async () => {
    const run = await explorerVerify(project, [
      "fetch",
      counter,
      "--out",
      "fetched",
      "--rpc-url",
      chain.rpcUrl,
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Wrote Counter \(v0\.8\.28\+commit\.7893614a\) to .*fetched: abi\.json, contract\.json, \d+ source files?, creation\.json\n$/,
    );
    const artifact = JSON.parse(
      await readFile(join(project.dir, "out", "legacy", "Counter.sol", "Counter.json"), "utf8"),
    ) as {
      abi: unknown;
    };
    expect(JSON.parse(await readFile(join(project.dir, "fetched", "abi.json"), "utf8"))).toEqual(
      artifact.abi,
    );
    const source = await readFile(join(project.dir, "src", "legacy", "Counter.sol"), "utf8");
    expect(
      await readFile(join(project.dir, "fetched", "sources", "src", "legacy", "Counter.sol"), "utf8"),
    ).toBe(source);
  }, 60_000);
});

describe("explorer-verify refuses mistakes in one line, before any request", () => {
  const address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

  it.each([
    [
      "a malformed address",
      ["verify", "0x5FbDB2315678afecb367f032d93F642f64180aa", "--contract", "Token"],
      {},
      'explorer-verify: Invalid address "0x5FbDB2315678afecb367f032d93F642f64180aa": expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      "a key variable that is set but empty",
      ["verify", address, "--contract", "src/lib/MathLib.sol:MathLib"],
      { EXPLORER_VERIFY_API_KEY: "" },
      "explorer-verify: EXPLORER_VERIFY_API_KEY is set but empty: the secret it is read from did not reach this environment. Set it, or unset the variable to verify without a key.",
    ],
    [
      "a key on the command line",
      ["verify", address, "--api-key", "secret"],
      {},
      "explorer-verify: There is no --api-key flag (a key on the command line lands in shell history): set EXPLORER_VERIFY_API_KEY.",
    ],
    [
      "--recheck without a ledger",
      ["verify", "--deployment", runLatest, "--recheck", "--no-ledger"],
      {},
      "explorer-verify: --recheck asks the explorer about what the ledger says is verified: drop --no-ledger (or --ledger none).",
    ],
    [
      "a guid that is not one",
      ["status", "not-a-guid"],
      {},
      'explorer-verify: Invalid guid "not-a-guid": expected the receipt a submission returned (20 to 100 letters and digits).',
    ],
  ])("%s", async (_name, args, env, message) => {
    counting.requests = 0;
    const run = await explorerVerify(project, [...args, "--explorer-url", counting.url], env);
    expect(run).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
    expect(counting.requests).toBe(0);
  });

  it.each([
    ["verify", "Usage:"],
    ["status", "Usage: explorer-verify status GUID"],
    ["fetch", "Usage: explorer-verify fetch ADDRESS"],
    ["local-explorer", "Usage: explorer-verify local-explorer --rpc URL"],
  ])("%s --help prints its usage", async (command, start) => {
    const run = await explorerVerify(project, [command, "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith(start)).toBe(true);
  });
});
