import { isPlainObject } from "../../kernel/jsonValues.js";
import { isAddress, isTransactionHash } from "../../kernel/validate.js";
import { type BlockscoutShapes, blockscoutShapes, wireConstructorArguments } from "../blockscoutVersion.js";
import type { RestHandler } from "../httpServer.js";
import {
  invalidBlockProblems,
  type Reply,
  restDetails,
  restInvalid,
  restNotFound,
  restObject,
  restPointers,
  restUnknownAction,
  texts,
} from "../responses.js";
import type {
  BlockLookup,
  BlockReference,
  RestData,
  ServedInternalTransaction,
  ServedTokenBalance,
} from "./restData.js";
import { type CursorKeys, type CursorValue, cursorProblems, type PagedRow, pageOf } from "./restPaging.js";

type Query = Record<string, string>;
type Problem = { pointer: string; detail: string };

const typeProblem: Problem = { pointer: "/type", detail: restDetails.invalidEnum };

const blockNumberPattern = /^-?\d+$/;
const tokenIdPattern = /^-?([1-9][0-9]*|0)$/;

/** `type` of the token lists: a comma-separated list of these, any case, optionally in `[...]`; empty means all. */
const tokenTypeValues = ["ERC-20", "ERC-721", "ERC-1155", "ERC-404", "ERC-7984"];
const blockTransactionTypeValues = [
  "token_transfer",
  "contract_creation",
  "contract_call",
  "coin_transfer",
  "token_creation",
  "blob_transaction",
];
/** Tokens without instances: their instance holders are `Not found`. */
const fungibleTokenTypes = new Set(["ERC-20", "ZRC-2"]);

const cursorKeys = {
  addressTokens: { fiat_value: "nullable-string", value: "string", id: "integer" },
  nftCollections: { token_contract_address_hash: "string", token_type: "string" },
  blockTransactions: { block_number: "integer", index: "integer" },
  blockWithdrawals: { index: "integer" },
  internalTransactions: { block_number: "integer", transaction_index: "integer", index: "integer" },
  tokenInstanceHolders: { address_hash: "string", value: "integer" },
} satisfies Record<string, CursorKeys>;

/**
 * The REST half of the explorer (`/api/v2/...`), answering as Blockscout does (blockscout-api.md §15–17): 422 with
 * OpenApiSpex's problem lists for malformed parameters, 404 `Not found` and `Block lost consensus`, empty pages for
 * unknown addresses, pages of 50 with Blockscout's `next_page_params`, and 400 `Unknown API v2 action` for any
 * other path.
 *
 * @param data - the facts to serve
 * @param release - the shapes of the Blockscout release answered as (default 11's)
 * @returns the handler for the HTTP server
 */
export function createRestHandler(
  data: RestData,
  release: BlockscoutShapes = blockscoutShapes(),
): RestHandler {
  return async (path, query) => inRelease(route(data, path, query, release), release);
}

// What 12.0 changed in the REST answers is shaped here, once for every endpoint: `constructor_args` with `0x`, and
// `next_page_params` without the API key, the sort and `items_count`.
function inRelease(reply: Reply, release: BlockscoutShapes): Reply {
  const body = reply.body;
  if (!isPlainObject(body)) return reply;
  const shaped: Record<string, unknown> = { ...body };
  if (typeof shaped.constructor_args === "string")
    shaped.constructor_args = wireConstructorArguments(shaped.constructor_args, release);
  const next = shaped.next_page_params;
  if (isPlainObject(next))
    shaped.next_page_params = Object.fromEntries(
      Object.entries(next).filter(([name]) => !release.notEchoedInNextPage.includes(name)),
    );
  return { ...reply, body: shaped };
}

function route(data: RestData, path: string, query: Query, release: BlockscoutShapes): Reply {
  const segments = decodeSegments(path);
  if (segments === undefined) return restUnknownAction();
  const [first, second, third, fourth, fifth] = segments;
  const length = segments.length;
  if (first === "addresses" && second !== undefined) {
    if (length === 3 && third === "tokens") return addressTokens(data, second, query);
    if (length === 3 && third === "internal-transactions" && data.addressInternalTransactions)
      return addressInternalTransactions(data.addressInternalTransactions, second, query);
    if (length === 4 && third === "nft" && fourth === "collections")
      return nftCollections(data, second, query);
  }
  if (first === "blocks" && second !== undefined && length === 3) {
    if (third === "transactions") return blockTransactions(data, second, query);
    if (third === "withdrawals") return blockWithdrawals(data, second, query);
  }
  if (first === "internal-transactions" && length === 1) return internalTransactions(data, query, release);
  if (first === "tokens" && length === 5 && third === "instances" && fifth === "holders")
    return tokenInstanceHolders(data, second ?? "", fourth ?? "", query);
  if (first === "smart-contracts" && length === 2 && data.smartContract)
    return smartContract(data.smartContract, second ?? "");
  return restUnknownAction();
}

