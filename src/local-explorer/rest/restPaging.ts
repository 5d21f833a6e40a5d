import { type Reply, restDetails, restPage } from "../responses.js";

/** Blockscout returns 50 items per page and has no parameter to change that (before v12). */
export const restPageSize = 50;

/** Request parameters Blockscout drops when it copies a request's parameters into `next_page_params`. */
const notEchoed = new Set(["type", "filter", "sort", "order", "apikey", "q", "method"]);

export type CursorValue = string | number | null;

/** An endpoint's cursor keys, in order, each with how its value is cast from the query string. */
export type CursorKeys = Readonly<Record<string, "integer" | "string" | "nullable-string">>;

/** An item with the cursor values a page ending on it hands out. */
export interface PagedRow {
  item: unknown;
  cursor: Record<string, CursorValue>;
}

const integerPattern = /^-?\d+$/;

/**
 * The 422 problems of cursor values that do not cast to their type.
 * @param query - the request's query
 * @param keys - the endpoint's cursor keys
 * @returns pointer and detail of each bad value
 */
export function cursorProblems(
  query: Record<string, string>,
  keys: CursorKeys,
): Array<{ pointer: string; detail: string }> {
  const integers = [...Object.keys(keys).filter((name) => keys[name] === "integer"), "items_count"];
  return integers
    .filter((name) => query[name] !== undefined && !integerPattern.test(query[name] ?? ""))
    .map((name) => ({ pointer: `/${name}`, detail: restDetails.integerGotString }));
}

function matches(value: CursorValue | undefined, sent: string): boolean {
  if (value === null || value === undefined) return sent === "" || sent === "null";
  return String(value) === sent;
}

/**
 * One page of a list, as Blockscout builds it: the rows after the cursor in the query (all of them when the query
 * has no complete cursor), at most 50, and `next_page_params` made of the request's own parameters minus the
 * filters, the last row's cursor and `items_count`, or null when no more than 50 rows were left.
 *
 * @param rows - every row of the list after filtering, in order
 * @param query - the request's query
 * @param keys - the endpoint's cursor keys
 * @param limit - `limit` of `/internal-transactions`: that many rows and never a next page
 * @returns the reply
 */
export function pageOf(
  rows: readonly PagedRow[],
  query: Record<string, string>,
  keys: CursorKeys,
  limit?: number,
): Reply {
  const names = Object.keys(keys);
  let start = 0;
  if (names.every((name) => query[name] !== undefined)) {
    const at = rows.findIndex((row) => names.every((name) => matches(row.cursor[name], query[name] ?? "")));
    start = at === -1 ? rows.length : at + 1;
  }
  const size = limit === undefined ? restPageSize : Math.min(limit, restPageSize);
  const page = rows.slice(start, start + size);
  const items = page.map((row) => row.item);
  const last = page.at(-1);
  if (limit !== undefined || last === undefined || rows.length <= start + size) return restPage(items, null);
  const echoed = Object.fromEntries(Object.entries(query).filter(([name]) => !notEchoed.has(name)));
  return restPage(items, { ...echoed, ...last.cursor, items_count: page.length });
}
