import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import { HardhatPluginError } from "hardhat/plugins";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import explorerVerify from "../../plugin/index.js";
import type { ContractRecord } from "../../src/local-explorer/backend.js";
import { restNotFound, restObject } from "../../src/local-explorer/responses.js";
import { testAddress } from "../support/addresses.js";
import { startTestExplorer } from "../support/testExplorer.js";

// `fetch` in a Hardhat runtime with the plugin, against a test explorer on 127.0.0.1 that answers getsourcecode
// from its contract module and GET /api/v2/smart-contracts/{address} with bodies shaped like Blockscout's
// SmartContractView (is_verified, verified_twin_address_hash, proxy_type, implementations, is_vyper_contract).
const smartContracts = new Map<string, Record<string, unknown>>();
const explorer = await startTestExplorer({
  rest: async (path) => {
    const body = smartContracts.get(path);
    return body ? restObject(body) : restNotFound();
  },
});
const hre: HardhatRuntimeEnvironment = await createHardhatRuntimeEnvironment({ plugins: [explorerVerify] });
let out: string;
let printed: string[];

beforeEach(async () => {
  explorer.reset();
  smartContracts.clear();
  out = await mkdtemp(join(tmpdir(), "explorer-verify-fetch-"));
  printed = [];
  jest.spyOn(console, "log").mockImplementation((...parts: unknown[]) => {
    printed.push(parts.join(" "));
  });
});
afterEach(async () => {
  jest.restoreAllMocks();
  await rm(out, { recursive: true, force: true });
});
afterAll(() => explorer.close());

function fetch(address: string): Promise<unknown> {
  return hre.tasks.getTask(["explorer-verify", "fetch"]).run({ address, out, explorerUrl: explorer.url });
}

