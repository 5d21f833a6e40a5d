import type { LedgerEntry } from "../../ledger/ledgerFile.js";
import type { VerificationResult } from "../../verify/job.js";
import { isService, type Service } from "../../verify/verifier.js";
import type { ShardReport } from "../report/runResults.js";
import { parseKeySecrets } from "./keySecrets.js";
import { planDifferences, planDigest } from "./planDigest.js";
import type { Shard, ShardExplorer } from "./shard.js";
import { parseShardId, shardIdText } from "./shardId.js";
import { explorersOfJobs, planShards } from "./shardPlan.js";

/** A plan worked out again from what a shard's results say it is made of, and who owns each verification. */
export interface WorkedPlan {
  digest: string;
  shards: Shard[];
  oneChain: boolean;
  contracts: ShardReport["contracts"];
  /**
   * The shard (its index, from 1) the plan gives a contract on an explorer to: the explorer's shard, or for an
   * explorer split by rate the part holding the address (a contract the plan did not know: the first part).
   */
  ownerOf: (service: Service, chainId: number | undefined, address: string) => number | undefined;
  /** The key a verification is found by in this plan: (chain, service, address), and a proxy's link apart. */
  keyOf: (service: Service, chainId: number | undefined, address: string, proxy?: boolean) => string;
}

/**
 * Works a plan out again from a shard's report, as `plan` made it, and checks the report's digest against it.
 *
 * @param report - what a shard's results say of its plan
 * @returns the plan, or why the report does not make the plan it names
 */
export function workPlanOut(report: ShardReport): WorkedPlan | string {
  let count: number;
  try {
    count = parseShardId(report.shard, "its shard").of;
  } catch {
    return `its results name no shard of a plan ("${report.shard}")`;
  }
  const differs = planDifferences(report.plan, planDigest({ ...report, shards: count }));
  if (differs.length > 0)
    return `its results name the plan ${report.plan}, but what they say it is made of gives another (differing in ${differs.join(", ")})`;
  let plan: ReturnType<typeof planShards>;
  const { explorers, oneChain } = explorersOfJobs(report.contracts, report.services);
  try {
    plan = planShards(explorers, count, oneChain, {
      requestsPerSecond: report.requestsPerSecond,
      keySecrets: parseKeySecrets(report.keySecrets),
    });
  } catch (error) {
    return `its plan cannot be worked out: ${error instanceof Error ? error.message : String(error)}`;
  }
  // A verification's chain: on one chain, one that names none (an older ledger's entry) is the plan's; a plan whose
  // contracts name no chain cannot tell chains apart.
  const only = oneChain ? explorers[0]?.chainId : undefined;
  const chainOf = (chainId: number | undefined) =>
    oneChain && only === undefined ? "" : String(chainId ?? only ?? "");
  const owners = new Map<string, { whole?: number; first?: number; parts: Map<string, number> }>();
  for (const shard of plan.shards)
    for (const explorer of shard.explorers) {
      const key = `${explorer.service} ${chainOf(explorer.chainId)}`;
      const owner = owners.get(key) ?? { parts: new Map<string, number>() };
      owners.set(key, owner);
      if (!explorer.part) owner.whole = shard.id.index;
      else {
        if (explorer.part.index === 1) owner.first = shard.id.index;
        for (const address of explorer.part.addresses) owner.parts.set(address, shard.id.index);
      }
    }
  return {
    digest: report.plan,
    shards: plan.shards,
    oneChain,
    contracts: report.contracts,
    ownerOf: (service, chainId, address) => {
      if (!oneChain && chainId === undefined) return undefined;
      const owner = owners.get(`${service} ${chainOf(chainId)}`);
      return owner?.whole ?? owner?.parts.get(address.toLowerCase()) ?? owner?.first;
    },
    keyOf: (service, chainId, address, proxy = false) =>
      `${service} ${chainOf(chainId)} ${address.toLowerCase()}${proxy ? " proxy" : ""}`,
  };
}

// A ledger key names its service and chain (`etherscan/chain-10/…`, `local-explorer/chain-31337`), or is a Blockscout
// instance's URL.
const namedKey = /^(etherscan|sourcify|routescan|local-explorer)\/chain-(\d+)(?:\/|$)/;

/**
 * @returns the explorer it is about, or undefined when its key and its chain disagree or it names no service
 */
