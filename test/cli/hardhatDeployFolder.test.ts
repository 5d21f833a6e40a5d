import { cp, mkdir, mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";
import { readDeploymentFiles } from "../../src/inputs/hardhatDeployFiles.js";
import { maxDeploymentFolderBytes } from "../../src/inputs/innerFile.js";
import { testAddress } from "../support/addresses.js";
import { writeBuildInfoInput, writeIgnitionDeployment } from "../support/ignitionFiles.js";
import { useTestExplorer } from "../support/useTestExplorer.js";

// A hardhat-deploy folder as a stranger may push it (and an Ignition deployment folder, for the byte budget they
// share), through the CLI (in this process) against a Blockscout stand-in: what the explorer received is counted.
const { explorer } = await useTestExplorer();
const v1 = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "fixtures",
  "hardhat-deploy-v1",
  "deployments",
  "localhost",
);
const box = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const others = [
  "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
  "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
];

// The folder's contracts, on the explorer: each verifies at once.
function onTheExplorer(): void {
  for (const address of [box, ...others]) explorer.backend.addContract(address);
}
// The Token's compilation: it holds contracts/MathLib.sol and contracts/Token.sol, not contracts/Box.sol.
const tokenInput = "d181d962c24a3dfd973f79c3a87c4f0c";
let top: string;

beforeAll(async () => {
  top = await mkdtemp(join(tmpdir(), "explorer-verify-hardhat-deploy-folder-"));
});
afterAll(() => rm(top, { recursive: true, force: true }));

async function copyOfV1(name: string): Promise<string> {
  const folder = join(top, name, "localhost");
  await cp(v1, folder, { recursive: true });
  return folder;
}

async function edit(path: string, change: (file: Record<string, unknown>) => void): Promise<void> {
  const file = JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
  change(file);
  await writeFile(path, JSON.stringify(file));
}

// What the CLI printed (stdout and stderr) and its exit code.
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  jest.spyOn(console, "log").mockImplementation((line: unknown) => {
    out += `${String(line)}\n`;
  });
  jest.spyOn(console, "error").mockImplementation((line: unknown) => {
    err += `${String(line)}\n`;
  });
  jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    err += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), out, err };
  } finally {
    jest.restoreAllMocks();
  }
}

// The verification requests the explorer received for an address.
function verifyRequests(address: string) {
  return explorer.requests.filter((request) => {
    const fields = { ...request.query, ...request.body } as Record<string, unknown>;
    return (
      String(fields.action ?? "").startsWith("verify") &&
      String(fields.contractaddress ?? fields.address ?? "").toLowerCase() === address.toLowerCase()
    );
  });
}

