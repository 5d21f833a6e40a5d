import { readdirSync } from "node:fs";
import { InvalidInputError } from "../../errors/index.js";
import { isAddress, isTransactionHash } from "../../kernel/validate.js";
import { requestedFormats } from "../../options/verificationOptions.js";

/** What the task's arguments name to verify, as the user typed them (empty text: not given). */
export interface TaskContracts {
  address: string;
  constructorArgs: readonly string[];
  deployment?: string | undefined;
  contract?: string | undefined;
  constructorArgsPath?: string | undefined;
  proxy: boolean;
  format: string;
  createdBy?: string | undefined;
  tx?: string | undefined;
  /** `--creation-tx-hash`: ADDRESS's creation transaction. */
  creationTxHash?: string | undefined;
}

/**
 * Checks that the task's arguments name one thing to verify, each well formed: an address, a deployment, or a factory
 * with its transactions; before anything is opened.
 *
 * @param args - the task's arguments
 * @throws {InvalidInputError} for arguments that do not go together or are malformed
 */
export function checkTaskContracts(args: TaskContracts): void {
  if (args.createdBy !== undefined || args.tx !== undefined) {
    if (args.creationTxHash !== undefined)
      refuse("--creation-tx-hash names one ADDRESS: drop it with --created-by.");
    checkCreatedBy(args);
    return;
  }
  if (args.deployment && args.address) refuse("Give either a contract ADDRESS or --deployment, not both.");
  if (!args.deployment && !args.address)
    refuse("Give the contract's ADDRESS (npx hardhat explorer-verify 0x…), or --deployment IGNITION_ID.");
  if (args.address) checkAddresses([args.address]);
  if (args.creationTxHash !== undefined) {
    if (!args.address) refuse("--creation-tx-hash names the creation of one ADDRESS: give the ADDRESS.");
    if (!isTransactionHash(args.creationTxHash))
      refuseMalformed(`--creation-tx-hash "${args.creationTxHash}"`, "a transaction hash", 64);
  }
  if (!(requestedFormats as readonly string[]).includes(args.format)) {
    refuse(
      `--format ${args.format} is not a format: use ${requestedFormats.join(", ")} (auto, the default, sends standard JSON input).`,
    );
  }
  if (
    args.deployment &&
    (args.contract || args.constructorArgs.length || args.constructorArgsPath || args.proxy)
  ) {
    refuse(
      "With --deployment, contracts and constructor arguments come from the deployment: drop --contract, --proxy and constructor arguments.",
    );
  }
}

function checkCreatedBy(args: TaskContracts): void {
  if (!args.createdBy || !args.tx) refuse("--created-by FACTORY and --tx HASH go together: give both.");
  if (args.address || args.deployment)
    refuse("--created-by names the factory: drop ADDRESS and --deployment.");
  if (!isAddress(args.createdBy)) refuseMalformed(`--created-by "${args.createdBy}"`, "an address", 40);
  for (const hash of args.tx.split(",")) {
    if (!isTransactionHash(hash.trim())) refuseMalformed(`--tx "${hash.trim()}"`, "a transaction hash", 64);
  }
}

/**
 * Checks contracts' addresses as the task's commands take them.
 *
 * @param addresses - the addresses given
 * @throws {InvalidInputError} for the first that is not an address
 */
export function checkAddresses(addresses: readonly string[]): void {
  const malformed = addresses.find((address) => !isAddress(address));
  if (malformed !== undefined) refuseMalformed(`"${malformed}"`, "an address", 40);
}

/**
 * The Ignition deployments several IDs name: `--deployment all`, a comma-separated list, or IDs after `--deployment`
 * (Hardhat takes an option once).
 *
 * @param args - the task's arguments: `--deployment` and the words after it
 * @param deploymentsFolder - the project's `ignition/deployments`
 * @returns the deployments' IDs, each once
 * @throws {InvalidInputError} for arguments that do not go with deployments, or `all` with no deployment
 */
export function deploymentIds(args: TaskContracts, deploymentsFolder: string): string[] {
  const named = [args.deployment ?? "", args.address, ...args.constructorArgs]
    .flatMap((text) => text.split(","))
    .map((id) => id.trim())
    .filter((id) => id !== "");
  const stray = named.find(isAddress);
  if (stray)
    refuse(
      `${stray} is a contract's ADDRESS: --deployment names its contracts itself; give one or the other.`,
    );
  if (args.contract || args.constructorArgsPath || args.proxy) {
    refuse(
      "With --deployment, contracts and constructor arguments come from the deployment: drop --contract, --proxy and --constructor-args-path.",
    );
  }
  if (args.creationTxHash !== undefined)
    refuse("--creation-tx-hash names the creation of one ADDRESS: the deployments record their own.");
  if (!named.includes("all")) return [...new Set(named)];
  if (named.length > 1) refuse("--deployment all already takes every deployment: name no others with it.");
  let ids: string[];
  try {
    ids = readdirSync(deploymentsFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    ids = [];
  }
  if (ids.length === 0) refuse(`--deployment all: there are no deployments in ${deploymentsFolder}.`);
  return ids;
}

function refuse(message: string): never {
  throw new InvalidInputError("arguments", message);
}

// A value that is not `0x` followed by `digits` hexadecimal characters.
function refuseMalformed(given: string, what: string, digits: number): never {
  refuse(`${given} is not ${what}: expected 0x followed by ${digits} hexadecimal characters.`);
}
