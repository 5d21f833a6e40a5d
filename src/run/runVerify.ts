import type { ExplorerClient } from "../client/explorerClient.js";
import { resolveExplorerUrls } from "../client/explorerUrl.js";
import type { CreatedContractJobs } from "../discovery/createdContractJobs.js";
import type { DiscoveryWarning } from "../discovery/index.js";
import type { BadManifestEntry } from "../inputs/manifest.js";
import type { ConcurrencySetting } from "../verify/adaptiveConcurrency.js";
import type { VerificationJob, VerificationResult } from "../verify/job.js";
import { verifyBatch } from "../verify/verifyBatch.js";
import { type ExplorerTarget, explorerClientFor } from "./explorerTarget.js";
import type { RunReporter } from "./runReporter.js";

/** The settings of a run that the engine takes, as every door checked them. */
export interface RunSettings {
  concurrency: ConcurrencySetting;
  timeoutSeconds: number;
  force: boolean;
  wait: boolean;
  preflight: boolean;
  /** Requests started per second to each explorer. Unset: the engine's default. */
  requestsPerSecond?: number | undefined;
  /** The most bytes of an explorer's answer read. Unset: the engine's default. */
  maxResponseBytes?: number | undefined;
}

/** What bounds the discovery of created contracts: the run's deadline, and where its warnings go. */
export interface DiscoveryLimits {
  /** When discovery must end, in ms since the epoch. */
  deadline: number;
  onWarning: (warning: DiscoveryWarning) => void;
}

/** One run of verification, as a door hands it to the hall. */
export interface RunVerifyRequest {
  jobs: VerificationJob[];
  /** Manifest entries that could not become jobs: each becomes a failed record of its own. */
  badEntries?: readonly BadManifestEntry[] | undefined;
  target: ExplorerTarget;
  settings: RunSettings;
  /** The chain, for preflight and constructor-argument recovery. */
  rpc?: { rpcUrl: string; compilers: string[] } | undefined;
  /** The ledger file, and whether to ask the explorer about what it records verified. */
  ledger?: { path: string; recheck: boolean } | undefined;
  /** Finds what the jobs' transactions created (`include-created`), through the run's explorer, by the deadline. */
  discoverCreated?:
    | ((client: ExplorerClient, limits: DiscoveryLimits) => Promise<CreatedContractJobs>)
    | undefined;
  reporter: RunReporter;
  /** The engine's pre-check was done by the door already (the task's look before its build). */
  preChecked?: boolean;
  /** The client the door already asked through (the task's look before its build): its state is kept. */
  client?: ExplorerClient | undefined;
}

/**
 * Verifies a run's contracts and reports them: the first line says how many and where, discovery says what it
 * found, the engine's events become progress lines, and the records close the run (each bad manifest entry a
 * failed record of its own). The one place the doors reach the engine.
 *
 * @param request - the jobs, where, how, and where to report
 * @returns every record, the bad entries' last
 * @throws {InvalidInputError} when a chain id names no known explorer, or the ledger file is not a ledger
 */
export async function runVerify(request: RunVerifyRequest): Promise<VerificationResult[]> {
  const { target, settings, reporter } = request;
  const jobs = [...request.jobs];
  for (const entry of request.badEntries ?? [])
    reporter.info(`skipped     ${entry.field}: ${entry.error.shortMessage}`);
  const client =
    request.client ??
    (target.explorerUrl
      ? explorerClientFor(target, {
          ...(settings.maxResponseBytes === undefined ? {} : { maxResponseBytes: settings.maxResponseBytes }),
          ...(settings.requestsPerSecond === undefined
            ? {}
            : { requestsPerSecond: settings.requestsPerSecond }),
          onEvent: (event) => reporter.event({ type: "transport", event }),
        })
      : undefined);
  if (request.discoverCreated && client) {
    // Discovery answers to the run's deadline, as one contract's work does: pages that never end cannot hold it.
    const created = await request.discoverCreated(client, {
      deadline: Date.now() + settings.timeoutSeconds * 1_000,
      onWarning: (warning) => reporter.info(`warning     ${warning.message}`),
    });
    for (const clone of created.clones)
      reporter.info(
        `clone       ${clone.address} (created by ${clone.createdBy.factory}): an EIP-1167 clone of ${clone.implementation}, not submitted; the explorer shows it through its implementation`,
      );
    for (const skipped of created.skipped)
      reporter.info(
        `skipped     ${skipped.address} (created by ${skipped.createdBy.factory}): ${skipped.reason}`,
      );
    const known = new Set(jobs.map((job) => job.address.toLowerCase()));
    jobs.push(...created.jobs.filter((job) => !known.has(job.address.toLowerCase())));
  }
  const chains = [
    ...new Set(jobs.flatMap((job) => (job.target?.chainId === undefined ? [] : [job.target.chainId]))),
  ];
  const count = `${jobs.length} contract${jobs.length === 1 ? "" : "s"}`;
  reporter.info(
    target.explorerUrl === "" && chains.length > 0
      ? `Verifying ${count} on chains ${chains.join(", ")}`
      : `Verifying ${count} on ${target.description}`,
  );
  const results =
    jobs.length === 0
      ? []
      : await verifyBatch(jobs, {
          ...(client ? { client } : {}),
          explorerUrl: target.explorerUrl || undefined,
          chainId: target.chainId,
          explorers: target.explorers,
          apiKey: target.apiKey,
          headers: target.headers,
          blockscoutApiUrl: target.blockscoutApiUrl,
          ...(settings.maxResponseBytes === undefined ? {} : { maxResponseBytes: settings.maxResponseBytes }),
          ...(settings.requestsPerSecond === undefined
            ? {}
            : { requestsPerSecond: settings.requestsPerSecond }),
          concurrency: settings.concurrency,
          timeoutMs: settings.timeoutSeconds * 1_000,
          force: settings.force || request.preChecked === true,
          wait: settings.wait,
          preflight: settings.preflight,
          ...(request.rpc ? { rpc: request.rpc } : {}),
          ...(request.ledger ? { ledger: request.ledger.path, recheck: request.ledger.recheck } : {}),
          onEvent: reporter.event,
        });
  const base =
    results[0]?.explorer ?? (target.explorerUrl ? resolveExplorerUrls(target.explorerUrl).base : "");
  const all = [...results, ...(request.badEntries ?? []).map((entry) => badEntryResult(entry, base))];
  reporter.finish(all);
  return all;
}

function badEntryResult(entry: BadManifestEntry, explorer: string): VerificationResult {
  return {
    address: entry.address,
    contract: entry.contract ?? entry.address,
    explorer,
    format: entry.format,
    status: "failed",
    url: explorer ? `${explorer}/address/${entry.address}#code` : "",
    attempts: 0,
    durationMs: 0,
    message: entry.error.shortMessage,
    error: { code: entry.error.code },
  };
}
