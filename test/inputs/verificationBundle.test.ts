import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { keccak256, stringToBytes } from "viem";
import { bundleJsonSchema, bundleSchemaPath } from "../../scripts/bundleSchema.js";
import { main } from "../../src/cli/main.js";
import { type BundleContract, verificationBundleSchema } from "../../src/inputs/bundleSchema.js";
import {
  bundleHash,
  bundleInputKey,
  maxBundleBytes,
  readVerificationBundle,
} from "../../src/inputs/verificationBundle.js";
import { maxJsonDepth, nestsDeeperThan } from "../../src/kernel/jsonDepth.js";
import { canonicalJson } from "../../src/kernel/jsonValues.js";
import { bundleOf, bundleText } from "../../src/run/jobs/bundleWriter.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { rejected } from "../support/rejected.js";
import { jsonAnswer, startScriptedServer } from "../support/scriptedServer.js";

const box = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const token = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const flat = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const factory = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
const deployTx = `0x${"ab".repeat(32)}`;
const boxSource =
  "// SPDX-License-Identifier: MIT\npragma solidity 0.8.28;\ncontract Box { uint256 public v; }\n";
const tokenSource =
  "// SPDX-License-Identifier: MIT\npragma solidity 0.8.28;\ncontract Token { constructor(string memory n, uint256 s) {} }\n";
// Two contracts of one build: one input, stored once.
const buildInput = {
  language: "Solidity",
  sources: {
    "project/contracts/Box.sol": { content: boxSource },
    "project/contracts/Token.sol": { content: tokenSource },
  },
  settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi"] } } },
};
const tokenAbi = [
  {
    type: "constructor",
    inputs: [
      { name: "n", type: "string" },
      { name: "s", type: "uint256" },
    ],
  },
];

const jobs: VerificationJob[] = [
  {
    address: box,
    chainId: 31337,
    source: {
      format: "standard-json",
      input: buildInput,
      compilerVersion: "0.8.28",
      contractName: "project/contracts/Box.sol:Box",
    },
    creationTransaction: deployTx,
  },
  {
    address: token,
    source: {
      format: "standard-json",
      input: buildInput,
      compilerVersion: "v0.8.28+commit.7893614a",
      contractName: "project/contracts/Token.sol:Token",
    },
    constructorArguments: { values: ["Fixture Token", 1_000_000n], abi: tokenAbi },
    libraries: { "project/contracts/MathLib.sol:MathLib": factory },
    proxyAddress: box,
    createdBy: { factory, transaction: deployTx },
  },
  {
    address: flat,
    chainId: 31337,
    source: {
      format: "flattened",
      sourceCode: boxSource,
      compilerVersion: "0.8.28",
      contractName: "Box",
      optimizer: { enabled: false },
    },
    constructorArguments: { hex: "0x" },
  },
  {
    address: factory,
    chainId: 31337,
    source: {
      format: "vyper",
      sourceCode: "# @version 0.3.10\n",
      compilerVersion: "0.3.10",
      contractName: "Vault",
    },
  },
];

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-bundle-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function written(bundle: unknown, name = "bundle.json"): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, typeof bundle === "string" ? bundle : JSON.stringify(bundle));
  return path;
}

