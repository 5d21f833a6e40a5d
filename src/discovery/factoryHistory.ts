import type { ExplorerClient } from "../client/explorerClient.js";
import {
  HttpError,
  isDeadlineReached,
  isExplorerVerifyError,
  NotFoundError,
  UnknownActionError,
} from "../errors/index.js";
import type { InternalTransaction } from "../schemas/rest/internalTransaction.js";
import { type CreatedContract, type CreationChain, traceCreations } from "./createdContracts.js";
import { readBefore } from "./discoveryDeadline.js";
import { type DiscoveryWarningCode, type WalkLimits, walkFactoryHistory } from "./internalTransactionWalk.js";

/** A contract whose later calls may have created others: a job of the run. */
export interface Factory {
  address: string;
  /** The transaction that created it, where known: the chain's traces start from its block. */
  creationTransaction?: string | undefined;
}

/** Where a factory's history is read, and how far: `maxPages` of the explorer's list per factory. */
export interface FactoryHistorySearch extends WalkLimits {
  client?: ExplorerClient | undefined;
  chain?: CreationChain | undefined;
  /** The most blocks traced per factory when the chain's traces stand in for the explorer's list. */
  maxTracedBlocks: number;
}

/** The default of {@link FactoryHistorySearch.maxTracedBlocks}. */
export const defaultMaxTracedBlocks = 1_000;

/**
 * Every contract a factory created over its whole history, its later calls included: the explorer's internal
 * transactions of the address (`create` and `create2` items sent by it, every page under the walk's guards), else,
 * when the explorer has no such list (404, 400 `Unknown API v2 action`, or any other failure) and a chain is given, the call traces of the transactions sent to the
 * factory in the blocks from its creation on, at most `maxTracedBlocks` of them (a warning says where it stopped).
 *
 * @param factory - the factory, and its creation transaction where known
 * @param search - the explorer and/or chain, the deadline and limits, where warnings go
 * @returns its children, oldest first
 * @throws only what is not this package's error: the explorer's and the chain's failures become a
 *   `history_unavailable` warning, the deadline a `deadline` one
 */
export async function factoryChildren(
  factory: Factory,
  search: FactoryHistorySearch,
): Promise<CreatedContract[]> {
  const address = factory.address.toLowerCase();
  let explorerFailure: string | undefined;
  if (search.client) {
    try {
      return await fromExplorer(search.client, address, search);
    } catch (error) {
      if (isDeadlineReached(error)) return deadlineCame(address, search);
      // A 404 is an explorer without the list; any other failure leaves this extra search to the chain, or out.
      if (!isExplorerVerifyError(error)) throw error;
      if (!hasNoSuchList(error)) explorerFailure = error.shortMessage;
    }
  }
  const chain = search.chain;
  if (!chain || !tracesBlocks(chain)) {
    const message = `${explorerFailure === undefined ? "The explorer has no list" : `The explorer did not give the list (${explorerFailure})`} of the internal transactions of ${address}: contracts its later calls created are not looked for (give rpc-url to read them from the chain's traces).`;
    return warned(search, address, "history_unavailable", message);
  }
  try {
    return await fromTraces(chain, factory, address, search);
  } catch (error) {
    if (isDeadlineReached(error)) return deadlineCame(address, search);
    if (!isExplorerVerifyError(error)) throw error;
    const message = `Neither the explorer nor the chain gave the history of ${address} (${error.shortMessage}): contracts its later calls created are not looked for.`;
    return warned(search, address, "history_unavailable", message);
  }
}

type BlockTracingChain = CreationChain & Required<Pick<CreationChain, "latestBlock" | "blockTransactions">>;

function tracesBlocks(chain: CreationChain): chain is BlockTracingChain {
  return chain.latestBlock !== undefined && chain.blockTransactions !== undefined;
}

// Blockscout's answers for a path it does not serve: 404 `Not found`, 400 `Unknown API v2 action`.
function hasNoSuchList(error: unknown): boolean {
  return (
    error instanceof NotFoundError ||
    error instanceof UnknownActionError ||
    (error instanceof HttpError && error.status === 404)
  );
}

function deadlineCame(address: string, search: FactoryHistorySearch): CreatedContract[] {
  const message = `The deadline came before the contracts ${address} created in later calls were found: they are left out.`;
  return warned(search, address, "deadline", message);
}

// A factory's search stopped short: the warning, and no children from it.
function warned(
  search: FactoryHistorySearch,
  factory: string,
  code: DiscoveryWarningCode,
  message: string,
): CreatedContract[] {
  search.warn({ code, transaction: undefined, factory, message });
  return [];
}

async function fromExplorer(
  client: ExplorerClient,
  address: string,
  search: FactoryHistorySearch,
): Promise<CreatedContract[]> {
  const items: InternalTransaction[] = [];
  for await (const page of walkFactoryHistory(client, address, search)) {
    for (const item of page) {
      const type = item.type.toLowerCase();
      const created = item.created_contract?.hash;
      if ((type !== "create" && type !== "create2") || !created || item.success === false) continue;
      if (item.from?.hash?.toLowerCase() !== address) continue;
      items.push(item);
    }
  }
  // The explorer lists newest first; children are looked at oldest first, so the cap keeps the first ones made.
  items.sort(
    (a, b) =>
      a.block_number - b.block_number ||
      (a.transaction_index ?? 0) - (b.transaction_index ?? 0) ||
      a.index - b.index,
  );
  return items.map((item) => ({
    address: (item.created_contract?.hash ?? "").toLowerCase(),
    factory: address,
    transaction: item.transaction_hash.toLowerCase(),
    kind: item.type.toLowerCase() === "create2" ? "create2" : "create",
    foundBy: "explorer",
  }));
}

async function fromTraces(
  chain: BlockTracingChain,
  factory: Factory,
  address: string,
  search: FactoryHistorySearch,
): Promise<CreatedContract[]> {
  const within = <T>(work: Promise<T>) => readBefore(work, search.deadline);
  const latest = await within(chain.latestBlock(search.deadline));
  const created =
    factory.creationTransaction && chain.transactionBlock
      ? await within(chain.transactionBlock(factory.creationTransaction, search.deadline))
      : undefined;
  const first = created ?? Math.max(0, latest + 1 - search.maxTracedBlocks);
  const last = Math.min(latest, first + search.maxTracedBlocks - 1);
  const children: CreatedContract[] = [];
  for (let number = first; number <= last; number++) {
    const transactions = (await within(chain.blockTransactions(number, search.deadline))) ?? [];
    for (const transaction of transactions) {
      if (transaction.to?.toLowerCase() !== address) continue;
      const traced = await traceCreations(chain, transaction.hash, search.deadline);
      for (const child of traced)
        if (child.factory === address && child.kind !== "transaction") children.push(child);
    }
  }
  const blocks = search.maxTracedBlocks;
  if (created === undefined && first > 0) {
    const message = `The creation of ${address} is not known: only the calls to it in the newest ${blocks} blocks (${first} to ${last}) were traced; contracts it created before block ${first} are left out.`;
    warned(search, address, "block_limit", message);
  }
  if (last < latest) {
    const message = `Traced the calls to ${address} in blocks ${first} to ${last} only (${blocks} blocks from its creation, the limit): contracts it created in blocks ${last + 1} to ${latest} are left out.`;
    warned(search, address, "block_limit", message);
  }
  return children;
}
