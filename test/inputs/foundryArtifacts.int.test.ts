import { appendFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { keccak256 } from "viem";
import { readBuildInfos } from "../../src/inputs/buildInfo.js";
import { contractsOf } from "../../src/inputs/compiledContracts.js";
import { copyForgeFixture, forge, forgeEnvironment } from "../support/foundryProject.js";
import { type InternetTrap, startInternetTrap } from "../support/internetTrap.js";
import { rejected } from "../support/rejected.js";

// The real forge (npm @foundry-rs/forge) builds the fixture without build_info, with the optimizer and a library
// named in the profile: out/ then holds artifacts and a build info without input, as most Foundry projects have.
const require = createRequire(import.meta.url);
const solc = require("solc") as { compile(input: string): string };
const weights = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
let root: string;
let dir: string;
let trap: InternetTrap;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "explorer-verify-forge-artifacts-"));
  trap = await startInternetTrap();
  dir = await copyForgeFixture(
    root,
    (toml) =>
      `${toml
        .replace("build_info = true", "build_info = false")
        .replace(
          "optimizer = false",
          "optimizer = true\noptimizer_runs = 500",
        )}\nlibraries = ["src/libraries/Weights.sol:Weights:${weights}"]\n`,
  );
  await forge(dir, forgeEnvironment(root, trap), ["build"]);
}, 120_000);

afterAll(async () => {
  await trap?.close();
  await rm(root, { recursive: true, force: true });
});

describe("a Foundry out/ without build info", () => {
  it("gives each contract the input its metadata describes, which compiles to the artifact's code", async () => {
    const contracts = (await readBuildInfos(join(dir, "out"), "--artifacts", { root: dir })).flatMap(
      contractsOf,
    );
    expect(contracts.map((contract) => contract.userFqn).sort()).toEqual([
      "script/Deploy.s.sol:Deploy",
      "script/Deploy.s.sol:Vm",
      "src/Registry.sol:Entry",
      "src/Registry.sol:Registry",
      "src/Salted.sol:Salted",
      "src/Vault.sol:Vault",
      "src/libraries/Weights.sol:Weights",
    ]);
    const vault = contracts.find((contract) => contract.contractName === "Vault");
    expect(vault?.compilerVersion).toBe("v0.8.28+commit.7893614a");
    expect(Object.keys(vault?.input.sources ?? {})).toEqual(["src/Vault.sol", "src/libraries/Weights.sol"]);
    expect(vault?.input.settings).toEqual({
      remappings: [],
      optimizer: { enabled: true, runs: 500 },
      metadata: { bytecodeHash: "ipfs" },
      evmVersion: "cancun",
      libraries: { "src/libraries/Weights.sol": { Weights: weights.toLowerCase() } },
      outputSelection: {
        "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object", "metadata"] },
      },
    });
    for (const contract of contracts) {
      const output = JSON.parse(solc.compile(JSON.stringify(contract.input))) as {
        contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
      };
      expect(`0x${output.contracts[contract.sourceName]?.[contract.contractName]?.evm.bytecode.object}`).toBe(
        contract.bytecode,
      );
    }
  }, 60_000);

  it("refuses a source that changed since the build, naming it", async () => {
    const source = join(dir, "src", "Salted.sol");
    const before = await readFile(source, "utf8");
    try {
      await appendFile(source, "// edited\n");
      const error = await rejected(
        readBuildInfos(join(dir, "out"), "--artifacts", { contractNames: ["Salted"] }),
      );
      expect(error.field).toBe("--artifacts");
      const edited = keccak256(await readFile(source));
      expect(error.shortMessage).toBe(
        `${source} has changed since forge built ${join(dir, "out", "Salted.sol", "Salted.json")} (its keccak256 is ${edited}, the build's metadata records ${keccak256(Buffer.from(before))}): run forge build, or restore the file as it was when the contract was deployed.`,
      );
    } finally {
      await writeFile(source, before);
    }
  });

  it("reaches nothing beyond loopback", () => {
    expect(trap.attempts).toEqual([]);
  });
});
