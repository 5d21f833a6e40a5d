import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LedgerEntry } from "../../src/ledger/ledgerFile.js";
import type { ShardReport } from "../../src/run/report/runResults.js";
import { planDigest } from "../../src/run/shards/planDigest.js";
import type { VerificationResult } from "../../src/verify/job.js";
import type { Service } from "../../src/verify/verifier.js";

// Shard folders as a shard's job leaves them (its ledger.json and results.json), written by hand: what the merge
// reads, honest or forged.

/** A plan, as a shard's report states what it is made of. */
export function shardReport(
  shard: string,
  contracts: ShardReport["contracts"],
  services: Service[],
  extra: Pick<ShardReport, "requestsPerSecond" | "keySecrets"> = {},
): ShardReport {
  const count = Number(shard.split("-of-")[1]);
  return {
    shard,
    plan: planDigest({ contracts, services, shards: count, ...extra }),
    services,
    ...extra,
    contracts,
  };
}

/** A shard's record of a contract on an explorer. */
export function shardRecord(
  address: string,
  chainId: number,
  target: Service,
  status: VerificationResult["status"] = "verified",
): VerificationResult {
  return {
    address,
    contract: "Token",
    explorer: `https://${target}.example`,
    format: "standard-json",
    status,
    url: "",
    attempts: 1,
    durationMs: 1,
    chainId,
    target,
    ...(status === "failed" ? { error: { code: "verification_failed" as const }, message: "no" } : {}),
  };
}

/** A shard's ledger entry of a contract on an explorer, keyed as the run keys it. */
export function shardEntry(
  address: string,
  chainId: number,
  service: Service,
  status: LedgerEntry["status"] = "verified",
  updatedAt = "2026-01-01T00:00:01Z",
  inputHash = "h1",
): LedgerEntry {
  return {
    explorer: service === "blockscout" ? `local-explorer/chain-${chainId}` : `${service}/chain-${chainId}`,
    address,
    chainId,
    contract: "Token",
    format: "standard-json",
    inputHash,
    status,
    firstSeenAt: "2026-01-01T00:00:00Z",
    updatedAt,
  };
}

/**
 * Writes a shard's folder: its ledger (stamped with its shard and plan unless told) and its results, or any text in
 * place of either; undefined leaves the file out.
 */
export function writeShardFolder(
  root: string,
  name: string,
  report: ShardReport,
  files: {
    ledger?: LedgerEntry[] | string | undefined;
    results?: VerificationResult[] | string | undefined;
    stamp?: boolean;
  },
): string {
  const folder = join(root, name);
  mkdirSync(folder, { recursive: true });
  const stamp = files.stamp === false ? {} : { shard: { shard: report.shard, plan: report.plan } };
  if (files.ledger !== undefined)
    writeFileSync(
      join(folder, "ledger.json"),
      typeof files.ledger === "string"
        ? files.ledger
        : JSON.stringify({ version: 1, ...stamp, entries: files.ledger }),
    );
  if (files.results !== undefined)
    writeFileSync(
      join(folder, "results.json"),
      typeof files.results === "string"
        ? files.results
        : JSON.stringify({ results: files.results, shard: report }),
    );
  return folder;
}
