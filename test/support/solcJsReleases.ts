import { createRequire } from "node:module";

// The solc-js releases the tests compile with: the npm `solc` and its aliases `solc-<release>` (package.json's dev
// dependencies), found the same way for every release.
const require = createRequire(import.meta.url);

/** The npm package of each release. */
export const solcJsPackageOf = {
  "0.8.31": "solc-0.8.31",
  "0.8.28": "solc",
  "0.7.6": "solc-0.7.6",
  "0.6.12": "solc-0.6.12",
  "0.4.26": "solc-0.4.26",
} as const;

/** A release the tests have a solc-js of, e.g. `0.8.31` (builds for osaka by default). */
export type SolcJsRelease = keyof typeof solcJsPackageOf;

/**
 * A release's compiler file.
 * @param release - e.g. `0.8.31`
 * @returns the absolute path of its `soljson.js`
 */
export function soljsonOf(release: SolcJsRelease): string {
  return require.resolve(`${solcJsPackageOf[release]}/soljson.js`);
}

/**
 * A release's npm solc wrapper, loaded once per process by Node.
 * @param release - e.g. `0.8.31`
 * @returns its `version()` and `compile()`
 */
export function solcJsOf(release: SolcJsRelease): { version(): string; compile(input: string): string } {
  return require(solcJsPackageOf[release]) as { version(): string; compile(input: string): string };
}
