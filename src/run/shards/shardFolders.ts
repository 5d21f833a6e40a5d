import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { errorCodes } from "../../errors/explorerVerifyError.js";
import { proxyKinds } from "../../inputs/bundleSchema.js";
import * as z from "../../kernel/zod.js";
import { type LedgerEntry, readLedgerFile } from "../../ledger/ledgerFile.js";
import type { VerificationResult } from "../../verify/job.js";
import { services } from "../../verify/verifier.js";
import type { RunResults, ShardReport } from "../report/runResults.js";

/** A shard's folder, as its job left it: its ledger and its `--json` results, each when readable. */
export interface ShardFolder {
  folder: string;
  ledger: LedgerEntry[] | undefined;
  results: VerificationResult[] | undefined;
  shard: ShardReport | undefined;
  /** What could not be read, for a person. */
  faults: string[];
}

/** The files a shard's job leaves for the merge. */
export const shardFiles = { ledger: "ledger.json", results: "results.json" } as const;

const serviceSchema = z.enum(services);

const shardReportSchema = z.object({
  shard: z.string(),
  plan: z.array(
    z.object({
      shard: z.string(),
      explorers: z.array(
        z.object({
          service: serviceSchema,
          chainId: z.optional(z.number()),
          part: z.optional(z.object({ index: z.number(), of: z.number(), addresses: z.array(z.string()) })),
        }),
      ),
    }),
  ),
  oneChain: z.boolean(),
  contracts: z.array(
    z.object({ address: z.string(), contract: z.string(), chainId: z.optional(z.number()) }),
  ),
});

const addressText = z.string();
const matchKind = z.enum(["exact_match", "match", "similar"]);
const codeMatch = z.nullable(z.enum(["exact_match", "match"]));

// A record as a shard's `--json` results hold it: every field of a run's record, each checked, since the file comes
// back from an artifact store.
const recordSchema = z.object({
  address: addressText,
  contract: z.string(),
  explorer: z.string(),
  format: z.enum(["standard-json", "single-file", "flattened", "vyper", "registry", "proxy"]),
  status: z.enum(["verified", "already-verified", "pending", "failed", "timeout"]),
  guid: z.optional(z.string()),
  url: z.string(),
  attempts: z.number(),
  durationMs: z.number(),
  message: z.optional(z.string()),
  chainId: z.optional(z.number()),
  error: z.optional(z.object({ code: z.enum(errorCodes), details: z.optional(z.string()) })),
  createdBy: z.optional(z.object({ factory: addressText, transaction: z.string() })),
  target: z.optional(serviceSchema),
  match: z.optional(matchKind),
  previousMatch: z.optional(matchKind),
  matches: z.optional(z.object({ runtime: codeMatch, creation: codeMatch })),
  proxy: z.optional(
    z.object({
      kind: z.enum(proxyKinds),
      implementations: z.array(addressText),
      beacon: z.optional(addressText),
      admin: z.optional(addressText),
    }),
  ),
  partOf: z.optional(
    z.object({ proxy: addressText, role: z.enum(["implementation", "facet", "beacon", "admin"]) }),
  ),
  copiedFrom: z.optional(z.object({ service: serviceSchema, match: z.enum(["exact", "partial"]) })),
});

const resultsSchema = z.looseObject({
  results: z.array(recordSchema),
  shard: z.optional(shardReportSchema),
});

/**
 * The shards' folders under a folder: the folder itself when it holds a shard's files, else each folder in it that
 * does or should (a download of every artifact of a workflow run: a folder per artifact).
 *
 * @param folder - a shard's folder, or a folder of them
 * @returns the shards' folders, by name
 */
export function shardFoldersIn(folder: string): string[] {
  if (Object.values(shardFiles).some((file) => existsSync(join(folder, file)))) return [folder];
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [folder];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(folder, entry.name))
    .sort();
}

/**
 * Reads a shard's folder. Nothing here throws: a missing or broken file is a fault the merge reports.
 *
 * @param folder - the shard's folder
 * @returns its ledger, results and shard report, each when readable
 */
export function readShardFolder(folder: string): ShardFolder {
  const faults: string[] = [];
  let ledger: LedgerEntry[] | undefined;
  const ledgerPath = join(folder, shardFiles.ledger);
  if (existsSync(ledgerPath)) {
    try {
      ledger = readLedgerFile(ledgerPath);
    } catch (error) {
      faults.push(error instanceof Error ? error.message : String(error));
    }
  } else faults.push(`${ledgerPath} does not exist`);
  const resultsPath = join(folder, shardFiles.results);
  let results: VerificationResult[] | undefined;
  let shard: ShardReport | undefined;
  if (!existsSync(resultsPath)) faults.push(`${resultsPath} does not exist`);
  else {
    const parsed = resultsSchema.safeParse(parseJson(readFileSync(resultsPath, "utf8")));
    if (parsed.success) {
      results = parsed.data.results;
      shard = parsed.data.shard;
    } else faults.push(`${resultsPath} is not a run's --json results (the run was cut short?)`);
  }
  return { folder, ledger, results, shard, faults };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Writes a shard's results beside its ledger, as `verify --json` prints them (`{ results, budgets?, shard }`): the
 * folder is then what the merge reads, ready to upload as an artifact.
 *
 * @param ledger - the shard's ledger file; its folder holds the results
 * @param results - the shard's run
 * @returns the results file
 */
export function writeShardResults(ledger: string, results: RunResults): string {
  const path = join(dirname(ledger), shardFiles.results);
  mkdirSync(dirname(path), { recursive: true });
  const budgets =
    results.budgets && Object.keys(results.budgets).length > 0 ? { budgets: results.budgets } : {};
  const document = { results: [...results], ...budgets, ...(results.shard ? { shard: results.shard } : {}) };
  writeFileSync(path, `${JSON.stringify(document)}\n`);
  return path;
}
