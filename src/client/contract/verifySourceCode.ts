import { InvalidInputError } from "../../errors/index.js";
import { parsedJson } from "../../kernel/jsonValues.js";
import { type Libraries, librarySlots } from "../../kernel/libraries.js";
import {
  assertAddress,
  assertCompilerVersion,
  assertNonEmpty,
  assertNonNegativeInteger,
} from "../../kernel/validate.js";
import { multipartBody } from "../requestBody.js";
import type { Transport } from "../transport.js";
import { type SubmissionOutcome, submitContractAction } from "./submissionOutcome.js";
import { constructorArgumentFields } from "./verify.js";

const action = "verifysourcecode";

/** Library slots of the single-file format. */
export const singleFileLibrarySlots = 10;

interface CommonParameters {
  address: string;
  compilerVersion: string;
  /** ABI-encoded, hex, `0x` optional. */
  constructorArguments?: string;
  /** A number or a name such as `mit`. */
  licenseType?: string | number;
  timeoutMs?: number;
}

export interface StandardJsonSubmission extends CommonParameters {
  codeFormat: "solidity-standard-json-input";
  /** `path/File.sol:Name` (preferred), a bare name, or empty. */
  contractName: string;
  /** The standard JSON input, as an object or its JSON text. */
  standardJsonInput: object | string;
}

export interface SingleFileSubmission extends CommonParameters {
  codeFormat: "solidity-single-file";
  contractName: string;
  sourceCode: string;
  optimizationUsed: boolean;
  runs?: number;
  evmVersion?: string;
  libraries?: Libraries;
}

/** Vyper's standard JSON input (Etherscan's `vyper-json`); Blockscout's RPC module does not take it. */
export interface VyperJsonSubmission extends Omit<CommonParameters, "compilerVersion"> {
  codeFormat: "vyper-json";
  /** `path/File.vy:Name`. */
  contractName: string;
  /** The Vyper standard JSON input, as an object or its JSON text. */
  standardJsonInput: object | string;
  /** `vyper:0.4.0`, the form Etherscan lists Vyper versions in. */
  compilerVersion: string;
}

export type VerifySourceCodeParameters = StandardJsonSubmission | SingleFileSubmission | VyperJsonSubmission;

const vyperVersionPattern = /^vyper:\d+\.\d+\.\d+$/;

/**
 * Submits a contract the Etherscan way (`verifysourcecode`, multipart form): standard JSON input or a single
 * file. The explorer answers with a guid to poll with `checkverifystatus`.
 *
 * @param transport - the explorer's transport
 * @param parameters - the submission
 * @returns a guid to poll, or already verified
 * @throws {InvalidInputError} before any request, for malformed input or more than 20 MB
 * @throws {NotAContractError | ExplorerError} when the explorer refuses
 */
export async function verifySourceCode(
  transport: Transport,
  parameters: VerifySourceCodeParameters,
): Promise<SubmissionOutcome> {
  const address = assertAddress(parameters.address);
  const fields: Record<string, string | undefined> = {
    codeformat: parameters.codeFormat,
    contractaddress: address,
    contractname: typeof parameters.contractName === "string" ? parameters.contractName : undefined,
    compilerversion:
      parameters.codeFormat === "vyper-json"
        ? assertVyperVersion(parameters.compilerVersion)
        : assertCompilerVersion(parameters.compilerVersion),
  };
  if (fields.contractname === undefined) {
    throw new InvalidInputError(
      "contractName",
      'contractName is required (path/File.sol:Name, a name, or "").',
    );
  }
  if (parameters.codeFormat === "solidity-standard-json-input" || parameters.codeFormat === "vyper-json") {
    fields.sourceCode = standardJsonText(parameters.standardJsonInput);
  } else if (parameters.codeFormat === "solidity-single-file") {
    fields.sourceCode = assertNonEmpty(parameters.sourceCode, "sourceCode");
    fields.optimizationUsed = parameters.optimizationUsed ? "1" : "0";
    if (parameters.runs !== undefined)
      fields.runs = String(assertNonNegativeInteger(parameters.runs, "runs"));
    // Both spellings: the Etherscan v2 reference lists `evmVersion`, forge and Blockscout send `evmversion`.
    if (parameters.evmVersion) fields.evmversion = fields.evmVersion = parameters.evmVersion;
    librarySlots(parameters.libraries, singleFileLibrarySlots, action).forEach(
      ([name, libraryAddress], i) => {
        fields[`libraryname${i + 1}`] = name;
        fields[`libraryaddress${i + 1}`] = libraryAddress;
      },
    );
  } else {
    throw new InvalidInputError(
      "codeFormat",
      `Invalid codeFormat ${JSON.stringify(fields.codeformat)}: use solidity-standard-json-input, solidity-single-file or vyper-json.`,
    );
  }
  Object.assign(fields, constructorArgumentFields(parameters.constructorArguments));
  if (parameters.licenseType !== undefined) fields.licenseType = String(parameters.licenseType);
  const body = await multipartBody(fields);
  return submitContractAction(transport, { action, address, body, timeoutMs: parameters.timeoutMs });
}

function assertVyperVersion(version: unknown): string {
  if (typeof version === "string" && vyperVersionPattern.test(version)) return version;
  throw new InvalidInputError(
    "compilerVersion",
    `Invalid Vyper compiler version ${JSON.stringify(version)}: expected the form vyper:0.4.0.`,
  );
}

function standardJsonText(input: object | string): string {
  const checked = standardJsonObject(input);
  return typeof input === "string" ? input : JSON.stringify(checked);
}

/**
 * Checks a standard JSON input: JSON, with at least `language` and `sources`.
 *
 * @param input - the input, as an object or its JSON text
 * @returns the input as an object
 * @throws {InvalidInputError} for text that is not JSON, or an input without `language` or `sources`
 */
export function standardJsonObject(input: object | string): object {
  const value = typeof input === "string" ? parsedJson(input) : input;
  if (value === undefined)
    throw new InvalidInputError("standardJsonInput", "The standard JSON input is not valid JSON.");
  if (typeof value !== "object" || value === null || !("sources" in value) || !("language" in value)) {
    throw new InvalidInputError(
      "standardJsonInput",
      "The standard JSON input needs at least `language` and `sources` (the compiler's input format).",
    );
  }
  return value;
}
