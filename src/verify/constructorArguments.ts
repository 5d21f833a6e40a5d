import { encodeAbiParameters } from "viem";
import { InvalidInputError } from "../errors/index.js";
import { constructorParameters } from "../kernel/abiParameters.js";
import { assertHexData } from "../kernel/validate.js";
import type { ConstructorArguments, VerificationJob } from "./job.js";
import type { Verifier } from "./verifier.js";

/**
 * ABI-encodes constructor arguments, or checks given hex.
 *
 * @param args - hex, or values with the contract's ABI
 * @returns hex without `0x` (empty for no arguments)
 * @throws {InvalidInputError} when the values do not fit the constructor's parameters
 */
export function encodeConstructorArguments(
  args: Exclude<ConstructorArguments, { recoverFrom: unknown }>,
): string {
  if ("hex" in args) return assertHexData(args.hex, "constructorArguments");
  const inputs = constructorParameters(args.abi);
  if (inputs.length !== args.values.length) {
    const expected = inputs.map((input) => `${input.type} ${input.name ?? ""}`.trim()).join(", ");
    throw new InvalidInputError(
      "constructorArguments",
      `The constructor takes ${inputs.length} argument${inputs.length === 1 ? "" : "s"} (${expected || "none"}), but ${args.values.length} ${args.values.length === 1 ? "was" : "were"} given.`,
    );
  }
  try {
    return encodeAbiParameters(inputs, args.values).slice(2);
  } catch (cause) {
    const reason = cause instanceof Error ? (cause.message.split("\n")[0] ?? cause.message) : String(cause);
    throw new InvalidInputError(
      "constructorArguments",
      `The constructor arguments do not fit the ABI: ${reason}`,
      { cause },
    );
  }
}

const placeholder = /__\$[0-9a-fA-F]{34}\$__/g;

/**
 * Recovers ABI-encoded constructor arguments from a creation transaction's input: what follows the compiled
 * creation code. Library placeholders in the compiled code match any address.
 *
 * @param compiledCreationCode - the contract's creation bytecode from the build (`evm.bytecode.object`)
 * @param onChainCreationCode - the creation input the explorer or chain reports
 * @throws {InvalidInputError} when the on-chain code does not start with the compiled code
 */
export function recoverConstructorArguments(
  compiledCreationCode: string,
  onChainCreationCode: string,
): string {
  const compiled = compiledCreationCode.replace(/^0x/, "").toLowerCase();
  const onChain = onChainCreationCode.replace(/^0x/, "").toLowerCase();
  const match = new RegExp(`^${compiled.replace(placeholder, "[0-9a-f]{40}")}`).exec(onChain);
  if (!match) {
    throw new InvalidInputError(
      "constructorArguments",
      "Cannot recover the constructor arguments: the deployed creation code does not start with the compiled creation code. The contract was built with other sources or settings than this build; give the arguments explicitly, or use the build it was deployed from.",
    );
  }
  return onChain.slice(match[0].length);
}

/**
 * The constructor arguments a job leaves to be recovered, read from the service's creation data; none where the
 * service reads them itself or the job gave them.
 * @returns ABI-encoded hex without `0x`, or undefined
 * @throws {InvalidInputError} when the service has no creation data for the contract
 */
export async function recoveredArguments(
  verifier: Verifier,
  job: VerificationJob,
  endsAt: number,
): Promise<string | undefined> {
  const args = job.constructorArguments;
  if (!args || !("recoverFrom" in args) || verifier.capabilities.readsConstructorArguments) return undefined;
  const creation = verifier.capabilities.creation ? await verifier.creation(job.address, endsAt) : null;
  if (!creation?.creationBytecode) {
    throw new InvalidInputError(
      "constructorArguments",
      "The explorer has no creation data for this contract, so its constructor arguments cannot be recovered: give them explicitly.",
    );
  }
  return recoverConstructorArguments(args.recoverFrom.creationBytecode, creation.creationBytecode);
}
