import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InvalidInputError } from "../../errors/index.js";
import { isHardhatDeployFolder, maxDeploymentFileBytes } from "../../inputs/hardhatDeployFiles.js";

/**
 * Whether a folder holds an Ignition deployment (its deployed addresses or its journal), a hardhat-deploy or rocketh
 * network folder (its chain file), or neither. A folder that looks like a hardhat-deploy or rocketh one (deployment
 * files, `.migrations.json`, `solcInputs/`) but lacks its chain file is refused: it would otherwise be read as an
 * Ignition deployment, and fail on a file it never had.
 *
 * @param shown - the folder as the user gave it, for messages
 * @returns its kind; `none` for a folder that is not there or holds neither
 * @throws {InvalidInputError} for a hardhat-deploy or rocketh folder without its chain file, naming the file
 */
export function deploymentFolderKind(folder: string, shown: string): "ignition" | "hardhat-deploy" | "none" {
  if (isHardhatDeployFolder(folder)) return "hardhat-deploy";
  if (existsSync(join(folder, "deployed_addresses.json")) || existsSync(join(folder, "journal.jsonl")))
    return "ignition";
  const names = folderEntries(folder);
  // forge script's broadcast folder (broadcast/Deploy.s.sol/1) keeps each run in a file: the latest is the one read.
  if (names.includes("run-latest.json"))
    throw new InvalidInputError(
      "deployment",
      `${shown} is a Foundry broadcast folder: name its file ${join(shown, "run-latest.json")} instead.`,
    );
  const deploymentFiles = names.filter((name) => name.endsWith(".json") && !name.startsWith("."));
  // One file tells which tool wrote the folder.
  const rocketh =
    names.includes(".pending_transactions.json") || deploymentFiles.slice(0, 1).some(isRockethFile(folder));
  if (
    rocketh ||
    names.includes("solcInputs") ||
    names.includes(".migrations.json") ||
    deploymentFiles.length > 0
  ) {
    const chainFile = join(shown, rocketh ? ".chain" : ".chainId");
    throw new InvalidInputError(
      "deployment",
      rocketh
        ? `The rocketh deployments folder ${shown} has no chain file ${chainFile}: write its chain there as {"chainId":"<id>"}.`
        : `The hardhat-deploy deployments folder ${shown} has no chain file ${chainFile}: write its chain id there (e.g. 11155111).`,
    );
  }
  return "none";
}

/** Every door's line for a deployment (`--deployment x`) that is neither kind: what was looked for, and where. */
export function namesNoDeployment(named: string, ignition: string, folder: string): InvalidInputError {
  return new InvalidInputError(
    "deployment",
    `${named} names no deployment: there is no Ignition deployment ${ignition}, and ${folder} is no hardhat-deploy or rocketh deployments folder (it has no .chainId nor .chain).`,
  );
}

function folderEntries(folder: string): string[] {
  try {
    return lstatSync(folder).isDirectory() ? readdirSync(folder) : [];
  } catch {
    return [];
  }
}

// rocketh keeps the constructor's arguments ABI-encoded (`argsData`); hardhat-deploy 1.x keeps them decoded.
function isRockethFile(folder: string): (name: string) => boolean {
  return (name) => {
    const path = join(folder, name);
    try {
      const stat = lstatSync(path);
      if (!stat.isFile() || stat.size > maxDeploymentFileBytes) return false;
      return /"argsData"\s*:/.test(readFileSync(path, "utf8"));
    } catch {
      return false;
    }
  };
}
