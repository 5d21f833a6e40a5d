import { assertAddress } from "../../kernel/validate.js";
import { getSmartContractStatusIfSupported } from "../rest/getSmartContractStatus.js";
import type { Transport } from "../transport.js";
import { getSourceCode } from "./getSourceCode.js";
import type { VerifiedContract } from "./verifiedContract.js";

/**
 * Whose verification the sources an explorer returns for an address are:
 * - `verified` / `partially-verified`: the address's own;
 * - `bytecode-twin`: the address is not verified, these are a verified contract's with the same bytecode;
 * - `minimal-proxy`: the address is an unverified EIP-1167 clone, these are its implementation's;
 * - `unconfirmed`: the explorer has no `GET /api/v2/smart-contracts/{address}`, so it cannot say.
 */
export type VerificationStanding =
  | "verified"
  | "partially-verified"
  | "bytecode-twin"
  | "minimal-proxy"
  | "unconfirmed";

/** The sources an explorer holds for an address, and whether they are that address's own. */
export interface VerifiedContractReading {
  contract: VerifiedContract;
  standing: VerificationStanding;
  /** The verified contract the sources belong to, for a twin or clone, when the explorer names it. */
  sourceAddress: string | undefined;
  /** Verified from the explorer's bytecode database (an identical contract's sources), not by a submission. */
  verifiedViaBytecodeDatabase: boolean;
  /** The language of the sources, when the explorer or the sources tell. */
  language: "solidity" | "vyper";
}

export interface ReadVerifiedContractParameters {
  address: string;
}

// Vyper sources open with a version pragma and mark functions with decorators; Solidity has neither.
const vyperSourcePattern =
  /^\s*#\s*(?:@version|pragma version)\b|^@(?:external|internal|deploy|view|pure|payable)\b/m;

/**
 * Reads the sources an explorer holds for an address (`getsourcecode`) and checks whose they are with the
 * smart-contract status (`GET /api/v2/smart-contracts/{address}`): for an unverified bytecode twin or EIP-1167
 * clone, Blockscout's `getsourcecode` answers with the twin's or implementation's sources and `Address` set to the
 * address asked about, so only the status tells them apart.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address
 * @returns the sources and their standing, or null when the explorer holds no sources for the address
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {ExplorerError | InvalidResponseError} and the transport's errors
 * @example
 * const reading = await readVerifiedContract(transport, { address });
 * if (reading && reading.standing !== "verified") console.log(verificationStandingNote(address, reading));
 */
export async function readVerifiedContract(
  transport: Transport,
  parameters: ReadVerifiedContractParameters,
): Promise<VerifiedContractReading | null> {
  const address = assertAddress(parameters.address);
  const [contract, answer] = await Promise.all([
    getSourceCode(transport, { address }),
    getSmartContractStatusIfSupported(transport, { address }),
  ]);
  if (!contract) return null;
  const status = answer.supported ? answer.status : null;
  const looksVyper =
    /^v?yper/i.test(contract.compilerVersion) || vyperSourcePattern.test(contract.sourceCode);
  const language = status?.isVyperContract === true || looksVyper ? "vyper" : "solidity";
  const reading = {
    contract,
    language,
    verifiedViaBytecodeDatabase: false,
    sourceAddress: undefined,
  } as const;
  if (!status) return { ...reading, standing: "unconfirmed" };
  if (status.isVerified) {
    return {
      ...reading,
      standing: status.isPartiallyVerified ? "partially-verified" : "verified",
      verifiedViaBytecodeDatabase: status.verifiedViaBytecodeDatabase,
    };
  }
  // Not verified, yet getsourcecode answered with sources: a stand-in's, named or not.
  return {
    ...reading,
    standing: status.standIn?.kind ?? "bytecode-twin",
    sourceAddress: status.standIn?.address,
  };
}

/**
 * One sentence saying whose sources a reading holds, for anything short of the address's own full verification.
 *
 * @param address - the address that was read
 * @param reading - what {@link readVerifiedContract} returned
 * @returns the sentence, or undefined when the sources are the address's own, fully verified
 */
export function verificationStandingNote(
  address: string,
  reading: VerifiedContractReading,
): string | undefined {
  const source = reading.sourceAddress;
  switch (reading.standing) {
    case "bytecode-twin":
      return `${address} is not verified itself: these are the sources of ${source ? `${source}, ` : ""}a verified contract with the same bytecode (a bytecode twin).`;
    case "minimal-proxy":
      return `${address} is an EIP-1167 clone that is not verified itself: these are the sources of its implementation${source ? ` ${source}` : ""}.`;
    case "unconfirmed":
      return `The explorer cannot say whether ${address} is verified itself (it has no GET /api/v2/smart-contracts/{address}): these sources may be a bytecode twin's.`;
    case "partially-verified":
      return `${address} is only partially verified: the sources compile to its code, but the metadata differs.`;
    default:
      return reading.verifiedViaBytecodeDatabase
        ? `${address} was verified by the explorer itself, from the sources of an identical contract in its bytecode database.`
        : undefined;
  }
}
