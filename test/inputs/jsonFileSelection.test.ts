import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readBuildInfo } from "../../src/inputs/buildInfo.js";
import { type JsonSelector, readJsonFileSelection } from "../../src/inputs/jsonFileSelection.js";
import { rejected, thrown } from "../support/rejected.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "explorer-verify-json-selection-"));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

// Every chunk size from one byte up, so that each boundary falls everywhere: inside a string, an escape, a
// character of several bytes, a number, a kept value.
const chunkSizes = [1, 2, 3, 5, 7, 64, 1_048_576];

async function fileOf(text: string | Uint8Array): Promise<string> {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, text);
  return path;
}

function read(path: string, select: JsonSelector, chunkBytes?: number): unknown {
  return readJsonFileSelection({ field: "artifacts", what: "build info", path }, select, chunkBytes);
}

const everyMember: JsonSelector = (path) => (path.length < 2 ? "members" : "parse");

describe("a JSON file read in chunks", () => {
  const value = {
    'a "quoted" key': '}{][\\"',
    nested: { deeper: [1, { x: "\\" }, [], {}], é: "ü\u2028😀", escaped: '\\\\\\"\u0000' },
    number: -1.5e3,
    yes: true,
    nothing: null,
    empty: "",
    __proto__key: "__proto__",
  };
  const text = JSON.stringify(value, null, 2);

  it.each(chunkSizes)("reads each member as JSON.parse does, %i bytes at a time", async (chunkBytes) => {
    const path = await fileOf(text);
    expect(read(path, everyMember, chunkBytes)).toEqual(JSON.parse(text));
    expect(read(path, () => "parse", chunkBytes)).toEqual(JSON.parse(text));
  });

  it.each(chunkSizes)("keeps only what is selected, %i bytes at a time", async (chunkBytes) => {
    const path = await fileOf(text);
    const select: JsonSelector = (at) =>
      at.length === 0 || at[0] === "nested"
        ? at.length < 2
          ? "members"
          : at[1] === "é"
            ? "parse"
            : "skip"
        : "skip";
    expect(read(path, select, chunkBytes)).toEqual({ nested: { é: "ü\u2028😀" } });
  });

  it("parses whole a value to be read member by member that is not an object", async () => {
    expect(read(await fileOf('  ["a", {"b": 1}]  '), () => "members")).toEqual(["a", { b: 1 }]);
    expect(read(await fileOf('{"a": "text"}'), () => "members")).toEqual({ a: "text" });
  });

  it("keeps a member named __proto__ as an own property, and the last of a repeated name", async () => {
    const kept = read(await fileOf('{"__proto__": {"polluted": true}, "a": 1, "a": 2}'), everyMember);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept as object)).toEqual(["__proto__", "a"]);
    expect(kept).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "a": 1, "a": 2}'));
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it.each(chunkSizes)(
    "throws a SyntaxError for a text that is not a well formed object, %i bytes at a time",
    async (chunkBytes) => {
      for (const text of [
        '{"a": 1',
        '{"a" 1}',
        '{"a": 1,}',
        '{"a": [1}',
        '{"a": "open}',
        '{"a": 1} x',
        "{a: 1}",
        "",
      ]) {
        const path = await fileOf(text);
        expect(() => read(path, everyMember, chunkBytes)).toThrow(SyntaxError);
      }
      // A skipped value is checked for balance only.
      for (const text of ['{"a": 1', '{"a": [1}', '{"a": "open}', '{"a": 1} x', ""]) {
        const path = await fileOf(text);
        expect(() => read(path, () => "skip", chunkBytes)).toThrow(SyntaxError);
      }
    },
  );

  it.each(chunkSizes)(
    "refuses bytes that are not UTF-8, even in a skipped value, %i bytes at a time",
    async (chunkBytes) => {
      const valid = Buffer.from('{"a": "é😀", "b": "x"}');
      expect(read(await fileOf(valid), everyMember, chunkBytes)).toEqual({ a: "é😀", b: "x" });
      const latin1 = Buffer.concat([
        Buffer.from('{"skipped": "'),
        Buffer.from([0xe9]),
        Buffer.from('", "b": 1}'),
      ]);
      const cut = Buffer.concat([Buffer.from('{"a": "'), Buffer.from("😀").subarray(0, 3)]);
      for (const bytes of [latin1, cut]) {
        const path = await fileOf(bytes);
        const error = thrown(() => read(path, () => "skip", chunkBytes));
        expect(error.shortMessage).toBe(
          `The build info ${path} is not valid UTF-8 text: save it as UTF-8 (explorers and compilers read sources as UTF-8).`,
        );
      }
    },
  );

  it("says when the file cannot be read", () => {
    const path = join(dir, "missing.json");
    expect(thrown(() => read(path, everyMember)).shortMessage).toBe(
      `Cannot read the build info ${path}: no such file.`,
    );
  });
});

describe("a malformed build info", () => {
  it("is reported without quoting the file", async () => {
    const path = await fileOf('{"id": "x", "input": {"sources": }');
    const error = await rejected(readBuildInfo(path));
    expect(error.shortMessage).toBe(
      `The build info ${path} is not valid JSON: it holds a character JSON does not allow there.`,
    );
  });
});
