import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readBuildInfos } from "../../src/inputs/buildInfo.js";
import type { CompiledContract } from "../../src/inputs/compiledContracts.js";
import { findContract } from "../../src/inputs/findContract.js";
import { readManifest } from "../../src/inputs/manifest.js";
import { rejected } from "../support/rejected.js";
import { copyHardhatProject, removeProject, runHardhat } from "./hardhatProject.js";

const tokenAddress = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const libraryAddress = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const calculatorAddress = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
const boxAddress = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const argumentsHex = "0x000000000000000000000000000000000000000000000000000000000000002a";
const tokenEntry = {
  address: tokenAddress,
  contract: "contracts/Token.sol:Token",
  constructorArgs: ["Fixture Token", "FIX", "1000000"],
};
const boxSource =
  "// SPDX-License-Identifier: MIT\npragma solidity 0.8.28;\n\ncontract Box {\n    uint256 public value;\n}\n";
const vaultSource = "# @version 0.3.10\n\nowner: public(address)\n";

describe("readManifest", () => {
  let project: string | undefined;
  let dir: string;
  let token: CompiledContract;
  let calculator: CompiledContract;

  beforeAll(async () => {
    project = await copyHardhatProject();
    dir = project;
    await runHardhat(project, ["build"]);
    const buildInfos = await readBuildInfos(join(project, "artifacts"));
    token = findContract(buildInfos, "Token");
    calculator = findContract(buildInfos, "Calculator");
    await mkdir(join(dir, "inputs"));
    await writeFile(join(dir, "inputs", "token-input.json"), JSON.stringify(token.input));
    await mkdir(join(dir, "flat"));
    await writeFile(join(dir, "flat", "Box.sol"), boxSource);
    await mkdir(join(dir, "vyper"));
    await writeFile(join(dir, "vyper", "Vault.vy"), vaultSource);
    await mkdir(join(dir, "registry"));
    await writeFile(join(dir, "registry", "metadata.json"), token.metadata ?? "");
    await mkdir(join(dir, "registry", "sources"));
    await mkdir(join(dir, "registry", "changed", "contracts"), { recursive: true });
    await writeFile(
      join(dir, "registry", "changed", "contracts", "Token.sol"),
      "// edited after the build\n",
    );
  }, 180_000);

  afterAll(() => removeProject(project));

  function inline(contracts: unknown[]): Promise<unknown> {
    return readManifest(JSON.stringify({ contracts }), { cwd: dir });
  }

  it("reads a manifest file with every kind of entry into jobs", async () => {
    const manifest = {
      contracts: [
        tokenEntry,
        {
          address: calculatorAddress,
          contract: "Calculator",
          libraries: { "contracts/math/MathLib.sol:MathLib": libraryAddress },
          proxy: true,
        },
        {
          address: tokenAddress,
          contract: "contracts/Token.sol:Token",
          constructorArgsHex: argumentsHex,
          standardJsonInput: "inputs/token-input.json",
          compilerVersion: "0.8.28",
        },
        {
          address: boxAddress,
          format: "flattened",
          contract: "Box",
          source: "flat/Box.sol",
          compilerVersion: "v0.8.28+commit.7893614a",
          optimizer: { enabled: true, runs: 200 },
          evmVersion: "cancun",
        },
        {
          address: boxAddress,
          format: "single-file",
          contract: "Box",
          source: "flat/Box.sol",
          compilerVersion: "0.8.28",
        },
        {
          address: boxAddress,
          format: "vyper",
          contract: "Vault",
          source: "vyper/Vault.vy",
          compilerVersion: "0.3.10+commit.91361694",
        },
        {
          address: tokenAddress,
          format: "registry",
          metadata: "registry/metadata.json",
          sources: "contracts/",
        },
      ],
    };
    const path = join(dir, "verify.json");
    await writeFile(path, JSON.stringify(manifest));
    const entries = await readManifest(path, { cwd: "/", artifactsDir: join(dir, "artifacts") });

    expect(entries.map((entry) => entry.proxy)).toEqual([false, true, false, false, false, false, false]);
    const [fromBuild, linked, standardJson, flattened, singleFile, vyper, registry] = entries.map(
      ({ job }) => job,
    );
    expect(fromBuild).toEqual({
      address: tokenAddress,
      contract: "contracts/Token.sol:Token",
      source: {
        format: "standard-json",
        input: token.input,
        compilerVersion: "v0.8.28+commit.7893614a",
        contractName: "project/contracts/Token.sol:Token",
        metadata: token.metadata,
      },
      constructorArguments: { values: ["Fixture Token", "FIX", "1000000"], abi: token.abi },
    });
    expect(linked).toEqual({
      address: calculatorAddress,
      contract: "contracts/Calculator.sol:Calculator",
      source: {
        format: "standard-json",
        input: calculator.input,
        compilerVersion: "v0.8.28+commit.7893614a",
        contractName: "project/contracts/Calculator.sol:Calculator",
        metadata: calculator.metadata,
      },
      libraries: { "project/contracts/math/MathLib.sol:MathLib": libraryAddress },
    });
    expect(standardJson).toEqual({
      address: tokenAddress,
      contract: "contracts/Token.sol:Token",
      source: {
        format: "standard-json",
        input: token.input,
        compilerVersion: "v0.8.28+commit.7893614a",
        contractName: "project/contracts/Token.sol:Token",
      },
      constructorArguments: { hex: argumentsHex },
    });
    expect(flattened).toEqual({
      address: boxAddress,
      contract: "Box",
      source: {
        format: "flattened",
        sourceCode: boxSource,
        compilerVersion: "v0.8.28+commit.7893614a",
        contractName: "Box",
        optimizer: { enabled: true, runs: 200 },
        evmVersion: "cancun",
      },
    });
    expect(singleFile?.source).toEqual({
      format: "single-file",
      sourceCode: boxSource,
      compilerVersion: "v0.8.28+commit.7893614a",
      contractName: "Box",
      optimizer: { enabled: false },
    });
    expect(vyper).toEqual({
      address: boxAddress,
      contract: "Vault",
      source: {
        format: "vyper",
        sourceCode: vaultSource,
        compilerVersion: "v0.3.10+commit.91361694",
        contractName: "Vault",
      },
    });
    expect(registry?.contract).toBe("contracts/Token.sol:Token");
    expect(registry?.source.format).toBe("registry");
    if (registry?.source.format !== "registry") throw new Error("expected a registry source");
    expect(registry.source.metadata).toBe(token.metadata);
    expect(registry.source.sources.map((source) => source.name).sort()).toEqual([
      "project/contracts/Token.sol",
      "project/contracts/access/Owned.sol",
      "project/contracts/math/SafeSum.sol",
    ]);
    for (const source of registry.source.sources) {
      expect(source.content).toBe(token.input.sources[source.name]?.content);
    }
  });

  it("reads an inline manifest, with paths from the working folder and artifacts by default", async () => {
    const entries = await readManifest(
      JSON.stringify({
        contracts: [
          {
            address: boxAddress,
            format: "vyper",
            contract: "Vault",
            source: "vyper/Vault.vy",
            compilerVersion: "v0.3.10+commit.91361694",
          },
          tokenEntry,
        ],
      }),
      { cwd: dir },
    );
    expect(entries.map(({ job }) => job.contract)).toEqual(["Vault", "contracts/Token.sol:Token"]);
  });

  const malformed: Array<[string, unknown[], string, string]> = [
    [
      "an entry that is not an object",
      [1],
      "contracts[0]",
      'contracts[0] must be an object, like { "address": "0x…", "contract": "…" }.',
    ],
    [
      "a missing address",
      [{ contract: "Token" }],
      "contracts[0].address",
      "contracts[0].address is required.",
    ],
    [
      "a malformed address",
      [tokenEntry, { ...tokenEntry, address: "0x1234" }],
      "contracts[1].address",
      'contracts[1].address "0x1234" is not an address: expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      "an unknown format",
      [{ ...tokenEntry, format: "bogus" }],
      "contracts[0].format",
      'contracts[0].format "bogus" is not a format: use flattened, single-file, vyper or registry, or leave it out for standard JSON.',
    ],
    [
      "a format that is not a string",
      [{ ...tokenEntry, format: 3 }],
      "contracts[0].format",
      "contracts[0].format must be a string.",
    ],
    [
      "an unknown field",
      [{ ...tokenEntry, constructorArg: [] }],
      "contracts[0].constructorArg",
      "contracts[0].constructorArg is not a field of a build-info entry; its fields are address, contract, format, constructorArgs, constructorArgsHex, libraries, proxy, creationTransactionHash.",
    ],
    [
      "a field of another format",
      [
        {
          address: boxAddress,
          format: "vyper",
          contract: "Vault",
          source: "v.vy",
          compilerVersion: "v0.3.10+commit.91361694",
          optimizer: { enabled: true },
        },
      ],
      "contracts[0].optimizer",
      'contracts[0].optimizer is not a field of a "vyper" entry; its fields are address, contract, format, source, compilerVersion, constructorArgsHex, proxy, creationTransactionHash.',
    ],
    [
      "a missing contract",
      [{ address: tokenAddress }],
      "contracts[0].contract",
      "contracts[0].contract is required: name the contract (path/File.sol:Name), or give the chain (the Action's rpc-url) to infer it from the deployed code.",
    ],
    [
      "an empty contract",
      [{ address: tokenAddress, contract: "" }],
      "contracts[0].contract",
      "contracts[0].contract must not be empty.",
    ],
    [
      "both forms of constructor arguments",
      [{ ...tokenEntry, constructorArgsHex: argumentsHex }],
      "contracts[0].constructorArgs",
      "contracts[0] gives both constructorArgs and constructorArgsHex: keep one.",
    ],
    [
      "constructor values without an ABI",
      [
        {
          address: tokenAddress,
          contract: "a.sol:A",
          standardJsonInput: "x.json",
          compilerVersion: "0.8.28",
          constructorArgs: [1],
        },
      ],
      "contracts[0].constructorArgs",
      "contracts[0].constructorArgs needs the contract's ABI, which only a build info gives: give constructorArgsHex (the ABI-encoded arguments) instead.",
    ],
    [
      "constructor values that are not a list",
      [{ ...tokenEntry, constructorArgs: "Fixture Token" }],
      "contracts[0].constructorArgs",
      "contracts[0].constructorArgs must be an array of the constructor's argument values.",
    ],
    [
      "malformed constructor hex",
      [{ address: tokenAddress, contract: "Token", constructorArgsHex: "0xabc" }],
      "contracts[0].constructorArgsHex",
      'contracts[0].constructorArgsHex "0xabc" is not hex bytes: expected an even number of hex digits, 0x optional.',
    ],
    [
      "a malformed library address",
      [
        {
          address: calculatorAddress,
          contract: "Calculator",
          libraries: { "contracts/math/MathLib.sol:MathLib": "0x12" },
        },
      ],
      'contracts[0].libraries["contracts/math/MathLib.sol:MathLib"]',
      'contracts[0].libraries["contracts/math/MathLib.sol:MathLib"] "0x12" is not an address: expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      "libraries that are not an object",
      [{ address: calculatorAddress, contract: "Calculator", libraries: ["MathLib"] }],
      "contracts[0].libraries",
      "contracts[0].libraries must be an object of library name to address.",
    ],
    [
      "a proxy flag that is not a boolean",
      [{ ...tokenEntry, proxy: "yes" }],
      "contracts[0].proxy",
      "contracts[0].proxy must be true or false.",
    ],
    [
      "a missing compiler version",
      [{ address: boxAddress, format: "flattened", contract: "Box", source: "flat/Box.sol" }],
      "contracts[0].compilerVersion",
      "contracts[0].compilerVersion is required.",
    ],
    [
      "a malformed compiler version",
      [
        {
          address: boxAddress,
          format: "flattened",
          contract: "Box",
          source: "flat/Box.sol",
          compilerVersion: "latest",
        },
      ],
      "contracts[0].compilerVersion",
      'contracts[0].compilerVersion "latest" is not a compiler version: expected 0.8.28 or the long form v0.8.28+commit.7893614a.',
    ],
    [
      "an unknown Solidity release",
      [
        {
          address: boxAddress,
          format: "single-file",
          contract: "Box",
          source: "flat/Box.sol",
          compilerVersion: "0.8.99",
        },
      ],
      "contracts[0].compilerVersion",
      'contracts[0].compilerVersion "0.8.99" is not a known Solidity release: give the long form, like v0.8.28+commit.7893614a.',
    ],
    [
      "a bare Vyper version",
      [
        {
          address: boxAddress,
          format: "vyper",
          contract: "Vault",
          source: "vyper/Vault.vy",
          compilerVersion: "0.3.10",
        },
      ],
      "contracts[0].compilerVersion",
      'contracts[0].compilerVersion "0.3.10" is not a Vyper compiler version: expected the long form, like v0.3.10+commit.91361694.',
    ],
    [
      "negative optimizer runs",
      [
        {
          address: boxAddress,
          format: "flattened",
          contract: "Box",
          source: "flat/Box.sol",
          compilerVersion: "0.8.28",
          optimizer: { enabled: true, runs: -1 },
        },
      ],
      "contracts[0].optimizer.runs",
      "contracts[0].optimizer.runs must not be negative.",
    ],
    [
      "an unknown optimizer setting",
      [
        {
          address: boxAddress,
          format: "flattened",
          contract: "Box",
          source: "flat/Box.sol",
          compilerVersion: "0.8.28",
          optimizer: { enabled: true, rounds: 1 },
        },
      ],
      "contracts[0].optimizer.rounds",
      "contracts[0].optimizer.rounds is not an optimizer setting; those are enabled and runs.",
    ],
    [
      "a registry entry without sources",
      [{ address: tokenAddress, format: "registry", metadata: "registry/metadata.json" }],
      "contracts[0].sources",
      "contracts[0].sources is required.",
    ],
    [
      "a contract that is no fully qualified name for a standard JSON input",
      [
        {
          address: tokenAddress,
          contract: "Token",
          standardJsonInput: "inputs/token-input.json",
          compilerVersion: "0.8.28",
        },
      ],
      "contracts[0].contract",
      'contracts[0].contract "Token" must be a fully qualified name like contracts/Token.sol:Token: a standard JSON input can hold many contracts.',
    ],
    [
      "a contract whose source the standard JSON input lacks",
      [
        {
          address: tokenAddress,
          contract: "contracts/Box.sol:Box",
          standardJsonInput: "inputs/token-input.json",
          compilerVersion: "0.8.28",
        },
      ],
      "contracts[0].contract",
      'contracts[0].contract "contracts/Box.sol:Box": the standard JSON input has no source "contracts/Box.sol" (its sources: project/contracts/access/Owned.sol, project/contracts/Calculator.sol, project/contracts/Counter.sol, project/contracts/legacy/Counter.sol, project/contracts/math/MathLib.sol and 2 more).',
    ],
    [
      "an ambiguous contract name",
      [{ address: tokenAddress, contract: "Counter" }],
      "contracts[0].contract",
      'Contract name "Counter" is ambiguous: contracts/Counter.sol:Counter, contracts/legacy/Counter.sol:Counter. Give the fully qualified name (path/File.sol:Name).',
    ],
    [
      "constructor values that do not fit the ABI",
      [{ ...tokenEntry, constructorArgs: ["Fixture Token"] }],
      "contracts[0].constructorArgs",
      "The constructor takes 3 arguments (string name_, string symbol_, uint256 supply), but 1 was given.",
    ],
    [
      "a linked library left out",
      [{ address: calculatorAddress, contract: "Calculator" }],
      "contracts[0].libraries",
      "contracts/Calculator.sol:Calculator links contracts/math/MathLib.sol:MathLib: give its address in libraries.",
    ],
  ];

  it.each(malformed)("rejects %s", async (_case, contracts, field, message) => {
    const error = await rejected(inline(contracts));
    expect(error.field).toBe(field);
    expect(error.shortMessage).toBe(message);
  });

  it("names the files it cannot read", async () => {
    const cases: Array<[unknown, string, string]> = [
      [
        {
          address: boxAddress,
          format: "flattened",
          contract: "Box",
          source: "flat/Missing.sol",
          compilerVersion: "0.8.28",
        },
        "contracts[0].source",
        `Cannot read the source file ${join(dir, "flat", "Missing.sol")}: no such file.`,
      ],
      [
        {
          address: tokenAddress,
          contract: "a.sol:A",
          standardJsonInput: "inputs/missing.json",
          compilerVersion: "0.8.28",
        },
        "contracts[0].standardJsonInput",
        `Cannot read the standard JSON input ${join(dir, "inputs", "missing.json")}: no such file.`,
      ],
      [
        {
          address: tokenAddress,
          format: "registry",
          metadata: "registry/missing.json",
          sources: "contracts",
        },
        "contracts[0].metadata",
        `Cannot read the metadata file ${join(dir, "registry", "missing.json")}: no such file.`,
      ],
      [
        {
          address: tokenAddress,
          format: "registry",
          metadata: "registry/metadata.json",
          sources: "registry/sources",
        },
        "contracts[0].sources",
        `No file for the metadata's source "project/contracts/Token.sol" in ${join(dir, "registry", "sources")} (looked for ${[
          join(dir, "registry", "sources", "project", "contracts", "Token.sol"),
          join(dir, "registry", "project", "contracts", "Token.sol"),
          join(dir, "registry", "sources", "contracts", "Token.sol"),
          join(dir, "registry", "contracts", "Token.sol"),
          join(dir, "registry", "node_modules", "contracts", "Token.sol"),
        ].join(", ")}).`,
      ],
      [
        {
          address: tokenAddress,
          format: "registry",
          metadata: "registry/metadata.json",
          sources: "registry/changed",
        },
        "contracts[0].sources",
        `The source "project/contracts/Token.sol" at ${join(dir, "registry", "changed", "contracts", "Token.sol")} differs from the one the metadata was made from (its keccak256 does not match): give the sources the contract was compiled from.`,
      ],
      [
        {
          address: tokenAddress,
          format: "registry",
          metadata: "registry/metadata.json",
          sources: "registry/none",
        },
        "contracts[0].sources",
        `The sources folder ${join(dir, "registry", "none")} does not exist.`,
      ],
    ];
    for (const [entry, field, message] of cases) {
      const error = await rejected(inline([entry]));
      expect(error.field).toBe(field);
      expect(error.shortMessage).toBe(message);
    }
  });

  it("checks every entry before reading any file", async () => {
    const error = await rejected(
      inline([
        {
          address: boxAddress,
          format: "flattened",
          contract: "Box",
          source: "flat/Missing.sol",
          compilerVersion: "0.8.28",
        },
        { ...tokenEntry, address: "0x1234" },
      ]),
    );
    expect(error.field).toBe("contracts[1].address");
  });

  it("rejects a manifest that is not a contracts list", async () => {
    const cases: Array<[string, string]> = [
      ["{}", 'The contracts manifest must be a JSON object like { "contracts": [ … ] }.'],
      ['{ "contracts": {} }', 'The contracts manifest must be a JSON object like { "contracts": [ … ] }.'],
      [
        '{ "contracts": [], "network": "x" }',
        'The contracts manifest has an unknown field "network": it holds only "contracts".',
      ],
      ['{ "contracts": [] }', "The contracts manifest lists no contracts."],
      [
        '{ "contracts": [ }',
        "The contracts manifest (inline) is not valid JSON: it holds a character JSON does not allow there.",
      ],
    ];
    for (const [manifest, message] of cases) {
      const error = await rejected(readManifest(manifest, { cwd: dir }));
      expect(error.field).toBe("contracts");
      expect(error.shortMessage).toBe(message);
    }
    const missing = await rejected(readManifest("missing.json", { cwd: dir }));
    expect(missing.shortMessage).toBe(
      `Cannot read the contracts manifest ${join(dir, "missing.json")}: no such file.`,
    );
  });

  it("says where it looked for build info", async () => {
    const error = await rejected(
      readManifest(JSON.stringify({ contracts: [tokenEntry] }), { cwd: dir, artifactsDir: "out" }),
    );
    expect(error.field).toBe("artifacts");
    expect(error.shortMessage).toBe(
      `No build info found in ${join(dir, "out")}: build the project first (Hardhat: npx hardhat build; Foundry: forge build --build-info).`,
    );
  });
});
