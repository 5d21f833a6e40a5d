import { creationsInTrace, parseCallTrace } from "../chain/callTrace.js";
import { JsonRpcChain } from "../chain/jsonRpcChain.js";
import type { ExplorerClient } from "../client/explorerClient.js";
import {
  deadlineReached,
  HttpError,
  InvalidInputError,
  isDeadlineReached,
  isExplorerVerifyError,
} from "../errors/index.js";
import { isTransactionHash } from "../kernel/validate.js";
import { readBefore } from "./discoveryDeadline.js";
import {
  type DiscoveryWarning,
  type WalkLimits,
  walkInternalTransactions,
} from "./internalTransactionWalk.js";

/**
 * The chain reads discovery and matching use: any JSON-RPC access can provide them. Each is given discovery's
 * deadline (`endsAt`, ms since the epoch; infinite for none): a read still running then may be aborted.
 */
export interface CreationChain {
  /** The result of `debug_traceTransaction(hash, { tracer: "callTracer" })`, unparsed. */
  traceTransaction(hash: string, endsAt: number): Promise<unknown>;
  /** The code at an address, `0x` for none. */
  code(address: string, endsAt: number): Promise<string>;
  /** The latest block's number: with the two reads below, a factory's later calls are traced block by block. */
  latestBlock?(endsAt: number): Promise<number>;
  /** A block's transactions (hash and recipient, null for a creation); undefined for a block the chain lacks. */
  blockTransactions?(
    number: number,
    endsAt: number,
  ): Promise<Array<{ hash: string; to: string | null }> | undefined>;
  /** The block a transaction was mined in; undefined when the chain does not know it mined. */
  transactionBlock?(hash: string, endsAt: number): Promise<number | undefined>;
}

/**
 * The chain reads of discovery through a JSON-RPC endpoint (it must answer `debug_traceTransaction` with the call
 * tracer: Hardhat's and Anvil's nodes do, as do archive nodes of Geth, Erigon and Reth).
 *
 * @param rpcUrl - the chain's JSON-RPC URL
 * @returns the reads
 * @example
 * const created = await discoverCreatedContracts(hashes, { chain: creationChainFromRpc("http://127.0.0.1:8545") });
 */
export function creationChainFromRpc(rpcUrl: string): CreationChain {
  const until = (endsAt: number) => new JsonRpcChain(rpcUrl, { endsAt });
  return {
    traceTransaction: (hash, endsAt) => until(endsAt).traceTransaction(hash),
    code: (address, endsAt) => until(endsAt).getCode(address),
    latestBlock: (endsAt) => until(endsAt).blockNumber(),
    blockTransactions: async (number, endsAt) =>
      (await until(endsAt).getBlock(number))?.transactions.map(({ hash, to }) => ({ hash, to })),
    transactionBlock: async (hash, endsAt) => {
      const mined = (await until(endsAt).getTransaction(hash))?.blockNumber;
      return mined ? Number(mined) : undefined;
    },
  };
}

/** A contract a transaction created. */
export interface CreatedContract {
  /** Lower case. */
  address: string;
  /** The contract that ran CREATE or CREATE2; for the transaction's own creation, the sender. Lower case. */
  factory: string;
  transaction: string;
  /** `transaction` for the transaction's own creation (a deployment), else the opcode. */
  kind: "transaction" | "create" | "create2";
  /** The creation code with its constructor arguments, when the explorer or the chain gave it. */
  creationInput?: string;
  /** Where the creation was found. */
  foundBy: "explorer" | "trace";
}

/** Where to look, and for how long. */
export interface DiscoverCreatedContractsOptions {
  /** The explorer: its internal transactions list the contracts each transaction created; it has their creation data. */
  client?: ExplorerClient;
  /** The chain: its traces, where the explorer has no internal transactions, and the created contracts' code. */
  chain?: CreationChain;
  /**
   * When discovery must end, in ms since the epoch (the run's deadline). Every request and trace answers to it;
   * when it comes, discovery stops with what it found and a `deadline` warning. Unset: none.
   */
  deadline?: number;
  /** The most pages of one transaction's internal transactions read. Default 100 (5,000 internal transactions). */
  maxPages?: number;
  /** Told when discovery stops short: a cursor that repeats, the page limit, the deadline. */
  onWarning?: (warning: DiscoveryWarning) => void;
}

/** The default of {@link DiscoverCreatedContractsOptions.maxPages}. */
export const defaultMaxInternalTransactionPages = 100;

/**
 * Lists every contract some transactions created: the explorer's internal transactions of each (every page, items
 * of type create or create2 with a `created_contract`), else, when the explorer has none (not indexed yet, or no
 * such list) and a chain is given, the CREATE and CREATE2 frames of the transaction's call trace. Creation code
 * comes from the trace or, failing that, from the explorer's `getcontractcreation`. An explorer whose pages repeat
 * or never end, and the deadline, stop the reading with a warning: what was found until then is returned. A request
 * still running at the deadline ends with it when the client is bound to it (`createdContractJobs` binds it).
 *
 * @param transactions - transaction hashes
 * @param options - the explorer, the chain, or both; the deadline, the page limit, where warnings go
 * @returns the created contracts, per transaction in execution order, each address once
 * @throws {InvalidInputError} for a malformed hash or with neither an explorer nor a chain, before any request
 * @throws the explorer's errors when there is no chain to fall back on, and the chain's
 * @example
 * const created = await discoverCreatedContracts(["0x…"], { client, chain });
 */