describe("a verification bundle", () => {
  it("holds every contract of a run, each distinct input once under the keccak256 of its canonical JSON", () => {
    const { bundle, leftOut } = bundleOf(jobs, 31337);
    const key = keccak256(stringToBytes(canonicalJson(buildInput)));
    const flatInput = {
      language: "Solidity",
      sources: { "Box.sol": { content: boxSource } },
      settings: {
        optimizer: { enabled: false, runs: 200 },
        outputSelection: { "*": { "*": ["abi", "evm.bytecode", "evm.deployedBytecode", "metadata"] } },
      },
    };
    const { hash, ...hashed } = bundle;
    expect(hash).toBe(keccak256(stringToBytes(canonicalJson(hashed))));
    expect(hashed).toEqual({
      bundle: 1,
      contracts: [
        {
          chainId: 31337,
          address: box,
          contract: "project/contracts/Box.sol:Box",
          compilerVersion: "v0.8.28+commit.7893614a",
          input: key,
          creation: { transaction: deployTx },
        },
        {
          chainId: 31337,
          address: token,
          contract: "project/contracts/Token.sol:Token",
          compilerVersion: "v0.8.28+commit.7893614a",
          input: key,
          constructorArguments:
            "0x000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000f4240000000000000000000000000000000000000000000000000000000000000000d4669787475726520546f6b656e00000000000000000000000000000000000000",
          libraries: { "project/contracts/MathLib.sol:MathLib": factory },
          proxy: { address: box },
          creation: { factory, transaction: deployTx },
        },
        {
          chainId: 31337,
          address: flat,
          contract: "Box.sol:Box",
          compilerVersion: "v0.8.28+commit.7893614a",
          input: bundleInputKey(flatInput as never),
        },
      ],
      inputs: { [key]: buildInput, [bundleInputKey(flatInput as never)]: flatInput },
    });
    expect(leftOut).toEqual([
      {
        address: factory,
        contract: "Vault",
        reason:
          "it is a Vyper contract, verified from one file; a bundle holds Solidity standard JSON inputs",
      },
    ]);
  });

  it("hashes an input the same whatever its keys' order, and writes the same bytes for the same bundle", () => {
    const reordered = {
      settings: { outputSelection: { "*": { "*": ["abi"] } }, optimizer: { runs: 200, enabled: true } },
      sources: {
        "project/contracts/Token.sol": { content: tokenSource },
        "project/contracts/Box.sol": { content: boxSource },
      },
      language: "Solidity",
    };
    expect(bundleInputKey(reordered as never)).toBe(bundleInputKey(buildInput as never));
    expect(canonicalJson({ b: [1, { d: 2, c: "x" }], a: null })).toBe('{"a":null,"b":[1,{"c":"x","d":2}]}');
    const text = bundleText(bundleOf(jobs, 31337).bundle);
    expect(bundleText(bundleOf([...jobs], 31337).bundle)).toBe(text);
    expect(text.indexOf('"bundle"')).toBeLessThan(text.indexOf('"contracts"'));
  });

  it("is read back into the jobs it was written from, with no build", async () => {
    const { bundle } = bundleOf(jobs, 31337);
    const read = await readVerificationBundle(await written(bundleText(bundle)), "--bundle");
    expect(read.chainIds).toEqual([31337]);
    expect(read.jobs.map((job) => [job.address, job.chainId, job.source.format])).toEqual([
      [box, 31337, "standard-json"],
      [token, 31337, "standard-json"],
      [flat, 31337, "standard-json"],
    ]);
    expect(read.jobs[1]).toMatchObject({
      source: { input: buildInput, contractName: "project/contracts/Token.sol:Token" },
      constructorArguments: { hex: bundle.contracts[1]?.constructorArguments },
      libraries: { "project/contracts/MathLib.sol:MathLib": factory },
      proxyAddress: box,
      creationTransaction: deployTx,
      createdBy: { factory, transaction: deployTx },
    });
  });

  it("is refused, naming the contract, when an input no longer matches its hash", async () => {
    const { bundle } = bundleOf(jobs.slice(0, 2), 31337);
    const key = bundle.contracts[0]?.input ?? "";
    const tampered = structuredClone(bundle);
    const input = tampered.inputs[key];
    if (!input) throw new Error("no input");
    input.sources["project/contracts/Box.sol"] = { content: boxSource.replace("uint256", "uint128") };
    const path = await written(tampered, "tampered.json");
    await expect(rejected(readVerificationBundle(path, "--bundle"))).resolves.toMatchObject({
      code: "invalid_input",
      field: "--bundle",
      shortMessage: `The bundle ${path}: the input of contracts/Box.sol:Box at ${box} (chain 31337) (and 1 more contracts) does not match its hash ${key} (its content hashes to ${bundleInputKey(input)}): it was changed after the bundle was written. Nothing was sent.`,
    });
  });

  it("is refused before any request when a contract's compiler, arguments, libraries, address, name or proxy was edited", async () => {
    const { bundle } = bundleOf(jobs.slice(0, 2), 31337);
    const edits: Array<[string, Partial<BundleContract>]> = [
      ["compilerVersion", { compilerVersion: "v0.8.27+commit.40a35a09" }],
      ["constructorArguments", { constructorArguments: `0x${"00".repeat(31)}01` }],
      ["libraries", { libraries: { "project/contracts/MathLib.sol:MathLib": box } }],
      ["address", { address: flat }],
      ["contract", { contract: "project/contracts/Box.sol:Token" }],
      ["proxy", { proxy: { address: flat } }],
    ];
    const server = await startScriptedServer(jsonAnswer(200, { status: "1", message: "OK", result: [] }));
    const printed: string[] = [];
    jest.spyOn(console, "error").mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      for (const [field, change] of edits) {
        const edited = structuredClone(bundle);
        const contract = edited.contracts[1];
        if (!contract) throw new Error("no contract");
        Object.assign(contract, change);
        const path = await written(bundleText(edited), `edited-${field}.json`);
        const message = `The bundle ${path}: the bundle was changed after it was written: its contracts (a chain, address, name, compiler version, constructor arguments, libraries, proxy link or creation, or which contracts it lists) hash to ${bundleHash(edited)}, not to the hash ${bundle.hash} it carries. Nothing was sent.`;
        await expect(rejected(readVerificationBundle(path, "--bundle"))).resolves.toMatchObject({
          code: "invalid_input",
          field: "--bundle",
          shortMessage: message,
        });
        printed.length = 0;
        expect([field, await main(["verify", "--bundle", path, "--explorer-url", server.url])]).toEqual([
          field,
          2,
        ]);
        expect(printed).toEqual([`explorer-verify: ${message}`]);
      }
    } finally {
      jest.restoreAllMocks();
      await server.close();
    }
    expect(server.seen.requests).toBe(0);
    // The bundle as written is read.
    await expect(readVerificationBundle(await written(bundleText(bundle)))).resolves.toMatchObject({
      chainIds: [31337],
    });
  });

  it("is refused in words when it names no version: a file of another kind", async () => {
    for (const value of [{ garbage: 1 }, { contracts: [] }, []]) {
      const path = await written(value, "other.json");
      await expect(rejected(readVerificationBundle(path))).resolves.toMatchObject({
        shortMessage: `The bundle ${path}: it has no "bundle": 1, the version every bundle names, so it is not one: give the file explorer-verify bundle (or the Action's bundle output) wrote. Nothing was sent.`,
      });
    }
  });

  it("is refused when it carries no hash: whether it was changed cannot be told", async () => {
    const { hash: _hash, ...unhashed } = bundleOf(jobs.slice(0, 1), 31337).bundle;
    const path = await written(unhashed, "unhashed.json");
    await expect(rejected(readVerificationBundle(path, "--bundle"))).resolves.toMatchObject({
      shortMessage: `The bundle ${path}: it carries no hash, so whether it was changed after it was written cannot be told: write it again (explorer-verify bundle, --write-bundle, the Action's bundle output). Nothing was sent.`,
    });
  });

  it("checks what a schema cannot: inputs named and used, sources present, no contract twice", async () => {
    const { bundle } = bundleOf(jobs.slice(0, 1), 31337);
    const [contract] = bundle.contracts;
    if (!contract) throw new Error("no contract");
    const cases: Array<[unknown, string]> = [
      [
        { ...bundle, contracts: [{ ...contract, input: `0x${"0".repeat(64)}` }] },
        `contracts/Box.sol:Box at ${box} (chain 31337) names the input 0x${"0".repeat(64)}, which the bundle does not hold.`,
      ],
      [
        { ...bundle, contracts: [{ ...contract, contract: "project/contracts/Other.sol:Box" }] },
        `contracts/Other.sol:Box at ${box} (chain 31337) is in project/contracts/Other.sol, which its input ${contract.input} does not hold.`,
      ],
      [
        { ...bundle, contracts: [contract, { ...contract, address: box.toLowerCase() }] },
        `contracts/Box.sol:Box at ${box.toLowerCase()} (chain 31337) comes twice.`,
      ],
      [{ ...bundle, contracts: [] }, `the input ${contract.input} is named by no contract.`],
    ];
    for (const [value, message] of cases) {
      const path = await written(value, "case.json");
      await expect(rejected(readVerificationBundle(path))).resolves.toMatchObject({
        shortMessage: `The bundle ${path}: ${message} Nothing was sent.`,
      });
    }
  });

  it("checks paths, names, addresses, sizes and its version before anything else", async () => {
    const { bundle } = bundleOf(jobs.slice(0, 1), 31337);
    const [contract] = bundle.contracts;
    const key = contract?.input ?? "";
    const input = bundle.inputs[key];
    const cases: Array<[unknown, string]> = [
      [{ ...bundle, bundle: 2 }, "is of version 2; this explorer-verify reads version 1"],
      [
        { ...bundle, inputs: { [key]: { ...input, sources: { "a\nb.sol": { content: "" } } } } },
        'inputs["0x',
      ],
      [{ ...bundle, contracts: [{ ...contract, contract: "Box" }] }, "contracts[0].contract"],
      [{ ...bundle, contracts: [{ ...contract, address: "0x1234" }] }, "contracts[0].address"],
      [
        { ...bundle, contracts: [{ ...contract, compilerVersion: "0.8.28" }] },
        "contracts[0].compilerVersion",
      ],
      [
        { ...bundle, contracts: [{ ...contract, constructorArguments: "0xabc" }] },
        "contracts[0].constructorArguments",
      ],
      [{ ...bundle, contracts: [{ ...contract, extra: true }] }, "contracts[0]"],
      [{ ...bundle, inputs: { [key]: { ...input, language: "Vyper" } } }, `inputs["${key}"].language`],
    ];
    for (const [value, expected] of cases) {
      const path = await written(value, "case.json");
      const error = await rejected(readVerificationBundle(path));
      expect(error.shortMessage).toContain(expected);
    }
    const huge = join(folder, "huge.json");
    await writeFile(huge, "");
    const { truncate } = await import("node:fs/promises");
    await truncate(huge, maxBundleBytes + 1);
    await expect(rejected(readVerificationBundle(huge, "--bundle"))).resolves.toMatchObject({
      shortMessage: `The bundle ${huge} is ${maxBundleBytes + 1} bytes, more than the ${maxBundleBytes} this reader takes.`,
    });
  });

  it("is refused in words when it nests 100,000 deep, as every malformed bundle is (exit 2), before any walk of it", async () => {
    const { bundle } = bundleOf(jobs, 31337);
    // What a bundle of real inputs nests: well inside the bound.
    expect(nestsDeeperThan(bundle, 10)).toBe(false);
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const text = bundleText(bundle).replace('"runs": 200', `"runs": 200, "deep": ${deep}`);
    expect(text).toContain(deep);
    const path = await written(text, "deep.json");
    await expect(rejected(readVerificationBundle(path, "--bundle"))).resolves.toMatchObject({
      code: "invalid_input",
      field: "--bundle",
      shortMessage: `The bundle ${path} nests objects and arrays more than ${maxJsonDepth} deep, which no bundle does: it is not read.`,
    });
    const printed: string[] = [];
    jest.spyOn(console, "error").mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      expect(await main(["verify", "--bundle", path, "--explorer-url", "http://127.0.0.1:9"])).toBe(2);
    } finally {
      jest.restoreAllMocks();
    }
    expect(printed).toEqual([
      `explorer-verify: The bundle ${path} nests objects and arrays more than ${maxJsonDepth} deep, which no bundle does: it is not read.`,
    ]);
  });

  it("is described in docs/bundle.schema.json by the JSON Schema generated from its zod schema", () => {
    expect(JSON.parse(readFileSync(bundleSchemaPath, "utf8"))).toEqual(JSON.parse(bundleJsonSchema()));
    const { bundle } = bundleOf(jobs, 31337);
    expect(verificationBundleSchema.safeParse(JSON.parse(bundleText(bundle))).success).toBe(true);
  });
});