describe("a hardhat-deploy folder's byte budget", () => {
  it("refuses 40 files of 31 MB (each under the per-file cap) in one line, before reading one or sending anything", async () => {
    const folder = join(top, "heavy", "localhost");
    await cp(v1, folder, { recursive: true });
    for (let i = 0; i < 40; i++) {
      // Sparse: the size a reader sees, without the disk.
      const handle = await open(join(folder, `Heavy${String(i).padStart(2, "0")}.json`), "w");
      await handle.truncate(31_000_000);
      await handle.close();
    }
    const run = await cli(["verify", "--deployment", folder, "--explorer-url", explorer.url]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(
      `The deployments folder ${folder} holds ${40 * 31_000_000 + (await filesBytes(v1))} bytes of deployment and solcInputs files, more than the ${maxDeploymentFolderBytes} this reader takes for one folder.`,
    );
    expect(explorer.requests).toEqual([]);
  });

  it("keeps nothing verifying does not read: bytecode, deployedBytecode and storageLayout are dropped once parsed", async () => {
    const { files } = await readDeploymentFiles(v1, { field: "deployment" });
    const source = JSON.parse(await readFile(join(v1, "Token.json"), "utf8")) as Record<string, unknown>;
    expect(Object.keys(source)).toEqual(
      expect.arrayContaining(["bytecode", "deployedBytecode", "storageLayout"]),
    );
    const token = files.get("Token") ?? {};
    expect(Object.keys(token)).not.toEqual(expect.arrayContaining(["bytecode"]));
    expect("deployedBytecode" in token || "storageLayout" in token || "bytecode" in token).toBe(false);
    expect(token).toMatchObject({ address: source.address, metadata: source.metadata });
  });
});

describe("an Ignition deployment folder's byte budget", () => {
  it("refuses a journal and artifacts over the budget in one line, before reading one or sending anything", async () => {
    const folder = join(top, "ignition", "chain-31337");
    const box = {
      name: "Box",
      source: "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Box {}\n",
    };
    await writeBuildInfoInput(join(folder, "build-info", "b1.json"), "b1", [box]);
    await writeIgnitionDeployment(folder, { buildInfoId: "b1", contract: "Box", address: testAddress(0xb0) });
    explorer.backend.addContract(testAddress(0xb0));
    const small = await filesBytes(folder, [
      "deployed_addresses.json",
      "journal.jsonl",
      "artifacts/Module#Box.json",
    ]);
    // Two sparse artifacts just over what is left: their size as a reader sees it, without the disk.
    const heavy = Math.floor((maxDeploymentFolderBytes - small) / 2) + 1;
    for (const name of ["Module#Heavy1.json", "Module#Heavy2.json"]) {
      const handle = await open(join(folder, "artifacts", name), "w");
      await handle.truncate(heavy);
      await handle.close();
    }
    const run = await cli(["verify", "--deployment", folder, "--explorer-url", explorer.url]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(
      `The deployments folder ${folder} holds ${small + 2 * heavy} bytes of journal and artifact files, more than the ${maxDeploymentFolderBytes} this reader takes for one folder.`,
    );
    expect(explorer.requests).toEqual([]);
  });
});

// The deployment files' own bytes (not solcInputs/, not the chain file).
async function filesBytes(
  folder: string,
  names = ["Box.json", "Box_Implementation.json", "Box_Proxy.json", "MathLib.json", "Token.json"],
): Promise<number> {
  let total = 0;
  for (const name of names) {
    total += (await readFile(join(folder, name))).length;
  }
  return total;
}

describe("a solcInputHash naming another compilation's input", () => {
  it("is not used: the metadata's own sources are sent instead, once", async () => {
    const folder = await copyOfV1("other-input-fallback");
    await edit(join(folder, "Box_Implementation.json"), (file) => {
      file.solcInputHash = tokenInput;
    });
    onTheExplorer();
    const run = await cli(["verify", "--deployment", folder, "--explorer-url", explorer.url, "--json"]);
    const sent = verifyRequests(box);
    expect(sent).toHaveLength(1);
    const input = JSON.parse(String(sent[0]?.body.sourceCode)) as { sources: Record<string, unknown> };
    expect(Object.keys(input.sources)).toEqual(["contracts/Box.sol"]);
    expect(run.out).toContain(box);
  });

  it("refuses the contract, naming the mismatch, when the metadata embeds no sources: nothing is sent for it", async () => {
    const folder = await copyOfV1("other-input-refused");
    await edit(join(folder, "Box_Implementation.json"), (file) => {
      file.solcInputHash = tokenInput;
      const metadata = JSON.parse(String(file.metadata)) as { sources: Record<string, { content?: string }> };
      for (const source of Object.values(metadata.sources)) delete source.content;
      file.metadata = JSON.stringify(metadata);
    });
    onTheExplorer();
    const run = await cli(["verify", "--deployment", folder, "--explorer-url", explorer.url, "--json"]);
    expect(`${run.out}${run.err}`).toContain(
      `The deployment Box_Implementation of ${folder} cannot be verified: its solcInputs file solcInputs/${tokenInput}.json lacks the source contracts/Box.sol its metadata names, and its metadata does not embed the source contracts/Box.sol.`,
    );
    expect(verifyRequests(box)).toEqual([]);
  });

  it("refuses a folder whose every deployment is left out: a run of none would pass", async () => {
    const folder = join(top, "only-without-metadata", "localhost");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, ".chainId"), "31337");
    await writeFile(join(folder, "WETH.json"), JSON.stringify({ address: testAddress(0x77), abi: [] }));
    const run = await cli(["verify", "--deployment", folder, "--explorer-url", explorer.url, "--json"]);
    expect({ code: run.code, err: run.err.trim(), out: run.out }).toEqual({
      code: 2,
      err: `explorer-verify: Every deployment of ${folder} is saved without metadata (WETH): nothing says how they were compiled, and nothing is left to verify.`,
      out: "",
    });
  });

  it("leaves out a deployment saved without metadata, says so, and fails no record for it", async () => {
    const folder = await copyOfV1("saved-without-metadata");
    const weth = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
    await writeFile(join(folder, "WETH.json"), JSON.stringify({ address: weth, abi: [] }));
    onTheExplorer();
    const run = await cli(["verify", "--deployment", folder, "--explorer-url", explorer.url, "--json"]);
    expect(run.err).toContain(
      `skipped     deployment["WETH"]: The deployment WETH of ${folder} is left out: saved without metadata`,
    );
    const records = (
      JSON.parse(run.out) as { results: Array<{ address: string; status: string; format: string }> }
    ).results;
    expect(records.map((record) => record.address)).not.toContain(weth);
    // Every contract of the folder is verified (the stand-in links no proxy: that link's record is its own matter).
    const verified = (status: string) => status === "verified" || status === "already-verified";
    expect(records.filter((r) => r.format !== "proxy").map((r) => verified(r.status))).toEqual(
      Array(4).fill(true),
    );
  });
});
