import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { errorCodes } from "../../src/errors/explorerVerifyError.js";
import { repoRoot } from "../inputs/hardhatProject.js";

// The README's table of error codes names every code of the union in src/errors, and no other.
function documentedCodes(): string[] {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const start = readme.indexOf("### Error codes\n");
  expect(start).toBeGreaterThan(-1);
  const section = readme.slice(start, readme.indexOf("\n#", start + 1));
  const firstCells = section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => line.split("|")[1] ?? "");
  return firstCells.flatMap((cell) => [...cell.matchAll(/`([a-z_]+)`/g)].map((match) => match[1] ?? ""));
}

describe("the README's error codes", () => {
  it("are the codes union, each once", () => {
    const documented = documentedCodes();
    expect([...documented].sort()).toEqual([...errorCodes].sort());
  });
});
