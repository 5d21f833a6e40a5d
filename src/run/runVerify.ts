import type { ExplorerClient } from "../client/explorerClient.js";
import { resolveExplorerUrls } from "../client/explorerUrl.js";
import { withUserAgent } from "../client/requestHeaders.js";
import type { TransportEvent } from "../client/transport.js";
import type { CreatedContractJobs } from "../discovery/createdContractJobs.js";
import type { DiscoveryWarning } from "../discovery/index.js";
import { InterruptedError } from "../errors/index.js";
import type { BadManifestEntry } from "../inputs/manifest.js";
import { Ledger } from "../ledger/ledger.js";
import { runConcurrencyCeiling } from "../options/verificationOptions.js";
import type { ConcurrencySetting } from "../verify/adaptiveConcurrency.js";
import type { VerificationEvent } from "../verify/events.js";
import { isSuccess, type VerificationJob, type VerificationResult } from "../verify/job.js";
import type { VerifierKind } from "../verify/verifier.js";
import { type BatchOptions, verifyBatch } from "../verify/verifyBatch.js";
import { displayName } from "../verify/verifyContract.js";
import { WorkSlots } from "../verify/workSlots.js";
import { type ExplorerTarget, explorerClientFor } from "./explorerTarget.js";
import { interruptionGraceMs, watchInterruption } from "./interruption.js";
import type { RunReporter } from "./runReporter.js";
import { type ServiceSettings, serviceVerifier } from "./serviceVerifiers.js";

/** The settings of a run that the engine takes, as every door checked them. */
export interface RunSettings {
  concurrency: ConcurrencySetting;
  timeoutSeconds: number;
  force: boolean;
  wait: boolean;
  preflight: boolean;
  /** With `discoverCreated`: the most contracts looked at per factory. */
  maxCreated?: number | undefined;
  /** The services to verify on (default Blockscout alone). */
  targets?: VerifierKind[] | undefined;
  /** Requests started per second to each explorer. Unset: the engine's default. */
  requestsPerSecond?: number | undefined;
  /** The most bytes of an explorer's answer read. Unset: the engine's default. */
  maxResponseBytes?: number | undefined;
  /** The User-Agent sent to Blockscout explorers instead of the product's own. */
  userAgent?: string | undefined;
}

/** What bounds the discovery of created contracts: the run's deadline, and where its warnings go. */
export interface DiscoveryLimits {
  /** When discovery must end, in ms since the epoch. */
  deadline: number;
  /** The most contracts looked at per factory. */
  maxCreated: number | undefined;
  onWarning: (warning: DiscoveryWarning) => void;
}

