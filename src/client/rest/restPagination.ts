import { InvalidInputError, InvalidResponseError } from "../../errors/index.js";
import type * as z from "../../kernel/zod.js";
import { type PageCursor, pageCursorSchema, restPageSchema } from "../../schemas/rest/page.js";
import type { Transport } from "../transport.js";
import { callRest, parseRestBody } from "./callRest.js";

/** One page of a REST list. */
export interface RestPage<T> {
  items: T[];
  /**
   * What to pass back for the next page, as the explorer sent it (an integer too large for a JS number keeps its
   * digits as a string); null on the last page.
   */
  nextPageParams: PageCursor | null;
}

/** How to ask an endpoint for its pages. */
export interface RestListRequest<T> {
  /** The endpoint as documented, e.g. `/addresses/{address_hash}/tokens`. */
  endpoint: string;
  /** The path below `/api/v2`, parameters filled in. */
  path: string;
  /** The caller's filters: the explorer does not echo them in `next_page_params`, so every page sends them. */
  filters: Record<string, string>;
  pageSchema: z.ZodMiniType<{ items: T[]; next_page_params: PageCursor | null }>;
}

/**
 * A list's request maker: its endpoint and page schema, with the path and the filters of each call.
 *
 * @param endpoint - the endpoint as documented, e.g. `/addresses/{address_hash}/tokens`
 * @param itemSchema - the schema of one item
 * @returns `(path, filters)`: the request, the filters left undefined left out
 */
export function restListRequest<S extends z.ZodMiniType>(endpoint: string, itemSchema: S) {
  const pageSchema = restPageSchema(itemSchema);
  return (path: string, filters: Record<string, string | undefined> = {}): RestListRequest<z.infer<S>> => {
    const set = Object.entries(filters).filter(
      (filter): filter is [string, string] => filter[1] !== undefined,
    );
    return { endpoint, path, filters: Object.fromEntries(set), pageSchema };
  };
}

/**
 * The query string values of a cursor: strings as sent, numbers in decimal, null as an empty value (Blockscout's
 * nullable cursor parameters accept it).
 *
 * @param cursor - a `next_page_params` object
 * @returns the cursor as query parameters
 */
export function cursorQuery(cursor: PageCursor): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(cursor)) {
    if (value === null) query[key] = "";
    // A caller's own cursor may hold a rounded large integer: its digits at least keep the explorer's format.
    else if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      query[key] = BigInt(value).toString();
    } else query[key] = String(value);
  }
  return query;
}

function pageQuery(
  request: RestListRequest<unknown>,
  cursor: PageCursor | undefined,
): Record<string, string> {
  // Filters go last: where the explorer echoes one in the cursor (`transaction_hash`), the caller's value stands.
  return { ...(cursor === undefined ? {} : cursorQuery(cursor)), ...request.filters };
}

/**
 * @param query - a page's query
 * @returns the same text for the same page, whatever the order: `items_count` is left out, as it says how many items
 *   a page holds (a page size from Blockscout 12 on), not where it starts
 */
export function queryKey(query: Record<string, string>): string {
  const position = Object.entries(query).filter(([name]) => name !== "items_count");
  return JSON.stringify(position.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

async function fetchPage<T>(
  transport: Transport,
  request: RestListRequest<T>,
  cursor: PageCursor | undefined,
) {
  const response = await callRest(transport, {
    endpoint: request.endpoint,
    path: request.path,
    query: pageQuery(request, cursor),
  });
  const body = parseRestBody(response, request.pageSchema, request.endpoint);
  const page: RestPage<T> = { items: body.items, nextPageParams: body.next_page_params };
  return { page, response };
}

/**
 * Fetches one page: the first without a cursor, a later one with the `nextPageParams` of the page before.
 *
 * @param transport - the explorer's transport
 * @param request - the endpoint, path and filters
 * @param cursor - the previous page's `nextPageParams`
 * @returns the page
 * @throws {InvalidInputError} for a cursor that is not a `next_page_params` object, before any request
 * @throws {InvalidResponseError} and the errors of {@link callRest}
 */
export async function fetchRestPage<T>(
  transport: Transport,
  request: RestListRequest<T>,
  cursor?: PageCursor,
): Promise<RestPage<T>> {
  if (cursor !== undefined && !pageCursorSchema.safeParse(cursor).success) {
    throw new InvalidInputError(
      "cursor",
      "Invalid cursor: pass the nextPageParams of the previous page unchanged (an object of strings, numbers, booleans and nulls).",
    );
  }
  return (await fetchPage(transport, request, cursor)).page;
}

/**
 * Walks all pages of a list: every request carries the caller's filters plus the previous page's
 * `next_page_params`, verbatim. Stops after the page whose `next_page_params` is null. Breaking out of the loop
 * stops the walk before the next request.
 *
 * @param transport - the explorer's transport
 * @param request - the endpoint, path and filters
 * @returns the pages, in order
 * @throws {InvalidResponseError} when the explorer hands out a cursor it already gave, which would fetch a page
 *   twice (and loop forever); and the errors of {@link callRest}
 */
export async function* iterateRestPages<T>(
  transport: Transport,
  request: RestListRequest<T>,
): AsyncGenerator<RestPage<T>, void, undefined> {
  const sentQueries = new Set([queryKey(pageQuery(request, undefined))]);
  let cursor: PageCursor | undefined;
  for (;;) {
    const { page, response } = await fetchPage(transport, request, cursor);
    yield page;
    if (page.nextPageParams === null) return;
    const nextKey = queryKey(pageQuery(request, page.nextPageParams));
    if (sentQueries.has(nextKey)) {
      throw new InvalidResponseError(
        `The explorer's answer to GET ${request.endpoint} points back to a page already fetched (next_page_params ${transport.redact(JSON.stringify(page.nextPageParams))}); stopping.`,
        response.request,
        response.body,
      );
    }
    sentQueries.add(nextKey);
    cursor = page.nextPageParams;
  }
}

/**
 * A list's one-page reader: its parameters made into a request, and checked, at each call.
 *
 * @param listRequest - how to ask the list for a page
 * @returns `(transport, parameters, cursor?)`, read as {@link fetchRestPage} reads
 */
export function restPageReader<P, T>(listRequest: (parameters: P) => RestListRequest<T>) {
  return async (transport: Transport, parameters: P, cursor?: PageCursor): Promise<RestPage<T>> =>
    fetchRestPage(transport, listRequest(parameters), cursor);
}

/**
 * A list's page walker: its parameters made into a request, and checked, at once.
 *
 * @param listRequest - how to ask the list for a page
 * @returns `(transport, parameters)`, walked as {@link iterateRestPages} walks
 */
export function restPageWalker<P, T>(listRequest: (parameters: P) => RestListRequest<T>) {
  return (transport: Transport, parameters: P): AsyncGenerator<RestPage<T>, void, undefined> =>
    iterateRestPages(transport, listRequest(parameters));
}
