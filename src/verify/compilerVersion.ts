import { InvalidInputError } from "../errors/index.js";
import { solcReleaseCommits } from "./solcReleases.js";

const longForm = /^v?(\d+\.\d+\.\d+)(?:-[0-9A-Za-z.]+)?\+commit\.[0-9a-f]{8}$/;
const bareForm = /^v?(\d+\.\d+\.\d+)$/;

/**
 * Gives a Solidity compiler version in the long form explorers expect. A long form (`v0.8.28+commit.7893614a`,
 * with or without `v`) is kept; a bare release (`0.8.28`) is completed from the release table shipped with
 * this package.
 *
 * @param field - the input field, for the error
 * @returns e.g. `v0.8.28+commit.7893614a`
 * @throws {InvalidInputError} for an unknown release or a malformed version
 * @example
 * longCompilerVersion("0.8.28") // "v0.8.28+commit.7893614a"
 */
export function longCompilerVersion(version: string, field = "compilerVersion"): string {
  const trimmed = typeof version === "string" ? version.trim() : "";
  if (longForm.test(trimmed)) return trimmed.startsWith("v") ? trimmed : `v${trimmed}`;
  const bare = bareForm.exec(trimmed)?.[1];
  if (bare) {
    const commit = solcReleaseCommits[bare];
    if (commit) return `v${bare}+commit.${commit}`;
    throw new InvalidInputError(
      field,
      `Unknown Solidity release "${version}": give the long form, like v0.8.28+commit.7893614a (the build info's solcLongVersion).`,
    );
  }
  throw new InvalidInputError(
    field,
    `Invalid compiler version ${JSON.stringify(version)}: expected 0.8.28 or the long form v0.8.28+commit.7893614a.`,
  );
}
