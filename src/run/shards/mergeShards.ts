import { entryKey, type LedgerEntry, readLedgerFile } from "../../ledger/ledgerFile.js";
import { mergeIntoLedgerFile, mergeLedgerEntries } from "../../ledger/ledgerMerge.js";
import { isSuccess, type VerificationResult } from "../../verify/job.js";
import type { RunReporter } from "../report/runReporter.js";
import { planDifferences } from "./planDigest.js";
import { shardExplorerName } from "./shard.js";
import {
  maxMergeBytes,
  readShardFolder,
  type ShardFolder,
  shardFolderBytes,
  shardFoldersIn,
} from "./shardFolders.js";
import { shardIdText } from "./shardId.js";
import {
  datesHold,
  entryExplorer,
  ledgerVerdict,
  ownKey,
  type WorkedPlan,
  withoutStrayEntries,
  workPlanOut,
} from "./shardParts.js";

/** A merge, as a door hands it to the hall. */
export interface MergeRequest {
  /** Shards' folders, or folders of them (a download of a workflow run's artifacts). */
  from: readonly string[];
  /** The merged ledger: what it holds already is merged too. */
  ledger: string;
  reporter: RunReporter;
  /** The merge's clock, in ms since the epoch: no date in a shard's ledger may be later. Default: now. */
  now?: number | undefined;
  /** The plan's digest, as its matrix names it: the merge judges by it. Unset: the plan most folders name. */
  plan?: string | undefined;
}

/** What a merge found: every record, counted once per contract and target, and whether every shard reported. */
export type MergeResults = VerificationResult[] & {
  /** Every shard of the plan reported its whole part, and no folder was at fault. */
  complete: boolean;
  /**
   * The shards that did not report their whole part: why, and how many of its verifications were counted from its
   * ledger instead, and how many were not run.
   */
  notRun: Array<{ shard: string; why: string; fromLedger: number; notRun: number }>;
  /** What was wrong with a folder, one line each (its records and entries dropped). */
  faults: string[];
  /** Why the merge is incomplete, in one sentence (its parts come from strangers' files: neutralise it to show it). */
  incomplete: string | undefined;
};

// How far a record got: a merge keeps, per contract and target, the record that got furthest.
const progress: Record<VerificationResult["status"], number> = {
  verified: 4,
  "already-verified": 4,
  pending: 3,
  timeout: 1,
  failed: 0,
};

// One shard's part, as the folders that say they are that shard hold it.
interface ShardPart {
  records: Map<string, VerificationResult>;
  entries: LedgerEntry[];
  /** A folder of this shard held readable results. */
  reported: boolean;
  /** Its records that an interruption left without a verdict (a cancelled job's SIGTERM): not run. */
  interrupted: number;
}

/**
 * Merges what a plan's shards did, judged by the plan: the plan is worked out again from what the shards' results say
 * it is made of, and a folder of another plan is refused. From each shard only its own part is kept (records and
 * ledger entries of the explorers the plan gave it, of an explorer split by rate only its addresses, with dates no
 * later than the merge's clock); a verified record counts only when the shard's ledger records it verified. A planned
 * contract on an explorer without its shard's record is counted from that shard's ledger, else not run. Everything
 * else is named as its folder's fault and dropped. The merged ledger is always written; merging again gives the same
 * ledger and report.
 *
 * @returns the merged records, whether every shard reported, and the shards that did not
 * @throws LedgerLockedError when a live run holds the merged ledger's lock
 */
