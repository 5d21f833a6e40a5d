import { describe, expect, it } from "@jest/globals";
import { InvalidInputError } from "../../src/errors/index.js";
import { longCompilerVersion } from "../../src/verify/compilerVersion.js";
import {
  encodeConstructorArguments,
  recoverConstructorArguments,
} from "../../src/verify/constructorArguments.js";
import { minimalStandardJsonInput, standardJsonCandidates } from "../../src/verify/standardJsonCandidates.js";
import { testAddress } from "../support/addresses.js";
import { standardJsonJob } from "../support/jobs.js";

describe("longCompilerVersion", () => {
  it.each([
    ["0.8.28", "v0.8.28+commit.7893614a"],
    ["v0.8.30", "v0.8.30+commit.73712a01"],
    ["0.8.37", "v0.8.37+commit.f401782d"],
    ["0.4.24", "v0.4.24+commit.e67f0147"],
    ["0.8.28+commit.7893614a", "v0.8.28+commit.7893614a"],
    ["v0.8.28+commit.7893614a", "v0.8.28+commit.7893614a"],
  ])("%s → %s", (given, expected) => {
    expect(longCompilerVersion(given)).toBe(expected);
  });

  it("refuses an unknown release and a malformed version", () => {
    expect(() => longCompilerVersion("0.9.0")).toThrow(InvalidInputError);
    expect(() => longCompilerVersion("0.8.x")).toThrow(
      'Invalid compiler version "0.8.x": expected 0.8.28 or the long form v0.8.28+commit.7893614a.',
    );
  });
});

describe("minimal standard JSON input", () => {
  it("holds exactly the sources the contract's metadata lists, with the same settings", () => {
    const job = standardJsonJob(testAddress(1));
    if (job.source.format !== "standard-json") throw new Error("unreachable");
    const metadata = JSON.stringify({
      language: "Solidity",
      sources: { "project/contracts/Math.sol": { keccak256: "0x" }, "project/contracts/Token.sol": {} },
    });
    const minimal = minimalStandardJsonInput(job.source.input, metadata);
    expect(Object.keys(minimal?.sources ?? {}).sort()).toEqual([
      "project/contracts/Math.sol",
      "project/contracts/Token.sol",
    ]);
    expect(minimal?.settings).toEqual(job.source.input.settings);
    expect(standardJsonCandidates({ ...job.source, metadata }).map((c) => c.kind)).toEqual([
      "minimal",
      "full",
    ]);
  });

  it("falls back to the full input alone when the metadata names a source the input lacks, or lists them all", () => {
    const { source } = standardJsonJob(testAddress(1));
    if (source.format !== "standard-json") throw new Error("unreachable");
    const { input } = source;
    const missing = JSON.stringify({ sources: { "project/contracts/Gone.sol": {} } });
    expect(minimalStandardJsonInput(input, missing)).toBeUndefined();
    expect(standardJsonCandidates({ ...source, metadata: missing }).map((c) => c.kind)).toEqual(["full"]);
    const all = JSON.stringify({ sources: input.sources });
    expect(standardJsonCandidates({ ...source, metadata: all }).map((c) => c.kind)).toEqual(["full"]);
    expect(() => minimalStandardJsonInput(input, "{")).toThrow(
      "The contract's compiler metadata is not valid JSON.",
    );
  });
});

describe("constructor arguments", () => {
  it("encodes values with the constructor's ABI", () => {
    const abi = [{ type: "constructor", inputs: [{ name: "name", type: "string" }] }];
    expect(encodeConstructorArguments({ values: ["Hi"], abi })).toBe(
      `${"20".padStart(64, "0")}${"2".padStart(64, "0")}${"4869".padEnd(64, "0")}`,
    );
    expect(encodeConstructorArguments({ hex: "0xABCD" })).toBe("abcd");
  });

  it("recovers what follows the compiled creation code, with library placeholders matching any address", () => {
    const compiled = `0x6080__$${"a".repeat(34)}$__6000`;
    const onChain = `0x6080${"12".repeat(20)}6000${"00".repeat(31)}2a`;
    expect(recoverConstructorArguments(compiled, onChain)).toBe(`${"00".repeat(31)}2a`);
  });

  it("says clearly when the deployed creation code is not this build's", () => {
    expect(() => recoverConstructorArguments("0x6080aa", "0x6080bb00")).toThrow(
      "Cannot recover the constructor arguments: the deployed creation code does not start with the compiled creation code.",
    );
  });
});
