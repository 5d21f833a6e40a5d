import { existsSync, lstatSync, readdirSync, realpathSync, type Stats, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { errorCodes } from "../../errors/explorerVerifyError.js";
import { proxyKinds } from "../../inputs/bundleSchema.js";
import { parsedJson } from "../../kernel/jsonValues.js";
import { readRegularFile, writeFileWhole } from "../../kernel/regularFile.js";
import * as z from "../../kernel/zod.js";
import { type LedgerDocument, parseLedgerText } from "../../ledger/ledgerFile.js";
import { maxAnswerBytes } from "../../options/verificationOptions.js";
import type { VerificationResult } from "../../verify/job.js";
import { services } from "../../verify/verifier.js";
import { type RunResults, type ShardReport, shardReportSchema } from "../report/runResults.js";

/** A shard's folder, as its job left it: its ledger and its `--json` results, each when readable. */
export interface ShardFolder {
  folder: string;
  ledger: LedgerDocument | undefined;
  results: VerificationResult[] | undefined;
  shard: ShardReport | undefined;
  /** What could not be read, for a person. */
  faults: string[];
}

/** The most bytes a merge reads of every shard's files together: each is parsed and kept until the plan judges it. */
export const maxMergeBytes = 4 * maxAnswerBytes;

/** The files a shard's job leaves for the merge. */
export const shardFiles = { ledger: "ledger.json", results: "results.json" } as const;

const serviceSchema = z.enum(services);
const matchKind = z.enum(["exact_match", "match", "similar"]);
const codeMatch = z.nullable(z.enum(["exact_match", "match"]));

// A record as a shard's `--json` results hold it: every field of a run's record, each checked, since the file comes
// back from an artifact store.
const recordSchema = z.object({
  address: z.string(),
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
  createdBy: z.optional(z.object({ factory: z.string(), transaction: z.string() })),
  target: z.optional(serviceSchema),
  match: z.optional(matchKind),
  previousMatch: z.optional(matchKind),
  matches: z.optional(z.object({ runtime: codeMatch, creation: codeMatch })),
  proxy: z.optional(
    z.object({
      kind: z.enum(proxyKinds),
      implementations: z.array(z.string()),
      beacon: z.optional(z.string()),
      admin: z.optional(z.string()),
    }),
  ),
  partOf: z.optional(
    z.object({ proxy: z.string(), role: z.enum(["implementation", "facet", "beacon", "admin"]) }),
  ),
  copiedFrom: z.optional(z.object({ service: serviceSchema, match: z.enum(["exact", "partial"]) })),
});

const resultsSchema = z.looseObject({
  results: z.array(recordSchema),
  shard: z.optional(shardReportSchema),
});

/**
 * The shards' folders under a folder: the folder itself when it holds a shard's files, else each entry in it that is
 * a folder, or a link (refused when read): a download of every artifact of a workflow run has a folder per artifact.
 *
 * @param given - a shard's folder, or a folder of them
 * @returns the shards' folders, by name
 */
export function shardFoldersIn(given: string): string[] {
  // The folder named is the user's: its links are followed; those of the shards' folders in it are not.
  const folder = existsSync(given) ? realpathSync(given) : given;
  try {
    if (Object.values(shardFiles).some((file) => existsSync(join(folder, file)))) return [folder];
    if (!statSync(folder).isDirectory()) return [folder];
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
      .map((entry) => join(folder, entry.name))
      .sort();
  } catch {
    return [folder];
  }
}

/**
 * @param folder - a shard's folder
 * @returns what reading its files takes of the merge's budget: a file over its own cap, or not a regular file, is
 *   refused when read and costs nothing
 */
export function shardFolderBytes(folder: string): number {
  return Object.values(shardFiles)
    .map((name) => lstatOf(join(folder, name)))
    .reduce((sum, file) => sum + (file?.isFile() && file.size <= maxAnswerBytes ? file.size : 0), 0);
}

/**
 * Reads a shard's folder. Nothing here throws: a file that is missing, a link, not a regular file, over the cap or
 * not what a shard writes is a fault the merge names, as is a folder whose files exceed what is left of the budget.
 *
 * @param budget - the bytes the merge may still read of shards' files; what is read is taken from it
 * @returns its ledger, results and shard report, each when readable
 */
export function readShardFolder(folder: string, budget: { bytes: number }): ShardFolder {
  const faults: string[] = [];
  const linked = lstatOf(folder);
  const bytes = shardFolderBytes(folder);
  if (!linked?.isDirectory() || bytes > budget.bytes) {
    faults.push(
      !linked
        ? "does not exist"
        : linked.isDirectory()
          ? `is not read: its files would take the merge past ${maxMergeBytes / 1_048_576} MiB of shards' files in all; merge fewer folders at once`
          : "is not a folder (a link or a file): nothing in it is read",
    );
    return { folder, ledger: undefined, results: undefined, shard: undefined, faults };
  }
  budget.bytes -= bytes;
  let ledger: LedgerDocument | undefined;
  const ledgerText = readShardFile(folder, shardFiles.ledger, faults);
  if (ledgerText !== undefined)
    try {
      ledger = parseLedgerText(ledgerText, join(folder, shardFiles.ledger));
    } catch (error) {
      faults.push(error instanceof Error ? error.message : String(error));
    }
  let results: VerificationResult[] | undefined;
  let shard: ShardReport | undefined;
  const resultsText = readShardFile(folder, shardFiles.results, faults);
  if (resultsText !== undefined) {
    const parsed = resultsSchema.safeParse(parsedJson(resultsText));
    if (parsed.success) {
      results = parsed.data.results;
      shard = parsed.data.shard;
    } else faults.push(`${shardFiles.results} is not a run's --json results (the run was cut short?)`);
  }
  return { folder, ledger, results, shard, faults };
}

function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

// A shard's file: a regular file inside its folder (never a link), read up to the cap; undefined with a fault if not.
function readShardFile(folder: string, name: string, faults: string[]): string | undefined {
  let read: ReturnType<typeof readRegularFile>;
  try {
    read = readRegularFile(join(folder, name), maxAnswerBytes);
  } catch (error) {
    read = { refused: `cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (read !== undefined && "text" in read) return read.text;
  faults.push(`${name} ${read?.refused ?? "does not exist"}`);
  return undefined;
}

/**
 * Writes a shard's results beside its ledger, as `verify --json` prints them (`{ results, budgets?, shard }`): the
 * folder is then what the merge reads, ready to upload as an artifact.
 *
 * @param ledger - the shard's ledger file; its folder holds the results
 * @returns the results file
 */
export function writeShardResults(ledger: string, results: RunResults): string {
  const path = join(dirname(ledger), shardFiles.results);
  const budgets =
    results.budgets && Object.keys(results.budgets).length > 0 ? { budgets: results.budgets } : {};
  const document = { results: [...results], ...budgets, ...(results.shard ? { shard: results.shard } : {}) };
  writeFileWhole(path, `${JSON.stringify(document)}\n`);
  return path;
}
