import { mergeIntoLedgerFile } from "../../ledger/ledgerMerge.js";
import type { VerificationResult } from "../../verify/job.js";
import type { RunReporter } from "../report/runReporter.js";
import type { ShardReport } from "../report/runResults.js";
import { shardExplorerName } from "./shard.js";
import { readShardFolder, type ShardFolder, shardFoldersIn } from "./shardFolders.js";

/** A merge, as a door hands it to the hall. */
export interface MergeRequest {
  /** Shards' folders, or folders of them (a download of a workflow run's artifacts). */
  from: readonly string[];
  /** The merged ledger: what it holds already is merged too. */
  ledger: string;
  reporter: RunReporter;
}

/** What a merge found: every record, counted once per contract and target, and whether every shard reported. */
export type MergeResults = VerificationResult[] & {
  /** Every shard of the plan reported, and every folder was read whole. */
  complete: boolean;
  /** The shards that did not report, each with its contracts (now `not_run` records). */
  notRun: Array<{ shard: string; contracts: number }>;
};

// How far a record got: a merge keeps, per contract and target, the record that got furthest.
const progress: Record<VerificationResult["status"], number> = {
  verified: 4,
  "already-verified": 4,
  pending: 3,
  timeout: 1,
  failed: 0,
};

/**
 * Merges what a plan's shards did: their ledgers into one ledger file (by the ledger's own rules), their records into
 * one report, counted per target. A shard of the plan whose results are missing or cut short shows as not run: a
 * failed record (`not_run`) for each of its contracts on each of its explorers, so its work is neither lost nor
 * taken for done. Merging again gives the same ledger and the same report.
 *
 * @param request - the shards' folders, the merged ledger, where to report
 * @returns the merged records, whether every shard reported, and the shards that did not
 * @throws LedgerLockedError when a live run holds the merged ledger's lock
 */
export function mergeShards(request: MergeRequest): MergeResults {
  const { reporter } = request;
  const folders = request.from.flatMap(shardFoldersIn).map(readShardFolder);
  const entries = mergeIntoLedgerFile(
    request.ledger,
    folders.flatMap((folder) => (folder.ledger ? [folder.ledger] : [])),
  );
  reporter.info(
    `Merging ${folders.length} shard folder${folders.length === 1 ? "" : "s"} into ${request.ledger} (${entries.length} ledger entr${entries.length === 1 ? "y" : "ies"})`,
  );
  for (const folder of folders)
    for (const fault of folder.faults) reporter.info(`shard       ${folder.folder}: ${fault}`);
  const records = new Map<string, VerificationResult>();
  for (const folder of folders)
    for (const record of folder.results ?? []) {
      const key = recordKey(record);
      const known = records.get(key);
      if (!known || progress[record.status] > progress[known.status]) records.set(key, record);
    }
  const plan = planOf(folders, reporter);
  const reported = new Set(
    folders.flatMap((folder) => (folder.results && folder.shard ? [folder.shard.shard] : [])),
  );
  const notRun: MergeResults["notRun"] = [];
  for (const shard of plan?.plan ?? []) {
    if (shard.explorers.length === 0 || reported.has(shard.shard)) continue;
    const missing = notRunRecords(plan as ShardReport, shard).filter(
      (record) => !records.has(recordKey(record)),
    );
    for (const record of missing) records.set(recordKey(record), record);
    notRun.push({ shard: shard.shard, contracts: missing.length });
    reporter.footnote(
      `not run     shard ${shard.shard} (${shard.explorers.map(shardExplorerName).join(", ")}) did not report: ${missing.length} record${missing.length === 1 ? "" : "s"} not run; a rerun of that shard with the merged ledger does them.`,
    );
  }
  const unread = folders.filter((folder) => !folder.results || !folder.ledger);
  const complete = folders.length > 0 && plan !== undefined && notRun.length === 0 && unread.length === 0;
  if (folders.length === 0) reporter.footnote("not run     no shard folder was found: nothing was merged.");
  else if (!plan)
    reporter.footnote(
      "not run     no shard's results name the plan (runs with --shard): which shards should have reported is unknown.",
    );
  const results = [...records.values()];
  reporter.finish(results);
  return Object.assign(results, { complete, notRun });
}

// A record is one contract (or a proxy's link) on one target.
function recordKey(record: VerificationResult): string {
  return `${record.target ?? "blockscout"} ${record.chainId ?? ""} ${record.address.toLowerCase()}${record.format === "proxy" ? " proxy" : ""}`;
}

// The plan, as the shards that reported carry it; shards of different plans are said, and the first one's kept.
function planOf(folders: readonly ShardFolder[], reporter: RunReporter): ShardReport | undefined {
  const reports = folders.flatMap((folder) => (folder.shard ? [folder.shard] : []));
  const [first] = reports;
  const others = reports.filter((report) => report.plan.length !== first?.plan.length);
  if (first && others.length > 0)
    reporter.info(
      `warning     the shards come from different plans (${[...new Set(reports.map((r) => r.shard))].join(", ")}): the plan of ${first.shard} decides which shards should have reported`,
    );
  return first;
}

function notRunRecords(plan: ShardReport, shard: ShardReport["plan"][number]): VerificationResult[] {
  return shard.explorers.flatMap((explorer) =>
    plan.contracts
      .filter(
        (contract) =>
          (plan.oneChain || contract.chainId === explorer.chainId) &&
          (!explorer.part || explorer.part.addresses.includes(contract.address.toLowerCase())),
      )
      .map((contract) => ({
        address: contract.address,
        contract: contract.contract,
        explorer: "",
        format: "standard-json" as const,
        status: "failed" as const,
        url: "",
        attempts: 0,
        durationMs: 0,
        ...(contract.chainId === undefined && explorer.chainId === undefined
          ? {}
          : { chainId: (contract.chainId ?? explorer.chainId) as number }),
        target: explorer.service,
        message: `Not run: shard ${shard.shard} did not report (its job failed, was cancelled, or left no results); a rerun of that shard with the merged ledger verifies it.`,
        error: { code: "not_run" as const },
      })),
  );
}
