import { assertAddress } from "../../kernel/validate.js";
import type { Transport } from "../transport.js";
import {
  anotherContractReason,
  inputSettings,
  notCopied,
  statedSettings,
  type VerifiedInputReading,
} from "../verifiedInput.js";
import {
  readVerifiedContract,
  type VerifiedContractReading,
  verificationStandingNote,
} from "./readVerifiedContract.js";

export interface ReadVerifiedInputParameters {
  address: string;
}

/**
 * Reads what a Blockscout explorer verified a contract with (`getsourcecode`, checked with the smart-contract
 * status), as a standard JSON input to verify it again elsewhere: the main file and the others, the stored
 * compiler settings, the constructor arguments and libraries. A flattened or single-file verification becomes a
 * one-source input. A bytecode twin's or a clone's sources, a contract the explorer verified from its bytecode
 * database, sources whose standing the explorer cannot say, and an answer whose `Address` names another contract are
 * not given as the address's own.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address
 * @returns the input, or why there is none to copy
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {ExplorerError | InvalidResponseError} and the transport's errors
 * @example
 * const reading = await readVerifiedInput(transport, { address });
 * if (reading.found) console.log(reading.verified.contractName);
 */
export async function readVerifiedInput(
  transport: Transport,
  parameters: ReadVerifiedInputParameters,
): Promise<VerifiedInputReading> {
  const address = assertAddress(parameters.address);
  return verifiedInputOf(address, await readVerifiedContract(transport, { address }));
}

/**
 * What a checked read of an explorer holds to copy (see {@link readVerifiedInput}).
 *
 * @param address - the address read
 * @param reading - what `readVerifiedContract` returned
 * @returns the input, or why there is none to copy
 */
export function verifiedInputOf(
  address: string,
  reading: VerifiedContractReading | null,
): VerifiedInputReading {
  if (!reading) return notCopied("unverified", `The explorer holds no verified sources for ${address}.`);
  const named = reading.contract.address;
  if (named !== "" && named !== address.toLowerCase())
    return notCopied("unverified", anotherContractReason(address, named));
  if (reading.standing !== "verified" && reading.standing !== "partially-verified")
    return notCopied(
      reading.standing,
      verificationStandingNote(address, reading) ?? `${address} is not verified itself.`,
    );
  if (reading.verifiedViaBytecodeDatabase)
    return notCopied(
      "bytecode-database",
      `${address} was verified by the explorer itself, from the sources of an identical contract in its bytecode database: there is no submission of its own to copy.`,
    );
  if (reading.language === "vyper")
    return notCopied("vyper", `${address} is a Vyper contract: copy rebuilds Solidity standard JSON inputs.`);
  const { contract } = reading;
  const mainName = contract.fileName || `${contract.contractName}.sol`;
  const sources: Record<string, { content: string }> = { [mainName]: { content: contract.sourceCode } };
  for (const other of contract.additionalSources) sources[other.fileName] = { content: other.sourceCode };
  const stated = statedSettings(contract.optimizationUsed, contract.optimizationRuns, contract.evmVersion);
  const settings = inputSettings(contract.compilerSettings ?? stated);
  return {
    found: true,
    verified: {
      address,
      compilerVersion: contract.compilerVersion,
      constructorArguments: contract.constructorArguments,
      libraries: Object.fromEntries(
        contract.externalLibraries.map((library) => [library.name, library.address]),
      ),
      match: reading.standing === "verified" ? "exact" : "partial",
      contractName: `${mainName}:${contract.contractName}`,
      input: { language: "Solidity", sources, settings },
    },
  };
}
