const projectPrefix = "project/";
const npmSourceName = /^npm\/((?:@[^/]+\/)?[^/@]+)@[^/]+\/(.+)$/;

/**
 * Turns a source name as a compiler input holds it into the name users write. Hardhat 3 prefixes project files
 * with `project/` and npm files with `npm/<package>@<version>/`; other builds use the user's names already.
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

/** Splits `path/File.sol:Name` at its last colon. */
export function splitContractName(name: string): { sourceName: string | undefined; contractName: string } {
  const colon = name.lastIndexOf(":");
  if (colon < 0) return { sourceName: undefined, contractName: name };
  return { sourceName: name.slice(0, colon), contractName: name.slice(colon + 1) };
}
