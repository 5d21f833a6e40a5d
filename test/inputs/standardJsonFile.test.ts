import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readStandardJsonFile } from "../../src/inputs/standardJsonFile.js";
import { rejected } from "../support/rejected.js";
import { foundryFixture } from "./hardhatProject.js";

// A real input: the one solc compiled for the Foundry fixture, as its build info keeps it.
const buildInfoPath = join(foundryFixture, "out", "build-info", "4cdb80011a7505166fdcb72e119dafa6.json");

describe("readStandardJsonFile", () => {
  let dir: string;
  let input: { language: string; sources: Record<string, { content?: string }>; settings: unknown };

  async function written(name: string, value: unknown): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, typeof value === "string" ? value : JSON.stringify(value));
    return path;
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "explorer-verify-standard-json-"));
    const buildInfo = JSON.parse(await readFile(buildInfoPath, "utf8")) as { input: typeof input };
    const { language, sources, settings } = buildInfo.input;
    input = { language, sources, settings };
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("reads an input file", async () => {
    const path = await written("input.json", input);
    expect(await readStandardJsonFile(path)).toEqual(input);
  });

  it("leaves out top-level keys solc does not accept", async () => {
    const path = await written("versioned.json", { ...input, version: "0.8.28", basePath: "/home/dev" });
    expect(await readStandardJsonFile(path)).toEqual(input);
  });

  it.each([
    [
      "a build info",
      () => ({ id: "x", input }),
      (path: string) =>
        `${path} is a build info, not a standard JSON input: give its "input" as a file of its own, or let the contract be found in the build info.`,
    ],
    [
      "another language",
      () => ({ ...input, language: "Vyper" }),
      (path: string) =>
        `The standard JSON input ${path} has language "Vyper": only Solidity and Yul inputs are verified as standard JSON (Vyper sources use the vyper format).`,
    ],
    [
      "no sources",
      () => ({ ...input, sources: {} }),
      (path: string) => `The standard JSON input ${path} has no sources.`,
    ],
    [
      "a source without content",
      () => ({ ...input, sources: { "src/A.sol": { urls: ["ipfs://x"] } } }),
      (path: string) =>
        `The standard JSON input ${path} gives no content for the source "src/A.sol": explorers need every source's text in the input.`,
    ],
    [
      "sources of the wrong shape",
      () => ({ ...input, sources: ["src/A.sol"] }),
      (path: string) =>
        `The standard JSON input ${path} is not in the expected format: sources: Invalid input: expected record, received array.`,
    ],
    [
      "text that is not JSON",
      () => "{ language: Solidity",
      (path: string) =>
        `The standard JSON input ${path} is not valid JSON: Expected property name or '}' at line 1, column 3.`,
    ],
  ])("rejects %s", async (_case, content, message) => {
    const path = await written("bad.json", content());
    const error = await rejected(readStandardJsonFile(path, "contracts[1].standardJsonInput"));
    expect(error.field).toBe("contracts[1].standardJsonInput");
    expect(error.shortMessage).toBe(message(path));
  });

  it("rejects a missing file", async () => {
    const path = join(dir, "missing.json");
    const error = await rejected(readStandardJsonFile(path));
    expect(error.field).toBe("standardJsonInput");
    expect(error.shortMessage).toBe(`Cannot read the standard JSON input ${path}: no such file.`);
  });
});
