// The suite's three lanes, told apart by a test file's name, for Jest's projects and for the bench that reads
// Jest's report. unit: no chain, no child process, no compile (loopback servers are fine); integration: a chain,
// the local explorer, real compiles, in this process; e2e: the packed doors, the Action's bundle, Hardhat and forge
// as users run them, the browser.
export const lanes = ["unit", "integration", "e2e"];

/** Jest `testMatch` globs of each lane, from the repository's root. */
export const laneTestMatch = {
  unit: ["<rootDir>/test/**/*.test.ts", "!**/*.int.test.ts", "!**/*.e2e.test.ts"],
  integration: ["<rootDir>/test/**/*.int.test.ts"],
  e2e: ["<rootDir>/test/**/*.e2e.test.ts"],
};

/**
 * The lane of a test file.
 * @param {string} path - the file's path
 * @returns {"unit" | "integration" | "e2e"}
 */
export function laneOf(path) {
  if (path.endsWith(".e2e.test.ts")) return "e2e";
  if (path.endsWith(".int.test.ts")) return "integration";
  return "unit";
}
