import { InvalidInputError } from "../../errors/index.js";
import { assertAddress } from "../../kernel/validate.js";
import { contractCreationResultSchema } from "../../schemas/contractCreation.js";
import type { Transport } from "../transport.js";
import { callContractAction, parseResult, rejection } from "./callContractAction.js";
import { finiteNumber } from "./verifiedContract.js";

const action = "getcontractcreation";

/** Blockscout reads at most this many addresses per request and silently drops the rest (Etherscan: five). */
export const maxAddressesPerRequest = 10;

export interface GetContractCreationParameters {
  /** Any number of addresses; they are sent in chunks of ten. */
  addresses: string[];
}

export interface ContractCreation {
  contractAddress: string;
  creator: string;
  txHash: string;
  blockNumber: number | undefined;
  /** Unix seconds. */
  timestamp: number | undefined;
  /** The factory that created the contract with an internal CREATE; undefined for a direct deployment. */
  factory: string | undefined;
  /** Creation code with constructor arguments, as the explorer saw it. */
  creationBytecode: string | undefined;
}

/**
 * Reads who created each contract and in which transaction (`getcontractcreation`). Addresses the explorer
 * knows no creation for are missing from the result, as the explorer leaves them out.
 *
 * @param transport - the explorer's transport
 * @param parameters - the addresses
 * @param chunkSize - addresses per request: the explorer's limit ({@link maxAddressesPerRequest} by default)
 * @returns one item per known contract, in the order asked
 * @throws {InvalidInputError} for an empty list or a malformed address, before any request
 */
export async function getContractCreation(
  transport: Transport,
  parameters: GetContractCreationParameters,
  chunkSize = maxAddressesPerRequest,
): Promise<ContractCreation[]> {
  if (!Array.isArray(parameters.addresses) || parameters.addresses.length === 0) {
    throw new InvalidInputError("addresses", "getContractCreation needs at least one address.");
  }
  const addresses = parameters.addresses.map((a, i) => assertAddress(a, `addresses[${i}]`));
  const chunks = Array.from({ length: Math.ceil(addresses.length / chunkSize) }, (_, i) =>
    addresses.slice(i * chunkSize, (i + 1) * chunkSize),
  );
  const answers = await Promise.all(chunks.map((chunk) => readChunk(transport, chunk)));
  const byAddress = new Map(answers.flat().map((c) => [c.contractAddress, c]));
  return [...new Set(addresses.map((a) => a.toLowerCase()))].flatMap((a) => byAddress.get(a) ?? []);
}

async function readChunk(transport: Transport, addresses: string[]): Promise<ContractCreation[]> {
  const answer = await callContractAction(transport, {
    action,
    query: { contractaddresses: addresses.join(",") },
    kind: "read",
  });
  if (answer.envelope.status !== "1") {
    // Etherscan answers "No data found" with status 0 and no result.
    if (answer.envelope.result === null || Array.isArray(answer.envelope.result)) return [];
    throw rejection(answer);
  }
  return (parseResult(answer, contractCreationResultSchema, action) ?? []).map((item) => ({
    contractAddress: item.contractAddress.toLowerCase(),
    creator: item.contractCreator.toLowerCase(),
    txHash: item.txHash,
    blockNumber: finiteNumber(item.blockNumber),
    timestamp: finiteNumber(item.timestamp),
    factory: item.contractFactory ? item.contractFactory.toLowerCase() : undefined,
    creationBytecode: item.creationBytecode || undefined,
  }));
}
