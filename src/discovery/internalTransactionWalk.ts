import type { ExplorerClient } from "../client/explorerClient.js";
import { cursorQuery, queryKey } from "../client/rest/restPagination.js";
import { deadlineReached } from "../errors/index.js";
import type { InternalTransaction } from "../schemas/rest/internalTransaction.js";
import type { PageCursor } from "../schemas/rest/page.js";

/**
 * Why discovery stopped short: a walk's guards, the deadline, the `maxCreated` cap, or a factory whose later
 * history neither the explorer nor the chain could give.
 */
export type DiscoveryWarningCode =
  | "cursor_repeated"
  | "page_limit"
  | "deadline"
  | "max_created"
  | "history_unavailable"
  | "block_limit";

/** Discovery stopped short: what was found until then is kept, the rest is left out. */
export interface DiscoveryWarning {
  code: DiscoveryWarningCode;
  /**
   * The transaction whose reading stopped (the first one left unread, for `deadline` between transactions);
   * undefined where a factory's history stopped.
   */
  transaction: string | undefined;
  /** The factory of that transaction, as far as its pages read showed it (lower case). */
  factory: string | undefined;
  /** One line saying what stopped and what is left out. */
  message: string;
}

/** How far a walk may go. */
export interface WalkLimits {
  /** When the walk must end, ms since the epoch; infinite for none. */
  deadline: number;
  maxPages: number;
  warn: (warning: DiscoveryWarning) => void;
}

/**
 * Reads one transaction's internal transactions page by page, under limits an explorer cannot talk its way past:
 * a cursor already followed, a page past `maxPages`, or the deadline ends the walk with a warning naming the
 * factory. Pages read until then are kept.
 *
 * @param client - the explorer
 * @param transaction - the transaction hash
 * @param limits - the deadline, the page limit, where warnings go
 * @returns the pages' items, in order
 * @throws {TimeoutError} when the deadline comes before the first page is read
 * @throws the explorer's errors, before the deadline
 */
export async function* walkInternalTransactions(
  client: ExplorerClient,
  transaction: string,
  limits: WalkLimits,
): AsyncGenerator<InternalTransaction[], void, undefined> {
  let factory: Factory = {};
  const walk = walkPages(
    (cursor) => client.getInternalTransactions({ transactionHash: transaction }, cursor),
    (code, pages, why) => {
      const shown = factory.creator ?? factory.callee;
      limits.warn({
        code,
        transaction,
        factory: shown,
        message: `Stopped reading the internal transactions of ${transaction} (factory ${shown ?? "unknown"}) after ${pagesRead(pages)}: ${why}; contracts it created further on are left out.`,
      });
    },
    limits,
  );
  for await (const items of walk) {
    factory = withFactoryOf(factory, items);
    yield items;
  }
}

/**
 * Reads the internal transactions a factory sent, over its whole history (`/addresses/{address}/internal-transactions`
 * with `filter=from`), page by page under the same limits as {@link walkInternalTransactions}.
 *
 * @param client - the explorer
 * @param factory - the factory's address
 * @param limits - the deadline, the page limit, where warnings go
 * @returns the pages' items, in the explorer's order (newest first)
 * @throws {TimeoutError} when the deadline comes before the first page is read
 * @throws the explorer's errors (a 404 where it has no such list), before the deadline
 */
export async function* walkFactoryHistory(
  client: ExplorerClient,
  factory: string,
  limits: WalkLimits,
): AsyncGenerator<InternalTransaction[], void, undefined> {
  yield* walkPages(
    (cursor) => client.getAddressInternalTransactions({ address: factory, direction: "from" }, cursor),
    (code, pages, why) =>
      limits.warn({
        code,
        transaction: undefined,
        factory: factory.toLowerCase(),
        message: `Stopped reading the internal transactions of factory ${factory.toLowerCase()} after ${pagesRead(pages)}: ${why}; contracts it created on the pages not read are left out.`,
      }),
    limits,
  );
}

type Page = Awaited<ReturnType<ExplorerClient["getInternalTransactions"]>>;

async function* walkPages(
  fetchPage: (cursor: PageCursor | undefined) => Promise<Page>,
  stop: (code: DiscoveryWarningCode, pages: number, why: string) => void,
  limits: WalkLimits,
): AsyncGenerator<InternalTransaction[], void, undefined> {
  const followed = new Set<string>();
  let cursor: PageCursor | undefined;
  for (let read = 0; ; read++) {
    // A request cut short by the deadline is the deadline, not the explorer's failure.
    const page =
      Date.now() < limits.deadline
        ? await fetchPage(cursor).catch((error: unknown) => {
            if (Date.now() < limits.deadline) throw error;
          })
        : undefined;
    if (!page) {
      if (read === 0) throw deadlineReached();
      stop("deadline", read, "the deadline came");
      return;
    }
    yield page.items;
    const next = page.nextPageParams;
    if (next === null) return;
    if (read + 1 >= limits.maxPages) {
      stop("page_limit", read + 1, `they run past ${limits.maxPages} pages, the limit`);
      return;
    }
    const key = queryKey(cursorQuery(next));
    if (followed.has(key)) {
      stop("cursor_repeated", read + 1, "the explorer's next page is one already read");
      return;
    }
    followed.add(key);
    cursor = next;
  }
}

function pagesRead(pages: number): string {
  return `${pages} ${pages === 1 ? "page" : "pages"}`;
}

interface Factory {
  /** The account that ran a CREATE or CREATE2 of the transaction. */
  creator?: string;
  /** The transaction's own callee (its item 0). */
  callee?: string;
}

function withFactoryOf(known: Factory, items: readonly InternalTransaction[]): Factory {
  const creator = items.find(
    (item) => ["create", "create2"].includes(item.type.toLowerCase()) && item.from?.hash,
  )?.from?.hash;
  const callee = items.find((item) => item.index === 0 && item.to?.hash)?.to?.hash;
  return { creator: known.creator ?? creator?.toLowerCase(), callee: known.callee ?? callee?.toLowerCase() };
}