export async function discoverCreatedContracts(
  transactions: readonly string[],
  options: DiscoverCreatedContractsOptions,
): Promise<CreatedContract[]> {
  for (const [index, hash] of transactions.entries()) {
    if (!isTransactionHash(hash)) {
      throw new InvalidInputError(
        `transactions[${index}]`,
        `"${hash}" is not a transaction hash: expected 0x followed by 64 hexadecimal characters.`,
      );
    }
  }
  if (!options.client && !options.chain) {
    throw new InvalidInputError(
      "transactions",
      "Finding the contracts a transaction created needs an explorer or a chain's JSON-RPC URL.",
    );
  }
  const search: Search = {
    ...options,
    deadline: options.deadline ?? Number.POSITIVE_INFINITY,
    maxPages: options.maxPages ?? defaultMaxInternalTransactionPages,
    warn: (warning) => options.onWarning?.(warning),
  };
  const unique = [...new Set(transactions.map((hash) => hash.toLowerCase()))];
  const found = new Map<string, CreatedContract>();
  for (const [index, transaction] of unique.entries()) {
    let created: CreatedContract[];
    try {
      created = await createdBy(transaction, search);
    } catch (error) {
      if (!isDeadlineReached(error)) throw error;
      const unread = unique.length - index;
      search.warn({
        code: "deadline",
        transaction,
        factory: undefined,
        message: `The deadline came before the contracts created by ${unread === 1 ? `transaction ${transaction}` : `${unread} transactions (from ${transaction} on)`} were found: they are left out.`,
      });
      break;
    }
    for (const contract of created) {
      if (!found.has(contract.address)) found.set(contract.address, contract);
    }
  }
  await fillCreationInputs([...found.values()], search.client, search.deadline);
  return [...found.values()];
}

type Search = Omit<DiscoverCreatedContractsOptions, "deadline" | "maxPages"> & WalkLimits;

async function createdBy(transaction: string, search: Search): Promise<CreatedContract[]> {
  const { client, chain } = search;
  if (Date.now() >= search.deadline) throw deadlineReached();
  const listed = client ? await fromInternalTransactions(client, transaction, search) : [];
  if (!chain) return listed;
  if (listed.length === 0) {
    // A walk the deadline cut short has said so; there is no time left for a trace.
    if (Date.now() >= search.deadline) return [];
    return traceCreations(chain, transaction, search.deadline);
  }
  // A chain without traces (or the deadline come) still leaves the explorer's list, whose creation code
  // getcontractcreation gives.
  const traced = await traceCreations(chain, transaction, search.deadline).catch(() => []);
  // The explorer's list decides what was created; the trace adds each one's creation code.
  const codes = new Map(traced.map((creation) => [creation.address, creation.creationInput]));
  return listed.map((created) => {
    const creationInput = codes.get(created.address);
    return creationInput === undefined ? created : { ...created, creationInput };
  });
}

/**
 * What a transaction's call trace shows it created, as the chain gives it by the deadline.
 *
 * @param chain - the chain's reads
 * @param transaction - the transaction hash
 * @param deadline - ms since the epoch; infinite for none
 * @returns the created contracts, in execution order, the transaction's own creation included
 * @throws {TimeoutError} ({@link isDeadlineReached}) when the deadline comes first; the chain's errors
 */
export async function traceCreations(
  chain: CreationChain,
  transaction: string,
  deadline: number,
): Promise<CreatedContract[]> {
  const trace = await readBefore(chain.traceTransaction(transaction, deadline), deadline);
  return creationsInTrace(parseCallTrace(trace, transaction)).map((creation) => ({
    address: creation.address,
    factory: creation.creator,
    transaction: transaction.toLowerCase(),
    kind: creation.kind,
    creationInput: creation.creationInput,
    foundBy: "trace",
  }));
}

async function fromInternalTransactions(
  client: ExplorerClient,
  transaction: string,
  search: Search,
): Promise<CreatedContract[]> {
  const created: CreatedContract[] = [];
  try {
    for await (const page of walkInternalTransactions(client, transaction, search)) {
      for (const item of page) {
        const type = item.type.toLowerCase();
        const address = item.created_contract?.hash;
        if ((type !== "create" && type !== "create2") || !address || item.success === false) continue;
        created.push({
          address: address.toLowerCase(),
          factory: (item.from?.hash ?? "").toLowerCase(),
          transaction,
          // Blockscout's item 0 is the transaction itself.
          kind: item.index === 0 ? "transaction" : type,
          foundBy: "explorer",
        });
      }
    }
  } catch (error) {
    // An explorer without the list (404) has none; with a chain, any explorer failure leaves the traces.
    if (error instanceof HttpError && error.status === 404) return [];
    if (search.chain !== undefined && isExplorerVerifyError(error)) return [];
    throw error;
  }
  return created;
}

/**
 * Gives the contracts whose creation code neither the explorer's list nor a trace gave the creation code the
 * explorer's `getcontractcreation` has (in place), unless no explorer is given or the deadline has come (before or
 * during the request).
 */
export async function fillCreationInputs(
  created: CreatedContract[],
  client: ExplorerClient | undefined,
  deadline: number,
): Promise<void> {
  const missing = created.filter((contract) => contract.creationInput === undefined);
  if (!client || missing.length === 0 || Date.now() >= deadline) return;
  const creations = await client
    .getContractCreation({ addresses: missing.map((contract) => contract.address) })
    .catch((error: unknown) => {
      if (Date.now() < deadline) throw error;
      return [];
    });
  const byAddress = new Map(creations.map((creation) => [creation.contractAddress.toLowerCase(), creation]));
  for (const contract of missing) {
    const code = byAddress.get(contract.address)?.creationBytecode;
    if (code) contract.creationInput = code.toLowerCase();
  }
}
