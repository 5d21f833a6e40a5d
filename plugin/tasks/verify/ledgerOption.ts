import { resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { verificationDefaults } from "../../../src/options/verificationOptions.js";

/** Where the task keeps its ledger unless told otherwise: beside the project's `ignition/` and `contracts/`. */
export const defaultLedgerPath = verificationDefaults.ledger;

/**
 * The ledger the task uses: `--ledger FILE` (relative to the project), `--ledger none` for none, else the
 * project's default. A run on the embedded local explorer keeps none unless asked: that explorer's address changes
 * every run, so its entries would never be read again.
 * @param hre - the Hardhat runtime
 * @param option - the `--ledger` option
 * @param localExplorer - whether the embedded local explorer serves this run
 * @returns the absolute path, or undefined for no ledger
 */
export function ledgerPath(
  hre: HardhatRuntimeEnvironment,
  option: string | undefined,
  localExplorer: boolean,
): string | undefined {
  if (option === "none") return undefined;
  if (option) return resolve(hre.config.paths.root, option);
  return localExplorer ? undefined : resolve(hre.config.paths.root, defaultLedgerPath);
}