/** A run's records, and the signal that interrupted it, if one did. */
export type RunResults = VerificationResult[] & { interruptedBy?: NodeJS.Signals | undefined };

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
  /** Etherscan's key and the API roots of Etherscan and Sourcify, when the run names them. */
  services?: ServiceSettings | undefined;
  /**
   * SIGINT and SIGTERM end the run cleanly: no new submission starts, answers in flight are awaited up to 5 s, and
   * every job gets a record (`interrupted` for those without a verdict); the door then writes its outputs and exits.
   */
  interruptible?: boolean;
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
export async function runVerify(request: RunVerifyRequest): Promise<RunResults> {
  const { settings, reporter } = request;
  // The `user-agent` setting enters here: it goes to the Blockscout explorers with the target's other headers.
  const target = { ...request.target, headers: withUserAgent(request.target.headers, settings.userAgent) };
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
      maxCreated: settings.maxCreated,
      onWarning: (warning) => reporter.info(`warning     ${warning.message}`),
    });
    for (const clone of created.clones)
      reporter.info(
        `clone       ${clone.address} (created by ${clone.createdBy.factory}): an EIP-1167 clone of ${clone.implementation}, not submitted; the explorer shows it through its implementation`,
      );
    for (const twin of created.twins ?? [])
      reporter.info(
        `twin        ${twin.address} (created by ${twin.createdBy.factory}): the same deployed code as ${twin.twinOf}, not submitted; the explorer shows it verified through its twin`,
      );
    for (const skipped of created.skipped)
      reporter.info(
        `skipped     ${skipped.address} (created by ${skipped.createdBy.factory}): ${skipped.reason}`,
      );
    const known = new Set(jobs.map((job) => job.address.toLowerCase()));
    jobs.push(...created.jobs.filter((job) => !known.has(job.address.toLowerCase())));
  }
  const kinds = settings.targets ?? ["blockscout"];
  const chains = [
    ...new Set(jobs.flatMap((job) => (job.target?.chainId === undefined ? [] : [job.target.chainId]))),
  ];
  const count = `${jobs.length} contract${jobs.length === 1 ? "" : "s"}`;
  const blockscoutWhere =
    target.explorerUrl === "" && chains.length > 0
      ? `chain${chains.length === 1 ? "" : "s"} ${chains.join(", ")}`
      : target.description;
  const where = [
    ...(kinds.includes("blockscout")
      ? [kinds.length > 1 ? `Blockscout (${blockscoutWhere})` : blockscoutWhere]
      : []),
    ...kinds.filter((kind) => kind !== "blockscout").map((kind) => serviceNames[kind]),
  ];
  reporter.info(`Verifying ${count} on ${where.join(", ")}`);
  const transport = {
    ...(settings.maxResponseBytes === undefined ? {} : { maxResponseBytes: settings.maxResponseBytes }),
    ...(settings.requestsPerSecond === undefined ? {} : { requestsPerSecond: settings.requestsPerSecond }),
    onEvent: (event: TransportEvent) => reporter.event({ type: "transport", event }),
  };
  // One ledger for every target: its entries are keyed by each service's own address for the contract.
  const ledger = request.ledger
    ? new Ledger(request.ledger.path, { staleLockMs: settings.timeoutSeconds * 1_000 })
    : undefined;
  const shared: BatchOptions = {
    concurrency: settings.concurrency,
    // One limit over every target's batch, each batch under its own concurrency too.
    totalConcurrency: new WorkSlots(
      Math.max(runConcurrencyCeiling, settings.concurrency === "auto" ? 0 : settings.concurrency),
    ),
    timeoutMs: settings.timeoutSeconds * 1_000,
    force: settings.force || request.preChecked === true,
    wait: settings.wait,
    preflight: settings.preflight,
    ...(request.rpc ? { rpc: request.rpc } : {}),
    ...(ledger ? { ledger, recheck: request.ledger?.recheck } : {}),
    ...transport,
    onEvent: reporter.event,
  };
  // Over several targets, each line of progress says which one it is about.
  // Over several chains, a service's batch (one per chain) says its chain as the Blockscout batch does.
  const jobsOfChain = jobsByChain(jobs, target.chainId);
  const eventsOf =
    (kind: VerifierKind, chainId?: number) =>
    (event: VerificationEvent): void =>
      reporter.event({
        ...event,
        ...(kinds.length > 1 ? { target: kind } : {}),
        ...(jobsOfChain.size > 1 && chainId !== undefined ? { chainId } : {}),
      });
  // Each target is a batch of its own, with its own pace and concurrency; the build inputs are the same jobs.
  const batches: Array<{ jobs: VerificationJob[]; options: BatchOptions }> = [];
  if (kinds.includes("blockscout")) {
    batches.push({
      jobs,
      options: {
        ...shared,
        ...(client ? { client } : {}),
        explorerUrl: target.explorerUrl || undefined,
        chainId: target.chainId,
        explorers: target.explorers,
        apiKey: target.apiKey,
        headers: target.headers,
        blockscoutApiUrl: target.blockscoutApiUrl,
        onEvent: eventsOf("blockscout"),
      },
    });
  }
  for (const kind of kinds) {
    if (kind === "blockscout") continue;
    for (const [chainId, chainJobs] of jobsOfChain) {
      const verifier = await serviceVerifier(kind, chainId, request.services ?? {}, transport);
      // The chain stamps each record, as Blockscout's are: a contract's rows of every target then go together.
      batches.push({
        jobs: chainJobs,
        options: { ...shared, client: verifier, chainId, onEvent: eventsOf(kind, chainId) },
      });
    }
  }
  const results = await runBatches(batches, request.interruptible ? reporter : undefined);
  const interruptedBy = results.interruptedBy;
  for (const line of stoppedTargetLines(results.records)) reporter.info(line);
  const base =
    results.records[0]?.explorer ?? (target.explorerUrl ? resolveExplorerUrls(target.explorerUrl).base : "");
  const all = [...results.records, ...(request.badEntries ?? []).map((entry) => badEntryResult(entry, base))];
  if (interruptedBy) {
    const done = all.filter((result) => result.error?.code !== "interrupted").length;
    reporter.footnote(
      `Interrupted (${interruptedBy}): ${done} of ${all.length} records have their verdict; the others were not sent, or their answers were not awaited (the ledger keeps their guids, so a rerun polls them).`,
    );
  }
  reporter.finish(all);
  return Object.assign(all, { interruptedBy });
}

interface Batch {
  jobs: VerificationJob[];
  options: BatchOptions;
}