export function entryExplorer(
  entry: LedgerEntry,
): { service: Service; chainId: number | undefined } | undefined {
  const named = namedKey.exec(entry.explorer);
  if (named) {
    const chainId = Number(named[2]);
    if (entry.chainId !== undefined && entry.chainId !== chainId) return undefined;
    const service = named[1] === "local-explorer" ? "blockscout" : (named[1] ?? "");
    return isService(service) ? { service, chainId } : undefined;
  }
  return /^https?:\/\//.test(entry.explorer) ? { service: "blockscout", chainId: entry.chainId } : undefined;
}

/**
 * @param now - the merge's clock, in ms since the epoch
 * @returns whether each of its dates is an instant (ISO 8601) no later than the clock
 */
export function datesHold(entry: LedgerEntry, now: number): boolean {
  return [entry.firstSeenAt, entry.updatedAt, entry.submittedAt].every((date) => {
    if (date === undefined) return true;
    const at = Date.parse(date);
    return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(date) && Number.isFinite(at) && at <= now;
  });
}

/**
 * @param entry - a shard's ledger entry for a planned contract whose record the shard's results do not hold
 * @param contract - the contract's name in the plan
 * @returns the entry's verdict as a record
 */
export function ledgerVerdict(
  entry: LedgerEntry,
  explorer: Pick<ShardExplorer, "service" | "chainId">,
  contract: string,
  shard: string,
): VerificationResult {
  const base = {
    address: entry.address,
    contract,
    explorer: "",
    format: entry.format,
    url: entry.url ?? "",
    attempts: 0,
    durationMs: 0,
    ...(entry.guid ? { guid: entry.guid } : {}),
    ...(explorer.chainId === undefined ? {} : { chainId: explorer.chainId }),
    target: explorer.service,
  };
  const why = `shard ${shard} reported no results; its ledger says`;
  switch (entry.status) {
    case "verified":
      return { ...base, status: "verified", message: `${why} verified.` };
    case "pending":
      return { ...base, status: "pending", message: `${why} pending; a rerun polls its guid.` };
    case "timeout":
      return {
        ...base,
        status: "timeout",
        message: `${why} timed out; a rerun polls its guid.`,
        error: { code: "timeout" },
      };
    default:
      return {
        ...base,
        status: "failed",
        message: `${why} ${entry.status === "submitting" ? "a submission was in flight" : `failed${entry.message ? `: ${entry.message}` : ""}`}; a rerun of that shard with the merged ledger takes it up.`,
        error: { code: entry.status === "submitting" ? "interrupted" : "verification_failed" },
      };
  }
}

/**
 * @param entry - a ledger entry
 * @returns its key in the plan's terms (see {@link WorkedPlan.keyOf})
 */
export function ownKey(plan: WorkedPlan, entry: LedgerEntry): string {
  const explorer = entryExplorer(entry);
  return plan.keyOf(
    explorer?.service ?? "blockscout",
    explorer?.chainId,
    entry.address,
    entry.format === "proxy",
  );
}

/**
 * What a merged ledger too large for any run to read keeps: of the contracts the plan does not name, only those a
 * shard reported a record of (a contract it found created, an implementation).
 *
 * @param merged - the merged entries
 * @param plan - the plan the merge judges by, if any
 * @param reported - the plan keys of the shards' records
 * @param say - told, per shard, how many of its entries were dropped
 * @returns the entries kept
 */
export function withoutStrayEntries(
  merged: LedgerEntry[],
  plan: WorkedPlan | undefined,
  reported: ReadonlySet<string>,
  say: (shard: string | undefined, fault: string) => void,
): LedgerEntry[] {
  if (!plan) return merged;
  const named = new Set(plan.contracts.map((c) => `${c.chainId ?? ""} ${c.address.toLowerCase()}`));
  const dropped = new Map<string, number>();
  const kept = merged.filter((entry) => {
    const explorer = entryExplorer(entry);
    if (named.has(`${explorer?.chainId ?? ""} ${entry.address.toLowerCase()}`)) return true;
    if (explorer !== undefined && reported.has(ownKey(plan, entry))) return true;
    const owner = explorer && plan.ownerOf(explorer.service, explorer.chainId, entry.address);
    // An entry of no shard's part (an earlier ledger's, another service's) is the merged ledger's own.
    const shard = owner === undefined ? "" : shardIdText({ index: owner, of: plan.shards.length });
    dropped.set(shard, (dropped.get(shard) ?? 0) + 1);
    return false;
  });
  for (const [shard, count] of dropped)
    say(
      shard || undefined,
      `the merged ledger would be too large for any run to read: ${count} of its entries, about contracts the plan does not name and no shard reported, are dropped`,
    );
  return kept;
}
