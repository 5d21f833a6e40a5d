import { InvalidInputError, UnknownActionError } from "../../errors/index.js";
import { assertAddress } from "../../kernel/validate.js";
import { multipartBody, type UploadFile } from "../requestBody.js";
import type { Transport } from "../transport.js";
import { type SubmissionOutcome, submitContractAction } from "./submissionOutcome.js";
import { synchronousSubmissionTimeoutMs } from "./verify.js";

/** The specification's name for the registry action. */
export const registryAction = "verify_via_registry";
/** Real Blockscout's name for it; it answers the other with `Unknown action`. */
export const sourcifyAction = "verify_via_sourcify";

/** The one name Blockscout 12 reads the compiler's metadata under (else `Sourcify did not return metadata`). */
export const metadataFileName = "metadata.json";

export interface VerifyViaRegistryParameters {
  address: string;
  /**
   * `metadata.json` and the source files it lists; empty when the registry already holds the contract. A metadata file
   * under another name (`build/Token.metadata.json`, the one JSON file) is sent as `metadata.json`.
   */
  files: UploadFile[];
  timeoutMs?: number;
}

/**
 * Verifies through the source registry (`verify_via_registry`, multipart `files[0]`, `files[1]`, …). Real
 * Blockscout calls this action `verify_via_sourcify` and throws {@link UnknownActionError} for this name:
 * see {@link verifyViaSourcify}.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and the files
 * @returns a guid to poll, the verified contract, or already verified
 * @throws {InvalidInputError} before any request, for a malformed address, bad files or more than 20 MB
 * @throws {UnknownActionError | NotAContractError | ExplorerError} when the explorer refuses
 */
export function verifyViaRegistry(
  transport: Transport,
  parameters: VerifyViaRegistryParameters,
): Promise<SubmissionOutcome> {
  return submitToRegistry(transport, parameters, registryAction);
}

/**
 * The same submission under real Blockscout's action name, `verify_via_sourcify`.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and the files
 * @returns a guid to poll, the verified contract, or already verified
 * @throws like {@link verifyViaRegistry}
 */
export function verifyViaSourcify(
  transport: Transport,
  parameters: VerifyViaRegistryParameters,
): Promise<SubmissionOutcome> {
  return submitToRegistry(transport, parameters, sourcifyAction);
}

/**
 * The registry submission under whichever name the explorer takes: `verify_via_registry`, and after an
 * `Unknown action` answer `verify_via_sourcify`, which the transport's explorer then gets from the first try.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address and the files
 * @returns a guid to poll, the verified contract, or already verified
 * @throws like {@link verifyViaRegistry}, but for the unknown action
 */
export async function verifyViaRegistryOrSourcify(
  transport: Transport,
  parameters: VerifyViaRegistryParameters,
): Promise<SubmissionOutcome> {
  const capabilities = transport.capabilities;
  if (capabilities.registryAction === "verify_via_sourcify") return verifyViaSourcify(transport, parameters);
  try {
    return await verifyViaRegistry(transport, parameters);
  } catch (error) {
    if (!(error instanceof UnknownActionError)) throw error;
    capabilities.registryAction = "verify_via_sourcify";
    return verifyViaSourcify(transport, parameters);
  }
}

async function submitToRegistry(
  transport: Transport,
  parameters: VerifyViaRegistryParameters,
  action: string,
): Promise<SubmissionOutcome> {
  const address = assertAddress(parameters.address);
  const files = parameters.files ?? [];
  if (!Array.isArray(files)) throw new InvalidInputError("files", "files must be a list of {name, content}.");
  files.forEach((file, i) => {
    if (typeof file?.name !== "string" || file.name === "" || typeof file.content !== "string") {
      throw new InvalidInputError(`files[${i}]`, `files[${i}] needs a non-empty name and a string content.`);
    }
  });
  const body = await multipartBody({ addressHash: address }, withMetadataJson(files));
  const timeoutMs = parameters.timeoutMs ?? synchronousSubmissionTimeoutMs;
  return submitContractAction(transport, { action, address, body, timeoutMs }, "upload");
}

// Blockscout 12 finds the metadata by its file name alone: a metadata file that can be told (named
// `…/metadata.json`, or the one JSON file) goes as `metadata.json` whatever it was called here. Files among which it
// cannot be told go as they are, and the explorer's answer says what is missing.
function withMetadataJson(files: UploadFile[]): UploadFile[] {
  if (files.some((file) => file.name === metadataFileName)) return files;
  const named = files.filter((file) => file.name.split(/[\\/]/).pop() === metadataFileName);
  const candidates = named.length > 0 ? named : files.filter((file) => file.name.endsWith(".json"));
  const [metadata, ...others] = candidates;
  if (!metadata || others.length > 0) return files;
  return files.map((file) => (file === metadata ? { ...file, name: metadataFileName } : file));
}
