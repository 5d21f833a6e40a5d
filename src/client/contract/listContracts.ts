import { InvalidInputError } from "../../errors/index.js";
import { isTrue } from "../../kernel/jsonValues.js";
import { assertNonNegativeInteger, assertPagination } from "../../kernel/validate.js";
import { listContractsResultSchema } from "../../schemas/listContracts.js";
import { isAbsentAbi, isNotVerifiedAbi } from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import { callContractAction, parseResult, rejection } from "./callContractAction.js";

const action = "listcontracts";

const filters = {
  verified: "verified",
  unverified: "unverified",
  empty: "empty",
  1: "verified",
  2: "unverified",
  3: "empty",
} as const;

export interface ListContractsParameters {
  /** 1-based page; goes with `offset`. */
  page?: number;
  /** Page size; goes with `page`. */
  offset?: number;
  filter?: "verified" | "unverified" | "empty" | 1 | 2 | 3;
  /** Unix seconds; only with the verified filter. */
  verifiedAtStartTimestamp?: number;
  verifiedAtEndTimestamp?: number;
}

export interface ListedContract {
  address: string;
  verified: boolean;
  /** The ABI as JSON text; `[]` for a verified contract stored without one. */
  abi: string | undefined;
  contractName: string | undefined;
  compilerVersion: string | undefined;
  optimizationUsed: boolean | undefined;
}

/**
 * Lists contracts the explorer knows (`listcontracts`), in the order they were first indexed.
 *
 * @param transport - the explorer's transport
 * @param parameters - paging and filter
 * @returns the contracts of the page
 * @throws {InvalidInputError} for page without offset, negative numbers, unknown filters, before any request
 */
export async function listContracts(
  transport: Transport,
  parameters: ListContractsParameters = {},
): Promise<ListedContract[]> {
  assertPagination(parameters.page, parameters.offset);
  const { filter } = parameters;
  if (filter !== undefined && !(String(filter) in filters)) {
    throw new InvalidInputError(
      "filter",
      `Invalid filter ${JSON.stringify(filter)}: use verified, unverified, empty, or 1, 2, 3.`,
    );
  }
  const timestamps = [parameters.verifiedAtStartTimestamp, parameters.verifiedAtEndTimestamp];
  if (timestamps.some((t) => t !== undefined)) {
    if (filter === undefined || filters[filter] !== "verified") {
      throw new InvalidInputError(
        "filter",
        "verifiedAtStartTimestamp and verifiedAtEndTimestamp are only used with the verified filter.",
      );
    }
    timestamps.forEach((t, i) => {
      if (t !== undefined)
        assertNonNegativeInteger(t, i === 0 ? "verifiedAtStartTimestamp" : "verifiedAtEndTimestamp");
    });
  }
  const answer = await callContractAction(transport, {
    action,
    query: {
      page: parameters.page?.toString(),
      offset: parameters.offset?.toString(),
      filter: filter === undefined ? undefined : String(filter),
      verified_at_start_timestamp: parameters.verifiedAtStartTimestamp?.toString(),
      verified_at_end_timestamp: parameters.verifiedAtEndTimestamp?.toString(),
    },
    kind: "read",
  });
  if (answer.envelope.status !== "1") {
    // Etherscan-style explorers answer an empty page with status 0.
    if (
      answer.envelope.result === null ||
      (Array.isArray(answer.envelope.result) && answer.envelope.result.length === 0)
    )
      return [];
    throw rejection(answer);
  }
  return parseResult(answer, listContractsResultSchema, action).map((item) => {
    const verified = Boolean(item.ContractName) || (Boolean(item.ABI) && !isNotVerifiedAbi(item.ABI));
    return {
      address: item.Address.toLowerCase(),
      verified,
      abi: verified ? (isAbsentAbi(item.ABI) ? "[]" : (item.ABI ?? undefined)) : undefined,
      contractName: item.ContractName ?? undefined,
      compilerVersion: item.CompilerVersion ?? undefined,
      optimizationUsed: item.OptimizationUsed == null ? undefined : isTrue(item.OptimizationUsed),
    };
  });
}