export function mergeShards(request: MergeRequest): MergeResults {
  const { reporter } = request;
  const now = request.now ?? Date.now();
  const budget = { bytes: maxMergeBytes };
  // Read smallest first, kept in their order: a stranger's huge folder cannot spend the budget the shards' own need.
  const paths = request.from.flatMap(shardFoldersIn);
  const read = new Map<string, ShardFolder>();
  const bytes = new Map(paths.map((path) => [path, shardFolderBytes(path)]));
  for (const path of paths.toSorted((x, y) => (bytes.get(x) ?? 0) - (bytes.get(y) ?? 0)))
    read.set(path, readShardFolder(path, budget));
  const folders = paths.map((path) => read.get(path) as ShardFolder);
  const faults: string[] = [];
  const shardOf = (folder: ShardFolder) => folder.shard?.shard ?? folder.ledger?.shard?.shard;
  const say = (folder: ShardFolder, fault: string) => {
    const stated = shardOf(folder);
    faults.push(`${stated ? `shard ${stated} (${folder.folder})` : folder.folder}: ${fault}`);
  };
  for (const folder of folders) for (const fault of folder.faults) say(folder, fault);
  const given = request.plan?.trim() || undefined;
  const plan = planOf(folders, given, say, reporter);
  const outside: Array<{ folder: ShardFolder; entries: LedgerEntry[] }> = [];
  // A plan given that no folder makes: each folder is still named, with its own plan.
  const parts = plan || given ? partsOf(folders, plan, now, say, outside) : new Map<number, ShardPart>();
  const partEntries = [...parts.values()].map((part) => part.entries);
  sayNews(outside, [readLedgerFile(request.ledger), ...partEntries], say);
  const entries = mergeIntoLedgerFile(request.ledger, partEntries, (merged) =>
    withoutStrayEntries(
      merged,
      plan,
      new Set([...parts.values()].flatMap((part) => [...part.records.keys()])),
      (shard, fault) => {
        const folder = folders.find((f) => shard !== undefined && shardOf(f) === shard);
        if (folder) say(folder, fault);
        else faults.push(`${request.ledger}: ${fault}`);
      },
    ),
  );
  reporter.info(
    `Merging ${folders.length} shard folder${folders.length === 1 ? "" : "s"} into ${request.ledger} (${entries.length} ledger entr${entries.length === 1 ? "y" : "ies"})`,
  );
  for (const line of faults) reporter.info(`fault       ${line}`);
  const records = new Map<string, VerificationResult>();
  const notRun: MergeResults["notRun"] = [];
  if (plan) {
    // Each planned contract's name by its key on any service, the first of a key kept.
    const names = new Map(
      plan.contracts.toReversed().map((c) => [plan.keyOf("blockscout", c.chainId, c.address), c.contract]),
    );
    for (const part of parts.values()) for (const [key, record] of part.records) records.set(key, record);
    for (const shard of plan.shards) {
      if (shard.explorers.length === 0) continue;
      const name = shardIdText(shard.id);
      const part = parts.get(shard.id.index);
      const own = new Map((part?.entries ?? []).map((entry) => [ownKey(plan, entry), entry]));
      const missing = { fromLedger: 0, notRun: 0, explorers: new Set<string>() };
      for (const explorer of shard.explorers)
        for (const address of explorer.addresses) {
          const key = plan.keyOf(explorer.service, explorer.chainId, address);
          if (records.has(key)) continue;
          missing.explorers.add(shardExplorerName(explorer));
          const contract = names.get(plan.keyOf("blockscout", explorer.chainId, address)) ?? address;
          const entry = own.get(key);
          if (entry) {
            missing.fromLedger++;
            records.set(key, ledgerVerdict(entry, explorer, contract, name));
          } else {
            missing.notRun++;
            records.set(key, notRunRecord(address, contract, explorer, name));
          }
        }
      const lacking = missing.fromLedger + missing.notRun;
      if (lacking === 0) continue;
      const what = shard.explorers.map(shardExplorerName).join(", ");
      const why = !part
        ? "did not report"
        : !part.reported
          ? "did not report its results"
          : `${part.interrupted > 0 ? "was cut short (interrupted), and " : ""}reported no record for ${lacking} of its planned verifications (${[...missing.explorers].join(", ")})`;
      notRun.push({ shard: name, why, fromLedger: missing.fromLedger, notRun: missing.notRun });
      reporter.footnote(
        `not run     shard ${name} (${what}) ${why}: ${missing.fromLedger > 0 ? `${missing.fromLedger} counted from its ledger, ` : ""}${missing.notRun} record${missing.notRun === 1 ? "" : "s"} not run; a rerun of that shard with the merged ledger does them.`,
      );
    }
  }
  if (folders.length === 0) reporter.footnote("not run     no shard folder was found: nothing was merged.");
  else if (!plan)
    reporter.footnote(
      `not run     no shard's results name ${given ? `the plan ${given}` : "a plan that can be worked out (runs with --shard)"}: nothing of the shards was merged.`,
    );
  // A record made here (not run, or from a ledger) names its explorer's endpoint as another record of it does.
  const endpoints = new Map<string, string>();
  for (const r of records.values()) if (r.explorer) endpoints.set(`${r.target} ${r.chainId}`, r.explorer);
  const results = [...records.values()].map((r) => ({
    ...r,
    explorer: r.explorer || (endpoints.get(`${r.target} ${r.chainId}`) ?? ""),
  }));
  reporter.finish(results);
  const complete = plan !== undefined && notRun.length === 0 && faults.length === 0;
  return Object.assign(results, {
    complete,
    notRun,
    faults,
    incomplete: complete ? undefined : incompleteMerge(notRun, faults),
  });
}

