import { type Libraries, librarySlots } from "../../kernel/libraries.js";
import {
  assertAddress,
  assertCompilerVersion,
  assertHexData,
  assertNonEmpty,
  assertNonNegativeInteger,
} from "../../kernel/validate.js";
import { jsonBody } from "../requestBody.js";
import type { Transport } from "../transport.js";
import { type SubmissionOutcome, submitContractAction } from "./submissionOutcome.js";

const action = "verify";

/** Library slots the specification gives `verify`. */
export const verifyLibrarySlots = 5;

/** Synchronous submissions compile on the server: they get a longer time limit. */
export const synchronousSubmissionTimeoutMs = 120_000;

export interface VerifyParameters {
  address: string;
  /** The contract name in the source. */
  name: string;
  compilerVersion: string;
  optimization: boolean;
  optimizationRuns?: number;
  evmVersion?: string;
  /** The flattened source. */
  contractSourceCode: string;
  /** ABI-encoded, hex, `0x` optional. */
  constructorArguments?: string;
  autodetectConstructorArguments?: boolean;
  /** At most five. */
  libraries?: Libraries;
  timeoutMs?: number;
}

/** @param hex - the constructor arguments, if any @returns them under both names explorers read (one misspelt) */
export function constructorArgumentFields(hex: string | undefined): Record<string, string> {
  if (hex === undefined) return {};
  const args = assertHexData(hex, "constructorArguments");
  return { constructorArguments: args, constructorArguements: args };
}

/**
 * Submits a flattened Solidity source (`verify`, JSON body). The specification returns a guid; real
 * Blockscout compiles at once and returns the verified contract: both come back as a {@link SubmissionOutcome}.
 *
 * @param transport - the explorer's transport
 * @param parameters - source, compiler settings, constructor arguments, libraries
 * @returns a guid to poll, the verified contract, or already verified
 * @throws {InvalidInputError} before any request, for malformed input, more than five libraries or a source over 20 MB
 * @throws {NotAContractError | ExplorerError} when the explorer refuses
 */
export async function verify(transport: Transport, parameters: VerifyParameters): Promise<SubmissionOutcome> {
  const address = assertAddress(parameters.address);
  const runs = parameters.optimizationRuns;
  // Fields left undefined are left out of the JSON.
  const body: Record<string, unknown> = {
    addressHash: address,
    name: assertNonEmpty(parameters.name, "name"),
    compilerVersion: assertCompilerVersion(parameters.compilerVersion),
    optimization: Boolean(parameters.optimization),
    contractSourceCode: assertNonEmpty(parameters.contractSourceCode, "contractSourceCode"),
    optimizationRuns: runs === undefined ? undefined : assertNonNegativeInteger(runs, "optimizationRuns"),
    evmVersion: parameters.evmVersion || undefined,
    ...constructorArgumentFields(parameters.constructorArguments),
    autodetectConstructorArguments: parameters.autodetectConstructorArguments,
  };
  librarySlots(parameters.libraries, verifyLibrarySlots, action).forEach(([name, libraryAddress], i) => {
    body[`library${i + 1}Name`] = name;
    body[`library${i + 1}Address`] = libraryAddress;
  });
  const timeoutMs = parameters.timeoutMs ?? synchronousSubmissionTimeoutMs;
  return submitContractAction(transport, { action, address, body: jsonBody(body), timeoutMs });
}
