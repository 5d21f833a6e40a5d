/** EVM targets, oldest first, as solc names them. */
export const evmTargets = [
  "homestead",
  "tangerineWhistle",
  "spuriousDragon",
  "byzantium",
  "constantinople",
  "petersburg",
  "istanbul",
  "berlin",
  "london",
  "paris",
  "shanghai",
  "cancun",
  "prague",
  "osaka",
] as const;

// The EVM target solc builds for when the input names none: from the first release of each default on.
const solcDefaultTargets: ReadonlyArray<[release: readonly [number, number, number], target: string]> = [
  [[0, 8, 31], "osaka"],
  [[0, 8, 30], "prague"],
  [[0, 8, 25], "cancun"],
  [[0, 8, 20], "shanghai"],
  [[0, 8, 18], "paris"],
  [[0, 8, 7], "london"],
  [[0, 8, 5], "berlin"],
  [[0, 5, 14], "istanbul"],
  [[0, 5, 5], "petersburg"],
  [[0, 4, 21], "byzantium"],
];

/**
 * The EVM target solc builds for when its input names none.
 * @param compilerVersion - `v0.8.28+commit.7893614a` or `0.8.28`
 * @returns e.g. `cancun`; undefined for a version it cannot read or a release older than 0.4.21
 */
export function solcDefaultEvmTarget(compilerVersion: string): string | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(compilerVersion.trim());
  if (!match) return undefined;
  const [, major = 0, minor = 0, patch = 0] = match.map(Number);
  return solcDefaultTargets.find(
    ([[fromMajor, fromMinor, fromPatch]]) =>
      (major - fromMajor || minor - fromMinor || patch - fromPatch) >= 0,
  )?.[1];
}

/**
 * Whether a target is newer than `cancun`, the newest every explorer's verifier builds: a name solc does not know
 * yet is a newer fork.
 * @returns true for prague, osaka and later
 */
export function newerThanCancun(target: string): boolean {
  const at = (evmTargets as readonly string[]).indexOf(target);
  return at < 0 ? target !== "default" : at > evmTargets.indexOf("cancun");
}
