import { InterruptedError } from "../../errors/index.js";
import { engineLedger } from "../../ledger/engineLedger.js";
import { Ledger } from "../../ledger/ledger.js";
import type { TransportSettings } from "../../verifiers/serviceTransports.js";
import type { Target } from "../../verifiers/target.js";
import type { VerificationEvent } from "../../verify/events.js";
import type { VerificationJob, VerificationResult } from "../../verify/job.js";
import type { ProxySystem } from "../../verify/proxySystems.js";
import type { Verifier } from "../../verify/verifier.js";
import { type JobsOptions, verifyJobs } from "../../verify/verifyJobs.js";
import { WorkSlots } from "../../verify/workSlots.js";
import type { ShardOfRun } from "../shards/shardRun.js";
import type { RunTargets } from "../targets/targets.js";
import { jobsOn, targetVerifiers } from "../targets/targetVerifiers.js";
import { watchInterruption } from "./interruption.js";
import { type ChainRpc, preflightChain } from "./preflightChain.js";
import { interruptedRecord } from "./unsentRecords.js";

/** Where the engine's settings of a run come from, before any target: the ledger and the chain are opened here. */
export interface RunEngine {
  /** The engine's settings, shared by every target; `totalConcurrency` is one limit over every target's pool. */
  options: Omit<JobsOptions, "chainId" | "ledger" | "rpc" | "openChain">;
  /** The ledger: a file path, or one open already. */
  ledger?: string | Ledger | undefined;
  /** How long a ledger's lock is held before another run takes it as stale. Default: the ledger's. */
  staleLockMs?: number | undefined;
  /** The chain, for preflight and constructor-argument recovery. */
  rpc?: ChainRpc | undefined;
}

/** One run of the engine over every target, as both runners hand it over. */
export interface TargetsRun {
  jobs: readonly VerificationJob[];
  targets: Pick<RunTargets, "targets" | "chainIds">;
  engine: RunEngine;
  /** The run's pace, answer cap and transport events. */
  transport: TransportSettings;
  /** In a shard of a plan: its share of each service's budget and of a split explorer's rate, and its part's jobs. */
  shard?: Pick<ShardOfRun, "shard" | "jobsOf" | "paceOf"> | undefined;
  /** The proxies whose systems the jobs verify, each linked on its chain's targets. Unset: the engine options' own. */
  systems?: readonly ProxySystem[] | undefined;
  /** Told each engine event with the target it is about. Unset: the engine options' own listener. */
  onEvent?: ((event: VerificationEvent, target: Target) => void) | undefined;
  /**
   * With it, SIGINT and SIGTERM end the run cleanly: told of the first signal, no new submission starts, and answers
   * in flight are awaited up to the grace.
   */
  onInterrupted?: ((signal: NodeJS.Signals) => void) | undefined;
}

/** What a run over its targets did: each target's records, the verifiers (for their budgets), and any signal. */
export interface TargetsOutcome {
  /** Each target's jobs and their records, in job order (each proxy link's record right after its implementation's). */
  batches: Array<{ target: Target; jobs: VerificationJob[]; records: VerificationResult[] }>;
  verifiers: Verifier[];
  interruptedBy: NodeJS.Signals | undefined;
}

/**
 * The one runner: opens the ledger and the chain once, makes every target's verifier, and verifies each target's
 * jobs at the same time under one limit over all their pools, a failure of one job never stopping the others.
 * Interrupted, the targets are not awaited past the grace: each job then has its verdict if one came, else an
 * `interrupted` record (with the guid of a submission whose answer was not awaited).
 *
 * @returns each target's records, its verifiers, and the signal that interrupted the run, if one did
 * @throws {InvalidInputError} when the ledger file is not a ledger
 */
export async function verifyOnTargets(run: TargetsRun): Promise<TargetsOutcome> {
  const { targets, chainIds } = run.targets;
  const shared = openedEngineOptions(run.engine);
  const slots =
    shared.totalConcurrency instanceof WorkSlots
      ? shared.totalConcurrency
      : new WorkSlots(shared.totalConcurrency ?? Number.POSITIVE_INFINITY);
  const verifiers = await targetVerifiers(targets, run.transport, run.shard);
  const interruption = run.onInterrupted ? watchInterruption(run.onInterrupted) : undefined;
  // By target and address, what was heard before a signal may end the run: verdicts, and submissions' guids.
  const finished = new Map<string, VerificationResult>();
  const guids = new Map<string, string>();
  const batches = targets.map((target) => {
    const onChain = jobsOn(target, run.jobs, chainIds);
    return { target, jobs: run.shard ? run.shard.jobsOf(target, onChain) : onChain };
  });
  const work = Promise.all(
    batches.map(({ target, jobs }, index) => {
      if (jobs.length === 0) return [];
      const listener = run.onEvent;
      const onEvent = listener ? (event: VerificationEvent) => listener(event, target) : shared.onEvent;
      const proxies =
        chainIds.length <= 1 ? run.systems : run.systems?.filter((s) => s.chainId === target.chainId);
      return verifyJobs(verifiers[index] as Verifier, jobs, {
        ...shared,
        totalConcurrency: slots,
        chainId: target.chainId,
        ...(proxies && proxies.length > 0 ? { proxies } : {}),
        ...(interruption
          ? {
              onSubmitting: () => {
                if (interruption.signal) throw new InterruptedError(interruption.signal);
              },
            }
          : {}),
        onEvent: (event: VerificationEvent) => {
          if (event.type === "finished")
            finished.set(`${index} ${event.address.toLowerCase()}`, event.result);
          if (event.type === "submitted" && event.guid)
            guids.set(`${index} ${event.address.toLowerCase()}`, event.guid);
          onEvent?.(event);
        },
      });
    }),
  );
  const done = await (interruption
    ? Promise.race([work, interruption.graceOver.then(() => undefined)])
    : work
  ).finally(() => interruption?.dispose());
  const signal = interruption?.signal;
  return {
    batches: batches.map((batch, index) => {
      const records =
        done?.[index] ??
        batch.jobs.map((job) => {
          const key = `${index} ${job.address.toLowerCase()}`;
          const verifier = verifiers[index] as Verifier;
          const record =
            finished.get(key) ?? interruptedRecord(job, verifier, signal as NodeJS.Signals, guids.get(key));
          // Every record names its chain and service, whatever ended the run: a merge keys by them.
          const chainId = batch.target.chainId;
          return { ...record, ...(chainId === undefined ? {} : { chainId }), target: batch.target.service };
        });
      return { ...batch, records };
    }),
    verifiers,
    interruptedBy: signal,
  };
}

/**
 * The engine's settings of a run, with its ledger and its chain opened: what {@link verifyOnTargets} hands every
 * target, and what a run through one given verifier takes.
 *
 * @param engine - the settings, the ledger and the chain
 * @returns the engine's options
 * @throws {InvalidInputError} when the ledger file is not a ledger
 */
export function openedEngineOptions(engine: RunEngine): JobsOptions {
  const { ledger, staleLockMs, rpc, options } = engine;
  const opened =
    typeof ledger === "string"
      ? new Ledger(ledger, staleLockMs === undefined ? {} : { staleLockMs })
      : ledger;
  return {
    ...options,
    ...(opened ? { ledger: engineLedger(opened) } : {}),
    ...(rpc ? { rpc: preflightChain(rpc) } : {}),
    openChain: preflightChain,
  };
}