// Every batch at once. Interrupted, the batches are not awaited past the grace: each job then has its verdict if
// one came, else an `interrupted` record (with the guid of a submission whose answer was not awaited).
async function runBatches(
  batches: Batch[],
  reporter: RunReporter | undefined,
): Promise<{ records: VerificationResult[]; interruptedBy: NodeJS.Signals | undefined }> {
  const interruption = reporter
    ? watchInterruption((signal) =>
        reporter.info(
          `interrupted by ${signal}: no new submission starts; answers in flight are awaited up to ${interruptionGraceMs / 1_000} s`,
        ),
      )
    : undefined;
  const heard = batches.map(() => ({
    finished: new Map<string, VerificationResult>(),
    guids: new Map<string, string>(),
  }));
  const watched = batches.map((batch, index) => {
    const seen = heard[index] as (typeof heard)[number];
    const onEvent = batch.options.onEvent;
    return {
      ...batch.options,
      onSubmitting: () => {
        if (interruption?.signal) throw new InterruptedError(interruption.signal);
      },
      onEvent: (event: VerificationEvent) => {
        if (event.type === "finished") seen.finished.set(event.address.toLowerCase(), event.result);
        if (event.type === "submitted" && event.guid) seen.guids.set(event.address.toLowerCase(), event.guid);
        onEvent?.(event);
      },
    };
  });
  const work = Promise.all(
    batches.map((batch, index) =>
      batch.jobs.length === 0 ? [] : verifyBatch(batch.jobs, watched[index] as BatchOptions),
    ),
  );
  try {
    const done = interruption
      ? await Promise.race([work, interruption.graceOver.then(() => undefined)])
      : await work;
    if (done) return { records: done.flat(), interruptedBy: interruption?.signal };
    const signal = interruption?.signal as NodeJS.Signals;
    return {
      records: batches.flatMap((batch, index) => {
        const seen = heard[index] as (typeof heard)[number];
        const kind = (batch.options.client as { kind?: VerifierKind } | undefined)?.kind ?? "blockscout";
        return batch.jobs.map((job) => {
          const key = job.address.toLowerCase();
          return {
            ...(seen.finished.get(key) ?? interruptedRecord(job, signal, seen.guids.get(key))),
            target: kind,
          };
        });
      }),
      interruptedBy: signal,
    };
  } finally {
    interruption?.dispose();
  }
}

function interruptedRecord(
  job: VerificationJob,
  signal: NodeJS.Signals,
  guid: string | undefined,
): VerificationResult {
  return {
    address: job.address,
    contract: displayName(job),
    explorer: job.target?.explorerUrl ?? "",
    format: job.source.format,
    status: "failed",
    ...(guid ? { guid } : {}),
    url: "",
    attempts: guid ? 1 : 0,
    durationMs: 0,
    ...(job.target?.chainId === undefined ? {} : { chainId: job.target.chainId }),
    message: guid
      ? `Interrupted (${signal}) before the explorer's verdict; the guid ${guid} is in the ledger, and a rerun polls it.`
      : `Interrupted (${signal}) before its submission was sent; a rerun sends it.`,
    error: { code: "interrupted" },
  };
}

const serviceNames: Record<Exclude<VerifierKind, "blockscout">, string> = {
  etherscan: "Etherscan",
  sourcify: "Sourcify",
};

// The jobs by chain, each without its own explorer: another service is one verifier per chain.
function jobsByChain(
  jobs: readonly VerificationJob[],
  runChainId: number | undefined,
): Map<number | undefined, VerificationJob[]> {
  const byChain = new Map<number | undefined, VerificationJob[]>();
  for (const job of jobs) {
    const chainId = job.target?.chainId ?? runChainId;
    const { target, ...rest } = job;
    const own = target?.rpc ? { ...rest, target: { rpc: target.rpc } } : rest;
    byChain.set(chainId, [...(byChain.get(chainId) ?? []), own]);
  }
  return byChain;
}

// The refusals that stop a target's work, each with what lets a rerun take its contracts up where they were left
// (the ledger keeps what was done).
const resumedBy = new Map<string, string>([
  ["quota_exhausted", "a rerun with the ledger after the quota resets resumes them"],
  ["plan_required", "a rerun with a key whose plan covers this chain resumes them"],
  ["invalid_api_key", "a rerun with a valid key resumes them"],
  ["bot_protection", "a rerun with either way out resumes them"],
]);

// A service that stopped the run's work on it (a used-up quota, a plan, a refused key) is said once, in one line.
function stoppedTargetLines(results: readonly VerificationResult[]): string[] {
  const stopped = new Map<string, { message: string; resumed: string; count: number }>();
  for (const result of results) {
    const resumed = result.error && resumedBy.get(result.error.code);
    if (!result.target || !result.error || !resumed) continue;
    const seen = stopped.get(result.target);
    stopped.set(result.target, {
      message: seen?.message ?? result.message ?? result.error.code,
      resumed: seen?.resumed ?? resumed,
      count: (seen?.count ?? 0) + 1,
    });
  }
  return [...stopped].map(
    ([kind, { message, resumed, count }]) =>
      `stopped     ${kind}: ${message} (${count} contract${count === 1 ? "" : "s"} not verified there; ${resumed})`,
  );
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

/**
 * Whether a run succeeded: every record is a success, or belongs to a target the user made optional (its failures
 * warn instead of failing the run).
 *
 * @param results - the run's records
 * @param optionalTargets - the targets whose failures only warn
 * @returns true when the run succeeded
 */
export function runSucceeded(
  results: readonly VerificationResult[],
  optionalTargets: readonly VerifierKind[] = [],
): boolean {
  return results.every(
    (result) => isSuccess(result) || optionalTargets.includes(result.target ?? "blockscout"),
  );
}
