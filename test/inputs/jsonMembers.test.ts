import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { readBuildInfo } from "../../src/inputs/index.js";
import { jsonObjectMembers, parseJsonMember } from "../../src/inputs/jsonMembers.js";
import { rejected } from "../support/rejected.js";

function members(text: string) {
  const bytes = Buffer.from(text, "utf8");
  return jsonObjectMembers(bytes, 0, true)?.map((member) => [member.key, parseJsonMember(bytes, member)]);
}

describe("jsonObjectMembers", () => {
  it("finds each member's value as JSON.parse reads it: strings with quotes, braces and escapes, nesting, numbers", () => {
    const value = {
      'a "quoted" key': '}{][\\"',
      nested: { deeper: [1, { x: "\\" }, [], {}], é: "ü\u2028" },
      number: -1.5e3,
      yes: true,
      nothing: null,
      empty: "",
      __proto__key: "__proto__",
    };
    const text = JSON.stringify(value, null, 2);
    expect(members(text)).toEqual(Object.entries(JSON.parse(text)));
    expect(members("  {}  ")).toEqual([]);
    expect(members('"not an object"')).toBeUndefined();
  });

  it("throws a SyntaxError for a text that is not a well formed object", () => {
    for (const text of [
      '{"a": 1',
      '{"a" 1}',
      '{"a": 1,}',
      '{"a": [1}',
      '{"a": "open}',
      '{"a": 1} x',
      "{a: 1}",
    ]) {
      expect(() => members(text)).toThrow(SyntaxError);
    }
  });
});

describe("a malformed build info", () => {
  it("is reported in JSON.parse's words", async () => {
    const dir = await mkdtemp(join(tmpdir(), "explorer-verify-json-members-"));
    try {
      const path = join(dir, "broken.json");
      await writeFile(path, '{"id": "x", "input": {"sources": }');
      const error = await rejected(readBuildInfo(path));
      expect(error.shortMessage).toBe(
        `The build info ${path} is not valid JSON: Unexpected token '}', ..."sources": }" is not valid JSON.`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
