import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { readBuildInfo } from "../../src/inputs/buildInfo.js";
import { readFoundryArtifacts } from "../../src/inputs/foundryArtifacts.js";
import { parseIgnitionJournal } from "../../src/inputs/ignitionJournal.js";
import { parseBoundedJson } from "../../src/inputs/jsonFile.js";
import { readManifest } from "../../src/inputs/manifest.js";
import { readStandardJsonFile } from "../../src/inputs/standardJsonFile.js";
import { maxJsonDepth, nestsDeeperThan, textNestsDeeperThan } from "../../src/kernel/jsonDepth.js";
import { rejected } from "../support/rejected.js";

// A manifest and the standard JSON input it names come from whoever wrote them, and are hashed and written again
// whole: nested 100,000 deep they are refused in words, as any malformed file is, not by an overflowing stack.
const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const input = (settings: string) =>
  `{"language":"Solidity","sources":{"contracts/Box.sol":{"content":"contract Box {}"}},"settings":${settings}}`;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-deep-json-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("a stranger's JSON nested past the bound", () => {
  it("is a refused manifest, inline or in a file, naming the field", async () => {
    const manifest = `{"contracts":[{"address":"0x5FbDB2315678afecb367f032d93F642f64180aa3","contract":"contracts/Box.sol:Box","constructorArgs":${deep(100_000)}}]}`;
    await expect(rejected(readManifest(manifest, { cwd: folder }))).resolves.toMatchObject({
      code: "invalid_input",
      field: "contracts",
      shortMessage: `The contracts manifest (inline) nests objects and arrays more than ${maxJsonDepth} deep, which no contracts manifest does: it is not read.`,
    });
    const path = join(folder, "manifest.json");
    await writeFile(path, manifest);
    await expect(rejected(readManifest("manifest.json", { cwd: folder }))).resolves.toMatchObject({
      shortMessage: `The contracts manifest ${path} nests objects and arrays more than ${maxJsonDepth} deep, which no contracts manifest does: it is not read.`,
    });
  });

  it("is a refused standard JSON input; one nested as deep as the bound is read", async () => {
    const path = join(folder, "input.json");
    await writeFile(path, input(`{"optimizer":{"enabled":false},"deep":${deep(100_000)}}`));
    await expect(rejected(readStandardJsonFile(path))).resolves.toMatchObject({
      code: "invalid_input",
      field: "standardJsonInput",
      shortMessage: `The standard JSON input ${path} nests objects and arrays more than ${maxJsonDepth} deep, which no standard JSON input does: it is not read.`,
    });
    // The input is one level, its settings a second, "deep" the rest.
    await writeFile(path, input(`{"deep":${deep(maxJsonDepth - 2)}}`));
    await expect(readStandardJsonFile(path)).resolves.toMatchObject({ language: "Solidity" });
    await writeFile(path, input(`{"deep":${deep(maxJsonDepth - 1)}}`));
    await expect(rejected(readStandardJsonFile(path))).resolves.toMatchObject({ code: "invalid_input" });
  });

  it("is a refused Ignition journal line, build info or Foundry artifact metadata, in words, not a stack overflow", async () => {
    const refusal = (what: string, path: string) =>
      `The ${what} ${path} nests objects and arrays more than ${maxJsonDepth} deep, which no ${what} does: it is not read.`;
    const journal = `{"type":"DEPLOYMENT_INITIALIZE","chainId":1}\n{"type":"DEPLOYMENT_EXECUTION_STATE_INITIALIZE","futureId":"M#Box","futureType":"NAMED_ARTIFACT_CONTRACT_DEPLOYMENT","artifactId":"M#Box","contractName":"Box","constructorArgs":[${deep(100_000)}],"libraries":{}}\n`;
    const origin = { field: "deployment", what: "Ignition journal", path: "journal.jsonl" };
    expect(() => parseIgnitionJournal(journal, origin)).toThrow(
      refusal("Ignition journal", "journal.jsonl (line 2)"),
    );
    const buildInfo = join(folder, "build-info.json");
    await writeFile(
      buildInfo,
      `{"solcLongVersion":"0.8.28+commit.7893614a","input":${input(`{"deep":${deep(100_000)}}`)},"output":{"contracts":{}}}`,
    );
    await expect(rejected(readBuildInfo(buildInfo))).resolves.toMatchObject({
      shortMessage: refusal("build info", buildInfo),
    });
    const artifact = join(folder, "out", "Box.sol", "Box.json");
    await mkdir(join(folder, "out", "Box.sol"), { recursive: true });
    const metadata = `{"compiler":{"version":"0.8.28+commit.7893614a"},"language":"Solidity","settings":{"deep":${deep(100_000)}}}`;
    await writeFile(artifact, JSON.stringify({ abi: [], rawMetadata: metadata }));
    await expect(rejected(readFoundryArtifacts(join(folder, "out"), "--artifacts"))).resolves.toMatchObject({
      shortMessage: refusal("Foundry artifact", artifact),
    });
  });
});

describe("the nesting of a stranger's JSON text", () => {
  it("is counted before the text is parsed: 90 MB of [[[…]]] took 4.5 GB to parse", () => {
    const parse = jest.spyOn(JSON, "parse");
    try {
      const origin = { field: "contracts", what: "contracts manifest", path: "verify.json" };
      expect(() => parseBoundedJson(deep(100_000), origin)).toThrow(
        `The contracts manifest verify.json nests objects and arrays more than ${maxJsonDepth} deep`,
      );
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it("is counted as the parsed value's, brackets and escaped quotes in strings aside", () => {
    const texts = [
      '[{"a":[1,{"b":[]}]}]',
      '["[[[[", "]]", {"k{[": "\\"[[["}]',
      '[["\\\\"], {"x": "\\\\\\"]]]]"}]',
      '{"":{"":{"":"}}}}\\u0022[[["}}}',
      "3",
    ];
    for (const text of texts)
      for (const limit of [0, 1, 2, 3, 4])
        expect([text, limit, textNestsDeeperThan(text, limit)]).toEqual([
          text,
          limit,
          nestsDeeperThan(JSON.parse(text), limit),
        ]);
  });
});
