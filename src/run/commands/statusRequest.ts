import { InvalidInputError } from "../../errors/index.js";
import { services } from "../../verify/verifier.js";
import { type HardhatRunWhere, type RunWhere, targetsOfRun, tellFoundExplorer } from "./runWhere.js";

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
  const { assertReceipt, runStatus } = await import("../runners/runStatus.js");
  assertReceipt(service, request.guid);
  const targets = await targetsOfRun(request.where, [service]);
  try {
    tellFoundExplorer(targets, request.where, request.foundExplorer);
    return await runStatus(targets.targets, request.guid, { ...request, writeLine });
  } finally {
    await targets.close();
  }
}

/** `status` without a GUID, as a door hands it to the hall: the ledger file, and how the door names another. */
export interface LedgerRequest {
  path: string;
  json: boolean;
  /** How this door tells a user to give another ledger. */
  otherLedger: string;
  /** Where this door's runs leave the embedded local explorer's state (they keep no ledger). */
  localExplorerCache: string;
}

/**
 * Prints the ledger from the file alone: no service is asked.
 *
 * @param request - the ledger and the door's words
 * @param writeLine - where the table goes
 * @throws {InvalidInputError} when there is no ledger there, or the file is not one
 */
export async function runLedgerRequest(
  request: LedgerRequest,
  writeLine: (line: string) => void,
): Promise<void> {
  const { printLedger } = await import("../runners/runStatus.js");
  printLedger(request.path, { ...request, writeLine });
}
