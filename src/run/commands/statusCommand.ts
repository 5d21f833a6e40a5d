import { InvalidInputError } from "../../errors/index.js";
import { services } from "../../verify/verifier.js";
import { type RunWhere, targetsOfRun } from "./runWhere.js";

/** One `status GUID`, as a door hands it to the hall. */
export interface StatusRequest {
  /** The service asked, as the user named it, and the flag that named it. */
  service: { text: string; field: string };
  guid: string;
  /** The guid is a proxy link's. */
  proxy: boolean;
  json: boolean;
  where: RunWhere;
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
    return await runStatus(targets.targets, request.guid, { ...request, writeLine });
  } finally {
    await targets.close();
  }
}