function decodeSegments(path: string): string[] | undefined {
  try {
    return path
      .split("/")
      .filter((segment) => segment !== "")
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

function addressTokens(data: RestData, address: string, query: Query): Reply {
  const types = enumList(query.type, tokenTypeValues);
  const problems = [
    ...addressProblems(address),
    ...(types === null ? [typeProblem] : []),
    ...cursorProblems(query, cursorKeys.addressTokens),
  ];
  if (problems.length > 0 || types === null) return restInvalid(problems);
  // The cursor's `id` is the balance row's id, which items do not show: here the row's place in the list.
  const rows = (data.addressTokens(address.toLowerCase()) ?? [])
    .map((item, position) => ({ item, id: position + 1 }))
    .filter(({ item }) => types === undefined || types.has(item.token.type))
    .map(({ item, id }) => ({ item, cursor: { fiat_value: fiatValue(item), value: item.value, id } }));
  return pageOf(rows, query, cursorKeys.addressTokens);
}

function nftCollections(data: RestData, address: string, query: Query): Reply {
  const types = enumList(query.type, tokenTypeValues);
  const problems = [
    ...addressProblems(address),
    ...(types === null ? [typeProblem] : []),
    ...cursorProblems(query, cursorKeys.nftCollections),
  ];
  if (problems.length > 0 || types === null) return restInvalid(problems);
  const rows = (data.addressNftCollections(address.toLowerCase()) ?? [])
    .filter((item) => types === undefined || types.has(item.token.type))
    .map((item) => ({
      item,
      cursor: {
        token_contract_address_hash: item.token.address_hash.toLowerCase(),
        token_type: item.token.type,
      },
    }));
  return pageOf(rows, query, cursorKeys.nftCollections);
}

function blockTransactions(data: RestData, block: string, query: Query): Reply {
  const reference = blockReference(block);
  const problems = [
    ...(reference === undefined ? invalidBlockProblems : []),
    ...enumProblems(query.type, blockTransactionTypeValues),
    ...cursorProblems(query, cursorKeys.blockTransactions),
  ];
  if (problems.length > 0 || reference === undefined) return restInvalid(problems);
  return fromBlock(data.blockTransactions(reference), (items) => {
    const type = query.type || undefined;
    const rows = items
      .filter((item) => type === undefined || (item.transaction_types ?? []).includes(type))
      .map((item) => ({
        item,
        cursor: { block_number: item.block_number, index: item.position },
      }));
    return pageOf(rows, query, cursorKeys.blockTransactions);
  });
}

function blockWithdrawals(data: RestData, block: string, query: Query): Reply {
  const reference = blockReference(block);
  const problems = [
    ...(reference === undefined ? invalidBlockProblems : []),
    ...cursorProblems(query, cursorKeys.blockWithdrawals),
  ];
  if (problems.length > 0 || reference === undefined) return restInvalid(problems);
  return fromBlock(data.blockWithdrawals(reference), (items) => {
    const rows = items.map((item) => ({ item, cursor: { index: item.index } }));
    return pageOf(rows, query, cursorKeys.blockWithdrawals);
  });
}

function internalTransactions(data: RestData, query: Query, release: BlockscoutShapes): Reply {
  if (release.refusesInternalTransactionsLimit && query.limit !== undefined)
    return restInvalid([{ pointer: "/limit", detail: "Unexpected field: limit" }]);
  const transactionHash = query.transaction_hash;
  const problems = [...cursorProblems(query, cursorKeys.internalTransactions)];
  if (transactionHash !== undefined && !isTransactionHash(transactionHash)) {
    problems.push({ pointer: "/transaction_hash", detail: restDetails.fullHashFormat });
  }
  if (query.limit !== undefined && !blockNumberPattern.test(query.limit)) {
    problems.push({ pointer: "/limit", detail: restDetails.integerGotString });
  }
  if (problems.length > 0) return restInvalid(problems);
  const rows = data
    .internalTransactions()
    .filter(
      (item) =>
        transactionHash === undefined ||
        item.transaction_hash.toLowerCase() === transactionHash.toLowerCase(),
    )
    .map(internalRow);
  const limit = query.limit === undefined ? undefined : Number(query.limit);
  return pageOf(rows, query, cursorKeys.internalTransactions, limit);
}

function addressInternalTransactions(
  lookup: NonNullable<RestData["addressInternalTransactions"]>,
  address: string,
  query: Query,
): Reply {
  const direction = query.filter || undefined;
  const problems = [
    ...addressProblems(address),
    ...enumProblems(direction, ["from", "to"], "filter"),
    ...cursorProblems(query, cursorKeys.internalTransactions),
  ];
  if (problems.length > 0) return restInvalid(problems);
  const own = address.toLowerCase();
  const rows = lookup(own)
    .filter((item) => {
      const from = addressOf(item.from) === own;
      const to = addressOf(item.to) === own || addressOf(item.created_contract) === own;
      return direction === "from" ? from : direction === "to" ? to : from || to;
    })
    .map(internalRow);
  return pageOf(rows, query, cursorKeys.internalTransactions);
}

function internalRow(item: ServedInternalTransaction): PagedRow {
  const { block_number, transaction_index, index } = item;
  return { item, cursor: { block_number, transaction_index, index } };
}

function addressOf(param: unknown): string | undefined {
  const hash = isPlainObject(param) ? param.hash : undefined;
  return typeof hash === "string" ? hash.toLowerCase() : undefined;
}

function tokenInstanceHolders(data: RestData, token: string, id: string, query: Query): Reply {
  const problems = [...addressProblems(token), ...cursorProblems(query, cursorKeys.tokenInstanceHolders)];
  if (!tokenIdPattern.test(id))
    problems.push({ pointer: restPointers.tokenId, detail: restDetails.tokenIdFormat });
  if (problems.length > 0) return restInvalid(problems);
  const known = data.tokenInstanceHolders(token.toLowerCase(), id);
  if (known === undefined || fungibleTokenTypes.has(known.tokenType)) return restNotFound();
  const rows: PagedRow[] = known.holders.map((item) => ({
    item,
    cursor: { address_hash: item.address.hash.toLowerCase(), value: jsonInteger(item.value) },
  }));
  return pageOf(rows, query, cursorKeys.tokenInstanceHolders);
}

function smartContract(lookup: NonNullable<RestData["smartContract"]>, address: string): Reply {
  const problems = addressProblems(address);
  if (problems.length > 0) return restInvalid(problems);
  const contract = lookup(address.toLowerCase());
  return contract === undefined ? restNotFound() : restObject(contract);
}

function fromBlock<T>(lookup: BlockLookup<T>, page: (items: T[]) => Reply): Reply {
  if (lookup === undefined) return restNotFound();
  if ("lostConsensusHash" in lookup)
    return restNotFound(texts.v2BlockLostConsensus, lookup.lostConsensusHash);
  return page(lookup.items);
}

function addressProblems(address: string): Problem[] {
  return isAddress(address)
    ? []
    : [{ pointer: restPointers.addressHash, detail: restDetails.addressHashFormat }];
}

function blockReference(block: string): BlockReference | undefined {
  if (blockNumberPattern.test(block)) return { kind: "number", number: Number(block) };
  if (isTransactionHash(block)) return { kind: "hash", hash: block.toLowerCase() };
  return undefined;
}

function enumProblems(value: string | undefined, allowed: readonly string[], name = "type"): Problem[] {
  if (value === undefined || value === "" || allowed.includes(value)) return [];
  return [{ pointer: `/${name}`, detail: restDetails.invalidEnum }];
}

/** The canonical values of a type list; undefined for no filter, null when a value is not allowed. */
function enumList(value: string | undefined, allowed: readonly string[]): Set<string> | undefined | null {
  const inner = (value ?? "").trim().replace(/^\[(.*)\]$/, "$1");
  if (inner.trim() === "") return undefined;
  const chosen = new Set<string>();
  for (const part of inner.split(",")) {
    const match = allowed.find((candidate) => candidate.toLowerCase() === part.trim().toLowerCase());
    if (match === undefined) return null;
    chosen.add(match);
  }
  return chosen;
}

/** The balance's worth in fiat, Blockscout's first sort key: null without an exchange rate. */
function fiatValue(item: ServedTokenBalance): string | null {
  const { token } = item;
  if (token.exchange_rate === undefined || token.exchange_rate === null) return null;
  const worth = (Number(item.value) / 10 ** Number(token.decimals ?? 0)) * Number(token.exchange_rate);
  return Number.isFinite(worth) ? String(worth) : null;
}

/** A decimal integer as a JSON number where that is exact; JSON.stringify cannot write larger ones exactly. */
function jsonInteger(decimal: string): CursorValue {
  const value = Number(decimal);
  return Number.isSafeInteger(value) ? value : decimal;
}