// Why a merge is incomplete: the shards that did not all report, else the folders at fault.
function incompleteMerge(notRun: MergeResults["notRun"], faults: readonly string[]): string {
  if (notRun.length > 0)
    return `Shards whose part was not all reported: ${notRun.map(({ shard, why, fromLedger, notRun }) => `${shard} ${why} (${fromLedger > 0 ? `${fromLedger} counted from its ledger, ` : ""}${notRun} records not run)`).join("; ")}; rerun them with the merged ledger.`;
  if (faults.length > 0)
    return `The merge is incomplete, a shard's folder being at fault: ${faults.join("; ")}`;
  return "Nothing of the shards was merged: see the merge's lines in the log.";
}

// The plan given, else the one most folders name; between as many, the larger (a plan that hides work must not win:
// a larger one at worst shows work as not run). Plans are ranked by what their folders say, and worked out in that
// order until one is: a folder's claims cost the merge at most the one plan it judges by.
function planOf(
  folders: readonly ShardFolder[],
  given: string | undefined,
  say: (folder: ShardFolder, fault: string) => void,
  reporter: RunReporter,
): WorkedPlan | undefined {
  const named = new Map<string, { folders: ShardFolder[]; size: number }>();
  for (const folder of folders) {
    const digest = folder.shard?.plan ?? folder.ledger?.shard?.plan;
    if (digest === undefined || (given && digest !== given)) continue;
    const known = named.get(digest) ?? { folders: [], size: -1 };
    named.set(digest, known);
    known.folders.push(folder);
    if (folder.shard) known.size = folder.shard.contracts.length * new Set(folder.shard.services).size;
  }
  const ranked = [...named].sort(
    ([x, a], [y, b]) => b.folders.length - a.folders.length || b.size - a.size || x.localeCompare(y),
  );
  for (const [digest, { folders: naming }] of ranked)
    for (const folder of naming) {
      if (!folder.shard) continue;
      const plan = workPlanOut(folder.shard);
      if (typeof plan === "string") {
        say(folder, plan);
        continue;
      }
      if (!given && named.size > 1)
        reporter.info(
          `plan        the folders name ${named.size} plans; the merge judges by ${digest}, which ${naming.length} of them name (give merge the plan's digest to choose)`,
        );
      return plan;
    }
  return undefined;
}

