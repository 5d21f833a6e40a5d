import { assertAddress, assertCompilerVersion, assertNonEmpty } from "../../kernel/validate.js";
import { multipartBody } from "../requestBody.js";
import type { Transport } from "../transport.js";
import { type SubmissionOutcome, submitContractAction } from "./submissionOutcome.js";
import {
  constructorArgumentFields,
  synchronousSubmissionTimeoutMs,
  type VerifyParameters,
} from "./verify.js";

const action = "verify_vyper_contract";

/** `verify`'s fields that `verify_vyper_contract` takes: the name is the contract's (`Vault`), the compiler Vyper's (`v0.3.10+commit.91361694`). */
export type VerifyVyperContractParameters = Pick<
  VerifyParameters,
  "address" | "name" | "compilerVersion" | "contractSourceCode" | "constructorArguments" | "timeoutMs"
>;

/**
 * Submits a Vyper source (`verify_vyper_contract`, multipart form). Blockscout verifies it synchronously.
 *
 * @param transport - the explorer's transport
 * @param parameters - source and compiler
 * @returns a guid to poll, the verified contract, or already verified
 * @throws {InvalidInputError} before any request, for malformed input or a source over 20 MB
 * @throws {NotAContractError | ExplorerError} when the explorer refuses
 */
export async function verifyVyperContract(
  transport: Transport,
  parameters: VerifyVyperContractParameters,
): Promise<SubmissionOutcome> {
  const address = assertAddress(parameters.address);
  // The specification marks constructorArguments of this action as no option (Blockscout reads it as one): without
  // arguments it goes empty.
  const given = parameters.constructorArguments;
  const args = given === undefined ? { constructorArguments: "" } : constructorArgumentFields(given);
  const body = await multipartBody({
    addressHash: address,
    name: assertNonEmpty(parameters.name, "name"),
    compilerVersion: assertCompilerVersion(parameters.compilerVersion),
    contractSourceCode: assertNonEmpty(parameters.contractSourceCode, "contractSourceCode"),
    ...args,
  });
  const timeoutMs = parameters.timeoutMs ?? synchronousSubmissionTimeoutMs;
  return submitContractAction(transport, { action, address, body, timeoutMs });
}
