import { InvalidInputError } from "../../errors/index.js";
import type { BadManifestEntry } from "../../inputs/manifest.js";
import { appendAll } from "../../kernel/appendAll.js";
import type { ReadsDeadline } from "../../kernel/readsDeadline.js";
import { runConcurrencyCeiling } from "../../options/verificationOptions.js";
import type { BlockscoutTarget } from "../../verifiers/target.js";
import { explorerClientFor } from "../../verifiers/verifierFor.js";
import type { VerificationJob } from "../../verify/job.js";
import type { ProxySystem } from "../../verify/proxySystems.js";
import type { Verifier } from "../../verify/verifier.js";
import { displayName } from "../../verify/verifyContract.js";
import { type CreatedSources, discoverCreatedJobs } from "../jobs/createdJobs.js";
import { type ProxySources, proxyJobs } from "../jobs/proxyJobs.js";
import { QueueHeartbeat } from "../report/queueHeartbeat.js";
import { closingBudgets } from "../report/runBudgets.js";
import type { RunReporter } from "../report/runReporter.js";
import type { RunResults } from "../report/runResults.js";
import type { RunSettingValues } from "../settings.js";
import type { ShardId } from "../shards/shardId.js";
import { shardLine, shardOfRun } from "../shards/shardRun.js";
import { describeTargets, type RunTargets } from "../targets/targets.js";
import { jobsOn } from "../targets/targetVerifiers.js";
import { interruptionGraceMs } from "./interruption.js";
import { runTransport } from "./runTransport.js";
import { stoppedTargetLines, type UnsentContract, unsentEntry, unsentRecord } from "./unsentRecords.js";
import { verifyOnTargets } from "./verifyOnTargets.js";

/** The run's settings the engine takes, as every door checked them (see `runSettings`); unset: the engine's defaults. */
export type RunSettings = Pick<
  RunSettingValues,
  "concurrency" | "timeoutSeconds" | "force" | "wait" | "preflight"
> &
  Partial<Pick<RunSettingValues, "sendUnlisted" | "maxCreated" | "requestsPerSecond" | "keySecrets">> & {
    /** The most bytes of an explorer's answer read. Unset: the engine's default. */
    maxResponseBytes?: number | undefined;
  };

/** One run of verification, as a door hands it to the hall. */
export interface RunVerifyRequest {
  jobs: VerificationJob[];
  /** Manifest entries that could not become jobs: each becomes a failed record of its own. */
  badEntries?: readonly BadManifestEntry[] | undefined;
  /** Contracts the run sends nowhere (a copy's contract its source holds no verification of its own for). */
  unsent?: readonly UnsentContract[] | undefined;
  /** Where the jobs go, resolved once by {@link resolveTargets}. */
  targets: RunTargets;
  settings: RunSettings;
  /** The chain, for preflight and constructor-argument recovery. */
  rpc?: { rpcUrl: string; compilers: string[] } | undefined;
  /** The ledger file, and whether to ask the explorer about what it records verified. */
  ledger?: { path: string; recheck: boolean } | undefined;
  /** Where to look for what the jobs' transactions created (`include-created`), through the run's explorer. */
  discoverCreated?: CreatedSources | undefined;
  /**
   * Where the run reads its proxies' kinds and finds their parts: with it, each proxy's implementations, beacon,
   * facets and admin join the run, and each proxy is linked once its system is verified.
   */
  proxies?: ProxySources | undefined;
  reporter: RunReporter;
  /**
   * SIGINT and SIGTERM end the run cleanly: no new submission starts, answers in flight are awaited up to 5 s, and
   * every job gets a record (`interrupted` for those without a verdict); the door then writes its outputs and exits.
   */
  interruptible?: boolean;
  /** The engine's pre-check was done by the door already (the task's look before its build). */
  preChecked?: boolean;
  /**
   * The run's read budget, made once by the request that started the run, before it read its inputs. Unset: the reads
   * are not bounded (a copy reads no chain before verifying).
   */
  reads?: ReadsDeadline | undefined;
  /** Told of every job of the run, created contracts included, before anything is verified (to write the bundle). */
  beforeVerifying?: ((jobs: readonly VerificationJob[]) => Promise<unknown>) | undefined;
  /** One shard of the run's plan (`plan`): only its explorers, with its share of each budget. */
  shard?: ShardId | undefined;
  /** The shard's plan's digest, as its matrix row gives it: a shard of another plan is refused before anything. */
  plan?: string | undefined;
}