// Each shard's own part, from the folders of the plan (none without one); the rest named as their folder's fault.
function partsOf(
  folders: readonly ShardFolder[],
  plan: WorkedPlan | undefined,
  now: number,
  say: (folder: ShardFolder, fault: string) => void,
  outside: Array<{ folder: ShardFolder; entries: LedgerEntry[] }>,
): Map<number, ShardPart> {
  const parts = new Map<number, ShardPart>();
  for (const folder of folders) {
    const stamp = folder.ledger?.shard;
    const shard = folder.shard?.shard ?? stamp?.shard;
    const digest = folder.shard?.plan ?? stamp?.plan;
    if (digest === undefined || shard === undefined) {
      if (folder.ledger || folder.results) say(folder, "names no shard of a plan: nothing of it is taken");
      continue;
    }
    if (!plan || digest !== plan.digest) {
      const differs = plan ? `, differing in ${planDifferences(digest, plan.digest).join(", ")}` : "";
      say(folder, `is of another plan (${digest}${differs}): nothing of it is taken`);
      continue;
    }
    const match = /^(\d+)-of-(\d+)$/.exec(shard);
    const index = Number(match?.[1]);
    if (!match || Number(match[2]) !== plan.shards.length || index < 1 || index > plan.shards.length) {
      say(folder, `names "${shard}", no shard of the plan: nothing of it is taken`);
      continue;
    }
    const part: ShardPart = parts.get(index) ?? {
      records: new Map(),
      entries: [],
      reported: false,
      interrupted: 0,
    };
    parts.set(index, part);
    const ledgerOwn = stamp === undefined || (stamp.shard === shard && stamp.plan === digest);
    if (!ledgerOwn)
      say(
        folder,
        `its ledger says it is shard ${stamp?.shard} of plan ${stamp?.plan}: its ledger is not taken`,
      );
    const dropped = { records: 0, entries: [] as LedgerEntry[], dates: 0 };
    outside.push({ folder, entries: dropped.entries });
    const entries = ledgerOwn
      ? (folder.ledger?.entries ?? []).filter((entry) => {
          const explorer = entryExplorer(entry);
          if (!explorer || plan.ownerOf(explorer.service, explorer.chainId, entry.address) !== index) {
            dropped.entries.push(entry);
            return false;
          }
          if (!datesHold(entry, now)) dropped.dates++;
          return datesHold(entry, now);
        })
      : [];
    part.entries = mergeLedgerEntries([part.entries, entries]);
    const verified = new Set(
      part.entries.filter((entry) => entry.status === "verified").map((entry) => ownKey(plan, entry)),
    );
    let unbacked = 0;
    if (folder.results) part.reported = true;
    for (const record of folder.results ?? []) {
      const service = record.target ?? "blockscout";
      if (plan.ownerOf(service, record.chainId, record.address) !== index) {
        dropped.records++;
        continue;
      }
      if (record.error?.code === "interrupted") {
        part.interrupted++;
        continue;
      }
      const key = plan.keyOf(service, record.chainId, record.address, record.format === "proxy");
      const backed = !isSuccess(record) || verified.has(key);
      if (!backed) unbacked++;
      const kept = backed ? record : unbackedRecord(record, shard);
      const known = part.records.get(key);
      if (!known || progress[kept.status] > progress[known.status]) part.records.set(key, kept);
    }
    if (dropped.records > 0)
      say(
        folder,
        `${dropped.records} record${dropped.records === 1 ? " is" : "s are"} about verifications the plan did not give this shard: dropped`,
      );
    if (dropped.dates > 0)
      say(
        folder,
        `${dropped.dates} ledger entr${dropped.dates === 1 ? "y has a date that is" : "ies have dates that are"} not an instant, or later than the merge's clock: dropped`,
      );
    if (unbacked > 0)
      say(
        folder,
        `${unbacked} record${unbacked === 1 ? " says" : "s say"} verified where its ledger does not: not counted`,
      );
  }
  return parts;
}

// A shard's ledger entries about other shards' verifications are dropped; those that are news (no later entry of the
// same verification is in the merged ledger or its shard's part: not a copy of a merged ledger a rerun started from)
// are named as its folder's fault.
function sayNews(
  outside: ReadonlyArray<{ folder: ShardFolder; entries: LedgerEntry[] }>,
  kept: ReadonlyArray<readonly LedgerEntry[]>,
  say: (folder: ShardFolder, fault: string) => void,
): void {
  const latest = new Map<string, number>();
  for (const entries of kept)
    for (const entry of entries) {
      const at = Date.parse(entry.updatedAt);
      if (!(at <= (latest.get(entryKey(entry)) ?? Number.NEGATIVE_INFINITY))) latest.set(entryKey(entry), at);
    }
  for (const { folder, entries } of outside) {
    const news = entries.filter(
      (entry) => !(Date.parse(entry.updatedAt) <= (latest.get(entryKey(entry)) ?? Number.NaN)),
    );
    if (news.length > 0)
      say(
        folder,
        `${news.length} ledger entr${news.length === 1 ? "y is" : "ies are"} about verifications the plan did not give this shard: dropped`,
      );
  }
}

function unbackedRecord(record: VerificationResult, shard: string): VerificationResult {
  return {
    ...record,
    status: "failed",
    message: `Not counted: shard ${shard}'s results say ${record.status}, but its ledger does not record it verified; a rerun of that shard with the merged ledger verifies it.`,
    error: { code: "not_run" },
  };
}

function notRunRecord(
  address: string,
  contract: string,
  explorer: { service: VerificationResult["target"] & string; chainId: number | undefined },
  shard: string,
): VerificationResult {
  return {
    address,
    contract,
    explorer: "",
    format: "standard-json",
    status: "failed",
    url: "",
    attempts: 0,
    durationMs: 0,
    ...(explorer.chainId === undefined ? {} : { chainId: explorer.chainId }),
    target: explorer.service,
    message: `Not run: shard ${shard} did not report it (its job failed, was cancelled, or left no results); a rerun of that shard with the merged ledger verifies it.`,
    error: { code: "not_run" },
  };
}
