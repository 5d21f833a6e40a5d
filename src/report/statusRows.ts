import { groupedBy } from "../kernel/groupedBy.js";
import type { VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";

const contractWords: Record<VerificationResult["status"], string> = {
  verified: "verified",
  "already-verified": "already verified",
  pending: "pending",
  failed: "failed",
  timeout: "timeout",
};

const linkWords: Record<VerificationResult["status"], string> = {
  ...contractWords,
  verified: "linked",
  "already-verified": "already linked",
};

/**
 * What every door calls a record's status: a proxy's link (`format: "proxy"`) made by this run is `linked`, one the
 * service showed before is `already linked`; a contract's is its status in words.
 *
 * @param result - the record
 * @returns the word, lower case
 */
export function statusWord(
  result: Pick<VerificationResult, "status"> & Partial<Pick<VerificationResult, "format">>,
): string {
  return (result.format === "proxy" ? linkWords : contractWords)[result.status];
}

/**
 * One row of every status table, the run's records and the ledger's entries alike: a contract on one chain and
 * service, its status and its page. The terminal, the job summary and the pull request's comment render these.
 */
export interface StatusRow {
  chainId: number | undefined;
  service: Service;
  /** As shown: a contract a factory created follows its factory's row, indented. */
  contract: string;
  address: string;
  status: VerificationResult["status"];
  /** The status in words: a proxy's link made is `linked`; the ledger has words of its own. */
  word: string;
  /** The contract's page on the service, or "". */
  link: string;
  /** Where the service was asked: its site, or its endpoint. */
  explorer: string;
  /** A proxy's link, a row of its own beside its proxy's. */
  proxyLink: boolean;
  message?: string | undefined;
  durationMs?: number | undefined;
  guid?: string | undefined;
}

/**
 * The run's records as rows, in their order, a created contract's under its factory.
 *
 * @param results - the records
 * @returns a row per record
 */
export function rowsOfResults(results: readonly VerificationResult[]): StatusRow[] {
  return groupedUnderFactories(results).map(
    ({ result: r, label }): StatusRow => ({
      chainId: r.chainId,
      service: r.target ?? "blockscout",
      contract: label,
      address: r.address,
      status: r.status,
      word: statusWord(r),
      link: r.url,
      explorer: r.explorer,
      proxyLink: r.format === "proxy",
      message: r.message,
      durationMs: r.durationMs,
    }),
  );
}

/** A contract's row over several services: its first row, and its row on each service. */
export type ContractLine = [first: StatusRow, byService: Map<string, StatusRow>];

/**
 * The rows as a line per contract (its chain, its address, and a proxy's link apart), for a column per service.
 *
 * @param rows - the rows
 * @returns the lines, in the order their contracts first appear
 */
export function contractLines(rows: readonly StatusRow[]): ContractLine[] {
  const contractOf = (row: StatusRow) => `${row.chainId ?? ""} ${row.address.toLowerCase()} ${row.proxyLink}`;
  return [...groupedBy(rows, contractOf).values()].map(
    (group): ContractLine => [group[0]!, new Map(group.map((row) => [row.service, row]))],
  );
}

/**
 * What the rows span: their services (a Target column, or a column each), and their chains (a Chain column).
 *
 * @param rows - the rows
 * @returns the services in the order they first appear, and whether there are several chains
 */
export function spanOf(rows: readonly StatusRow[]): { services: Service[]; chains: number } {
  return {
    services: [...new Set(rows.map((row) => row.service))],
    chains: new Set(rows.map((row) => row.chainId)).size,
  };
}

// Contracts a factory created follow their factory's row (on the same chain and service), indented; those whose
// factory has no row say who created them.
function groupedUnderFactories(
  results: readonly VerificationResult[],
): Array<{ result: VerificationResult; label: string }> {
  const place = (r: VerificationResult, address: string) =>
    `${r.target ?? ""} ${r.chainId ?? ""} ${address.toLowerCase()}`;
  const addresses = new Set(results.map((r) => place(r, r.address)));
  const factoryOf = (r: VerificationResult) =>
    r.createdBy && addresses.has(place(r, r.createdBy.factory)) ? place(r, r.createdBy.factory) : undefined;
  const children = groupedBy(
    results.filter((r) => factoryOf(r)),
    (r) => factoryOf(r) ?? "",
  );
  const grouped: Array<{ result: VerificationResult; label: string }> = [];
  const add = (r: VerificationResult, depth: number) => {
    const orphan = r.createdBy && !factoryOf(r);
    const label = orphan ? `${r.contract} (created by ${r.createdBy?.factory})` : r.contract;
    grouped.push({ result: r, label: depth > 0 ? `${"  ".repeat(depth - 1)}└ ${label}` : label });
    if (depth < 8 && r.format !== "proxy")
      for (const child of children.get(place(r, r.address)) ?? []) add(child, depth + 1);
  };
  for (const r of results) if (!factoryOf(r)) add(r, 0);
  return grouped;
}