/**
 * Verifies a run's contracts on every target and reports them: the first line says how many and where, discovery
 * says what it found, the engine's events become progress lines, and the records close the run (each bad manifest
 * entry a failed record of its own). The one place the doors reach the engine.
 *
 * @returns every record, the bad entries' last
 * @throws {InvalidInputError} when a job's chain has no target, or the ledger file is not a ledger
 */
export async function runVerify(request: RunVerifyRequest): Promise<RunResults> {
  const { settings, reporter } = request;
  const sharded = request.shard
    ? shardOfRun(request.jobs, request.targets, request.shard, settings, request.plan)
    : undefined;
  if (sharded) {
    reporter.info(shardLine(sharded));
    if (request.ledger) {
      const { stampLedgerFile } = await import("../../ledger/ledgerMerge.js");
      stampLedgerFile(request.ledger.path, { shard: sharded.report.shard, plan: sharded.report.plan });
    }
  }
  const targets = sharded?.targets ?? request.targets;
  // A contract two inputs name (the same folder twice, two folders of one chain) is verified once.
  const named = new Set<string>();
  const jobs = request.jobs.filter((job) => {
    const key = `${job.chainId} ${job.address.toLowerCase()} ${job.proxyAddress ?? ""}`;
    return !named.has(key) && Boolean(named.add(key));
  });
  for (const entry of request.badEntries ?? [])
    reporter.info(`skipped     ${entry.field}: ${entry.error.shortMessage}`);
  for (const unsent of request.unsent ?? [])
    reporter.info(`skipped     ${unsent.address}: ${unsent.message}`);
  const transport = runTransport(settings, reporter.event);
  checkJobChains(jobs, targets);
  // The reads before any verification (what the jobs created, the proxies' kinds and parts) answer to one deadline,
  // as one contract's work does: a chain or explorer that never answers cannot hold the run past it.
  const explorer = targets.targets.find(
    (target): target is BlockscoutTarget => target.service === "blockscout",
  );
  if (request.discoverCreated && !explorer)
    throw new InvalidInputError(
      "include-created",
      "Finding the contracts a deployment created reads a Blockscout explorer's index of the chain, and no target is a Blockscout explorer: add blockscout to the targets. Nothing was sent.",
    );
  if (request.discoverCreated && explorer) {
    await discoverCreatedJobs(
      jobs,
      request.discoverCreated,
      explorerClientFor(explorer, transport),
      { maxCreated: settings.maxCreated, reporter },
      request.reads?.endsAt ?? Number.POSITIVE_INFINITY,
    );
  }
  let systems: ProxySystem[] = [];
  const unsent = [...(request.unsent ?? [])];
  if (request.proxies) {
    const expanded = await proxyJobs(
      jobs,
      request.proxies,
      (line) => reporter.info(line),
      // No read budget: the reads wait as long as the chain's client does.
      request.reads ?? { endsAt: Number.POSITIVE_INFINITY, seconds: Number.POSITIVE_INFINITY },
    );
    jobs.length = 0;
    appendAll(jobs, expanded.jobs);
    systems = expanded.systems;
    appendAll(
      unsent,
      expanded.unlinked.map((proxy) => ({
        ...proxy,
        contract: `proxy at ${proxy.address}`,
        format: "proxy" as const,
      })),
    );
    checkJobChains(jobs, targets);
  }
  await request.beforeVerifying?.(jobs);
  const services = [...new Set(targets.targets.map((target) => target.service))];
  // A shard counts its own part: the contracts one of its explorers verifies.
  const own = sharded
    ? jobs.filter((job) =>
        targets.targets.some(
          (target) => sharded.jobsOf(target, jobsOn(target, [job], targets.chainIds)).length > 0,
        ),
      ).length
    : jobs.length;
  const count = `${own} contract${own === 1 ? "" : "s"}`;
  // A shard without an explorer has said so (shardLine): it has nothing to verify on.
  if (targets.targets.length > 0) reporter.info(`Verifying ${count} on ${describeTargets(targets.targets)}`);
  const heartbeat = new QueueHeartbeat((line) => reporter.info(line));
  const chains = new Set(targets.targets.map((target) => target.chainId));
  heartbeat.start();
  const outcome = await verifyOnTargets({
    jobs,
    targets,
    engine: {
      options: {
        concurrency: settings.concurrency,
        // One limit over every target's pool, each under its own concurrency too.
        totalConcurrency: Math.max(
          runConcurrencyCeiling,
          settings.concurrency === "auto" ? 0 : settings.concurrency,
        ),
        timeoutMs: settings.timeoutSeconds * 1_000,
        force: settings.force || request.preChecked === true,
        wait: settings.wait,
        preflight: settings.preflight,
        sendUnlisted: settings.sendUnlisted === true,
        ...(request.ledger ? { recheck: request.ledger.recheck } : {}),
      },
      // One ledger for every target: its entries are keyed by each service's own name for the chain.
      ledger: request.ledger?.path,
      staleLockMs: settings.timeoutSeconds * 1_000,
      rpc: request.rpc,
    },
    transport,
    shard: sharded,
    systems,
    // Over several targets, each line of progress says which one it is about; over several chains, which chain.
    onEvent: (event, target) => {
      heartbeat.observe(target.service, event);
      reporter.event({
        ...event,
        ...(services.length > 1 ? { target: target.service } : {}),
        ...(chains.size > 1 && target.chainId !== undefined ? { chainId: target.chainId } : {}),
      });
    },
    ...(request.interruptible
      ? {
          onInterrupted: (signal: NodeJS.Signals) =>
            reporter.info(
              `interrupted by ${signal}: no new submission starts; answers in flight are awaited up to ${interruptionGraceMs / 1_000} s`,
            ),
        }
      : {}),
  }).finally(() => heartbeat.stop());
  const { verifiers, interruptedBy } = outcome;
  const records = outcome.batches.flatMap((batch) => batch.records);
  const unsentRecords = targets.targets.flatMap((target, index) =>
    // An entry that could not become a job fails on each target too, as a contract sent nowhere does.
    [...unsent, ...(request.badEntries ?? []).filter((entry) => !entry.leftOut).map(unsentEntry)].flatMap(
      (contract) => {
        const elsewhere =
          contract.chainId !== undefined &&
          target.chainId !== undefined &&
          contract.chainId !== target.chainId;
        return elsewhere ? [] : [unsentRecord(contract, target, verifiers[index] as Verifier)];
      },
    ),
  );
  for (const line of stoppedTargetLines(records)) reporter.info(line);
  const budgets = closingBudgets(verifiers, (line) => reporter.footnote(line));
  const all = [...records, ...unsentRecords];
  if (interruptedBy) {
    const done = all.filter((result) => result.error?.code !== "interrupted").length;
    reporter.footnote(
      `Interrupted (${interruptedBy}): ${done} of ${all.length} records have their verdict${done === all.length ? "." : "; the others were not sent, or their answers were not awaited (the ledger keeps their guids, so a rerun polls them)."}`,
    );
  }
  reporter.finish(
    all,
    budgets,
    targets.targets.filter((target) => !target.required).map((target) => target.service),
    sharded?.report,
  );
  return Object.assign(all, { interruptedBy, budgets, shard: sharded?.report });
}

// Every job's recorded chain is one the run verifies on: a contract is never aimed at another chain's services.
function checkJobChains(jobs: readonly VerificationJob[], targets: RunTargets): void {
  const known = targets.chainIds.filter((chainId) => chainId !== undefined);
  const single = targets.chainIds.length === 1;
  for (const job of jobs) {
    const chainId = job.chainId;
    if (chainId === undefined ? single || known.length === 0 : known.includes(chainId)) continue;
    throw new InvalidInputError(
      "chainId",
      chainId === undefined
        ? `${displayName(job)} does not say its chain, and the run is on chains ${known.join(", ")}. Nothing was sent.`
        : `${displayName(job)} is deployed on chain ${chainId}, but the run is on chain${known.length === 1 ? "" : "s"} ${known.join(", ")}. Nothing was sent.`,
    );
  }
}
