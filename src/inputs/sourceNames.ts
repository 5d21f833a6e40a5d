const projectPrefix = "project/";
const npmSourceName = /^npm\/((?:@[^/]+\/)?[^/@]+)@[^/]+\/(.+)$/;

/**
 * Turns a source name as a compiler input holds it into the name users write. Hardhat 3 prefixes project files
 * with `project/` and npm files with `npm/<package>@<version>/`; other builds use the user's names already.
 *
 * @param inputSourceName - e.g. `project/contracts/Token.sol` or `npm/@openzeppelin/contracts@5.0.2/access/Ownable.sol`
 * @param userSourceNames - Hardhat 3's `userSourceNameMap` (user name → input name), when the build info has it
 * @returns e.g. `contracts/Token.sol` or `@openzeppelin/contracts/access/Ownable.sol`
 * @example
 * userSourceName("project/contracts/Token.sol") // "contracts/Token.sol"
 */
export function userSourceName(inputSourceName: string, userSourceNames?: Record<string, string>): string {
  for (const [user, input] of Object.entries(userSourceNames ?? {})) {
    if (input === inputSourceName) return user;
  }
  if (inputSourceName.startsWith(projectPrefix)) return inputSourceName.slice(projectPrefix.length);
  const npm = npmSourceName.exec(inputSourceName);
  if (npm) return `${npm[1]}/${npm[2]}`;
  return inputSourceName;
}

/**
 * Splits `path/File.sol:Name` at its last colon.
 *
 * @param name - a fully qualified name, or a bare contract name
 * @returns the source name (undefined for a bare name) and the contract name
 */
export function splitContractName(name: string): { sourceName: string | undefined; contractName: string } {
  const colon = name.lastIndexOf(":");
  if (colon < 0) return { sourceName: undefined, contractName: name };
  return { sourceName: name.slice(0, colon), contractName: name.slice(colon + 1) };
}
