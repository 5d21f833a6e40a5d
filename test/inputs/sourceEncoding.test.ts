import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { BadManifestEntry } from "../../src/inputs/manifest.js";
import { readManifest } from "../../src/inputs/manifest.js";
import { readStandardJsonFile } from "../../src/inputs/standardJsonFile.js";
import { testAddress } from "../support/addresses.js";
import { rejected } from "../support/rejected.js";

// Latin-1 text saved as such: "é" is the lone byte 0xE9, which UTF-8 readers would turn into U+FFFD.
const latin1 = (text: string) => Buffer.from(text, "latin1");
const badSource = latin1("// SPDX-License-Identifier: MIT\n// Auteur : Andr\u00e9\ncontract Box {}\n");
const goodSource = "// SPDX-License-Identifier: MIT\n// Auteur : Andr\u00e9\ncontract Box {}\n";
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-encoding-"));
  await mkdir(join(workspace, "registry", "contracts"), { recursive: true });
  await writeFile(join(workspace, "Box.sol"), badSource);
  await writeFile(join(workspace, "Good.sol"), goodSource);
  await writeFile(
    join(workspace, "Box.vy"),
    latin1("# Andr\u00e9\n@external\ndef f() -> uint256:\n    return 1\n"),
  );
  await writeFile(join(workspace, "registry", "contracts", "Box.sol"), badSource);
  await writeFile(
    join(workspace, "registry", "metadata.json"),
    JSON.stringify({
      sources: { "contracts/Box.sol": {} },
      settings: { compilationTarget: { "contracts/Box.sol": "Box" } },
    }),
  );
  const input = JSON.stringify({
    language: "Solidity",
    sources: { "contracts/Box.sol": { content: goodSource } },
  });
  await writeFile(join(workspace, "input.json"), latin1(input));
});

afterAll(() => rm(workspace, { recursive: true, force: true }));

const compilerVersion = "v0.8.28+commit.7893614a";
const optimizer = { enabled: false, runs: 200 };

describe("sources that are not UTF-8 are refused, naming the file", () => {
  it("refuses single-file, flattened, Vyper, registry and standard JSON sources, and reads a UTF-8 one", async () => {
    const bad: BadManifestEntry[] = [];
    const contracts = [
      {
        address: testAddress(1),
        format: "single-file",
        contract: "Box",
        source: "Box.sol",
        compilerVersion,
        optimizer,
      },
      {
        address: testAddress(2),
        format: "flattened",
        contract: "Box",
        source: "Box.sol",
        compilerVersion,
        optimizer,
      },
      {
        address: testAddress(3),
        format: "vyper",
        contract: "Box",
        source: "Box.vy",
        compilerVersion: "v0.3.10+commit.91361694",
      },
      {
        address: testAddress(4),
        format: "registry",
        metadata: "registry/metadata.json",
        sources: "registry/contracts",
      },
      {
        address: testAddress(5),
        format: "standard-json",
        contract: "contracts/Box.sol:Box",
        standardJsonInput: "input.json",
        compilerVersion,
      },
      {
        address: testAddress(6),
        format: "flattened",
        contract: "Box",
        source: "Good.sol",
        compilerVersion,
        optimizer,
      },
    ];
    const entries = await readManifest(JSON.stringify({ contracts }), {
      cwd: workspace,
      root: workspace,
      onBadEntry: (entry) => bad.push(entry),
    });
    const notUtf8 = (what: string, path: string) =>
      `The ${what} ${path} is not valid UTF-8 text: save it as UTF-8 (explorers and compilers read sources as UTF-8).`;
    expect(
      bad.map((entry) => [entry.field, entry.error.code, entry.error.field, entry.error.shortMessage]),
    ).toEqual([
      [
        "contracts[0]",
        "invalid_input",
        "contracts[0].source",
        notUtf8("source file", join(workspace, "Box.sol")),
      ],
      [
        "contracts[1]",
        "invalid_input",
        "contracts[1].source",
        notUtf8("source file", join(workspace, "Box.sol")),
      ],
      [
        "contracts[2]",
        "invalid_input",
        "contracts[2].source",
        notUtf8("source file", join(workspace, "Box.vy")),
      ],
      [
        "contracts[3]",
        "invalid_input",
        "contracts[3].sources",
        notUtf8("source file", join(workspace, "registry", "contracts", "Box.sol")),
      ],
      [
        "contracts[4]",
        "invalid_input",
        "contracts[4].standardJsonInput",
        notUtf8("standard JSON input", join(workspace, "input.json")),
      ],
    ]);
    expect(entries.map(({ job }) => job.source)).toEqual([
      expect.objectContaining({ format: "flattened", sourceCode: goodSource }),
    ]);
  });

  it("refuses a standard JSON input file that is not UTF-8 (the CLI's --standard-json)", async () => {
    const path = join(workspace, "input.json");
    const error = await rejected(readStandardJsonFile(path, "--standard-json"));
    expect([error.code, error.field, error.shortMessage]).toEqual([
      "invalid_input",
      "--standard-json",
      `The standard JSON input ${path} is not valid UTF-8 text: save it as UTF-8 (explorers and compilers read sources as UTF-8).`,
    ]);
  });
});