function record(address: string, overrides: Partial<ContractRecord> = {}): Partial<ContractRecord> {
  return {
    address,
    contractName: "Vault",
    compilerVersion: "v0.8.28+commit.7893614a",
    sourceCode: "contract Vault {}",
    fileName: "contracts/Vault.sol",
    abi: [{ type: "function", name: "ping", inputs: [], outputs: [] }],
    optimizationUsed: false,
    verifiedAt: 1_720_000_000,
    ...overrides,
  };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

const verified = { is_verified: true, is_fully_verified: true, is_partially_verified: false };

describe("explorer-verify fetch", () => {
  it("writes absolute and `/`-rooted source names under the output folder", async () => {
    const address = testAddress(0xf1);
    explorer.backend.addContract(address, {
      verified: record(address, {
        fileName: "/home/dev/project/contracts/A.sol",
        sourceCode: "contract A {}",
        additionalSources: [
          { Filename: "/@openzeppelin/contracts/token/ERC20/ERC20.sol", SourceCode: "contract ERC20 {}" },
          { Filename: "C:\\dev\\lib\\B.sol", SourceCode: "contract B {}" },
        ],
      }),
    });
    smartContracts.set(`/smart-contracts/${address}`, { ...verified, name: "Vault" });
    await fetch(address);
    expect(await filesUnder(out)).toEqual([
      "abi.json",
      "contract.json",
      "sources/@openzeppelin/contracts/token/ERC20/ERC20.sol",
      "sources/dev/lib/B.sol",
      "sources/home/dev/project/contracts/A.sol",
    ]);
    await expect(readFile(join(out, "sources/home/dev/project/contracts/A.sol"), "utf8")).resolves.toBe(
      "contract A {}",
    );
    expect(printed).toEqual([
      `Wrote Vault (v0.8.28+commit.7893614a) to ${out}: abi.json, contract.json, 3 source files`,
    ]);
  });

  it("refuses a name that climbs out of the folder before writing anything", async () => {
    const address = testAddress(0xf2);
    explorer.backend.addContract(address, {
      verified: record(address, {
        additionalSources: [{ Filename: "contracts/../../../escape.sol", SourceCode: "x" }],
      }),
    });
    smartContracts.set(`/smart-contracts/${address}`, verified);
    const error = await fetch(address).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HardhatPluginError);
    expect((error as Error).message).toBe(
      `Refusing to write the source "contracts/../../../escape.sol": it would land outside ${join(out, "sources")}.`,
    );
    expect(await filesUnder(out)).toEqual([]);
  });

  it("refuses to write through a link in the output folder, as a folder on the way or as the file", async () => {
    const address = testAddress(0xf4);
    explorer.backend.addContract(address, { verified: record(address) });
    smartContracts.set(`/smart-contracts/${address}`, verified);
    const outside = await mkdtemp(join(tmpdir(), "explorer-verify-outside-"));
    await writeFile(join(outside, "victim.txt"), "kept");
    await symlink(outside, join(out, "sources"));
    const error = await fetch(address).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HardhatPluginError);
    expect((error as Error).message).toBe(
      `Refusing to write ${join(out, "sources", "contracts", "Vault.sol")}: ${join(out, "sources")} is a link; remove it or choose another --out folder.`,
    );
    await rm(join(out, "sources"));
    await symlink(join(outside, "victim.txt"), join(out, "abi.json"));
    const second = await fetch(address).catch((e: unknown) => e);
    expect((second as Error).message).toBe(
      `Refusing to write ${join(out, "abi.json")}: ${join(out, "abi.json")} is a link; remove it or choose another --out folder.`,
    );
    expect(await readdir(outside)).toEqual(["victim.txt"]);
    await expect(readFile(join(outside, "victim.txt"), "utf8")).resolves.toBe("kept");
    await rm(outside, { recursive: true });
  });

  it("says which file it cannot write, and leaves no half-written file beside it", async () => {
    const address = testAddress(0xf5);
    explorer.backend.addContract(address, { verified: record(address) });
    smartContracts.set(`/smart-contracts/${address}`, verified);
    await mkdir(join(out, "abi.json"));
    const error = await fetch(address).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `Cannot write ${join(out, "abi.json")} (EISDIR): choose another --out folder.`,
    );
    expect((await readdir(out)).sort()).toEqual(["abi.json", "sources"]);
  });

  it("names a flattened Vyper contract's file .vy", async () => {
    const address = testAddress(0xf3);
    explorer.backend.addContract(address, {
      verified: record(address, {
        contractName: "Vault",
        compilerVersion: "v0.3.10+commit.91361694",
        fileName: "",
        sourceCode: "# @version 0.3.10\n@external\ndef ping():\n    pass\n",
      }),
    });
    smartContracts.set(`/smart-contracts/${address}`, { ...verified, is_vyper_contract: true });
    await fetch(address);
    expect(await filesUnder(join(out, "sources"))).toEqual(["Vault.vy"]);
    expect(JSON.parse(await readFile(join(out, "contract.json"), "utf8"))).toMatchObject({
      verification: { standing: "verified", language: "vyper" },
    });
  });

  it("says that an unverified bytecode twin's sources are the twin's, and records it", async () => {
    const original = testAddress(0xf4);
    const twin = testAddress(0xf5);
    explorer.backend.addContract(original, { verified: record(original) });
    explorer.backend.addContract(twin, { twinOf: original });
    smartContracts.set(`/smart-contracts/${twin}`, {
      verified_twin_address_hash: "0x00000000000000000000000000000000000000F4",
      is_verified: false,
      is_partially_verified: false,
      is_fully_verified: false,
      name: "Vault",
      compiler_version: "v0.8.28+commit.7893614a",
    });
    await fetch(twin);
    expect(printed).toEqual([
      `Wrote Vault (v0.8.28+commit.7893614a) to ${out}: abi.json, contract.json, 1 source file`,
      `${twin} is not verified itself: these are the sources of ${original}, a verified contract with the same bytecode (a bytecode twin).`,
    ]);
    expect(JSON.parse(await readFile(join(out, "contract.json"), "utf8"))).toMatchObject({
      address: twin,
      verification: { standing: "bytecode-twin", sourceAddress: original, language: "solidity" },
    });
  });

  it("says that an unverified EIP-1167 clone's sources are its implementation's", async () => {
    const implementation = testAddress(0xf6);
    const clone = testAddress(0xf7);
    explorer.backend.addContract(implementation, { verified: record(implementation) });
    explorer.backend.addContract(clone, { twinOf: implementation });
    smartContracts.set(`/smart-contracts/${clone}`, {
      is_verified: false,
      proxy_type: "eip1167",
      implementations: [{ address_hash: "0x00000000000000000000000000000000000000F6", name: "Vault" }],
    });
    await fetch(clone);
    expect(printed[1]).toBe(
      `${clone} is an EIP-1167 clone that is not verified itself: these are the sources of its implementation ${implementation}.`,
    );
  });
});
