import { InvalidInputError } from "../../errors/index.js";
import { resolveWorkspaceInput } from "../../inputs/workspacePath.js";
import { assertGuid } from "../../kernel/validate.js";
import { verificationDefaults } from "../../options/verificationOptions.js";
import { services } from "../../verify/verifier.js";
import type { LedgerOptions } from "../runners/runStatus.js";
import { type HardhatRunWhere, onOneTarget, type RunWhere } from "./runWhere.js";

/** One `status GUID`, as a door hands it to the hall. */
export interface StatusRequest {
  /** The service asked, as the user named it, and the flag that named it. */
  service: { text: string; field: string };
  guid: string;
  /** The guid is a proxy link's. */
  proxy: boolean;
  json: boolean;
  where: RunWhere | HardhatRunWhere;
  /** Told which explorer was found for the network, when the user named none (the task says it on stderr). */
  foundExplorer?: ((line: string) => void) | undefined;
}

/**
 * Asks a service where a submission stands and says it.
 *
 * @param request - the service, the guid, where
 * @param writeLine - where the line (or the JSON document) goes
 * @returns whether the submission failed (failed, or a guid the service does not know)
 * @throws {InvalidInputError} for a service that is not one or a malformed guid, before any request
 */
export async function runStatusRequest(
  request: StatusRequest,
  writeLine: (line: string) => void,
): Promise<{ failed: boolean }> {
  const { text, field } = request.service;
  const service = services.find((name) => name === text.trim());
  if (!service)
    throw new InvalidInputError(field, `${field} ${text} is not a target: use ${services.join(", ")}.`);
  // Sourcify's receipts are UUIDs, every other service's a guid.
  if (service !== "sourcify") assertGuid(request.guid);
  const { runStatus } = await import("../runners/runStatus.js");
  return onOneTarget(request.where, service, request.foundExplorer, (targets) =>
    runStatus(targets, request.guid, { ...request, writeLine }),
  );
}

/**
 * `status` without a GUID: prints the ledger from the file alone; no service is asked.
 *
 * @param root - the project: a relative path inside it stays inside it once links are followed
 * @param given - the ledger file as the user named it (`--ledger`), else the default
 * @param options - JSON output, where the table goes, and the door's words (see {@link LedgerOptions})
 * @throws {InvalidInputError} when there is no ledger there, the file is not one, or a link leads it out of the project
 */
export async function runLedgerRequest(
  root: string,
  given: string | undefined,
  options: LedgerOptions,
): Promise<void> {
  const { printLedger } = await import("../runners/runStatus.js");
  // Only the default ledger is one a run on the embedded explorer leaves unwritten: its state is no answer for another.
  const path = resolveWorkspaceInput(root, given || verificationDefaults.ledger, "--ledger");
  printLedger(path, given ? { ...options, localExplorerCache: undefined } : options);
}
