import { existsSync } from "node:fs";
import { InvalidInputError } from "../../errors/index.js";
import { readLedgerFile } from "../../ledger/ledgerFile.js";
import { formatLedgerTable } from "../../ledger/ledgerTable.js";
import { stateFilesIn } from "../../local-explorer/stateStore.js";
import type { Target } from "../../verifiers/target.js";
import type { ReceiptStatus } from "../../verify/verifier.js";

const explanations: Record<ReceiptStatus["state"], string> = {
  pending: "still in the explorer's queue",
  pass: "verified",
  "already-verified": "already verified",
  fail: "the explorer could not verify it",
  "unknown-uid": "the explorer does not know this guid: it may have been lost, or belong to another explorer",
};

/**
 * Asks the service where a submission stands and says it: one line, or with `json` one document
 * `{ guid, state, message }` on stdout. The guid is checked by the caller.
 *
 * @param targets - the service's target, resolved (the first is asked)
 * @param options - a proxy link's guid; JSON output; where a line for a person goes
 * @returns whether the submission failed (failed, or a guid the explorer does not know)
 */
export async function runStatus(
  targets: readonly Target[],
  guid: string,
  options: { proxy: boolean; json: boolean; writeLine: (line: string) => void },
): Promise<{ failed: boolean }> {
  const [target] = targets;
  if (!target) throw new InvalidInputError("target", "No target for this chain.");
  const { verifierFor } = await import("../../verifiers/verifierFor.js");
  const verifier = await verifierFor(target);
  const receipt = { id: guid, of: options.proxy ? ("proxy-link" as const) : ("verification" as const) };
  const status = await verifier.status(receipt, Number.POSITIVE_INFINITY);
  if (options.json)
    process.stdout.write(
      `${JSON.stringify({ guid, state: status.state, message: status.message, ...(status.implementation ? { implementation: status.implementation } : {}) })}\n`,
    );
  else options.writeLine(`${guid}: ${status.message} (${explanations[status.state]})`);
  return { failed: status.state === "fail" || status.state === "unknown-uid" };
}

/** How a door prints the ledger: JSON or a table, where it goes, how it names another ledger, its local explorer's cache. */
export interface LedgerOptions {
  json: boolean;
  writeLine: (line: string) => void;
  otherLedger: string;
  /** Unset: the embedded local explorer's state is not named. */
  localExplorerCache?: string | undefined;
}

/**
 * Prints the ledger: the file only, no explorer is asked, so it answers offline and after a local explorer is gone.
 *
 * @param options - JSON output; where a line for a person goes; how this door names another ledger; where its runs
 *   leave the embedded local explorer's state (the error names it when there is no ledger)
 * @throws {InvalidInputError} when there is no ledger there, or the file is not one
 */
export function printLedger(path: string, options: LedgerOptions): void {
  if (!existsSync(path)) {
    const states = options.localExplorerCache ? stateFilesIn(options.localExplorerCache) : [];
    throw new InvalidInputError(
      "ledger",
      states.length > 0
        ? `There is no ledger at ${path}; the embedded local explorer's own state holds what it verified (${states.join(", ")}). Give a GUID, or ${options.otherLedger}.`
        : `There is no ledger at ${path}: give a GUID, or ${options.otherLedger}.`,
    );
  }
  const entries = readLedgerFile(path);
  if (options.json) process.stdout.write(`${JSON.stringify({ ledger: path, entries })}\n`);
  else options.writeLine(formatLedgerTable(entries));
}
