import { ExplorerClient, type ExplorerClientOptions } from "../client/explorerClient.js";
import type { ExplorerChoice, FindExplorerOptions } from "../explorers/findExplorerByChainId.js";
import { proxyLinkHash } from "../ledger/inputHash.js";
import { Ledger } from "../ledger/ledger.js";
import { verifyWithLedger } from "../ledger/verifyWithLedger.js";
import { defaultTimeoutMs } from "../options/verificationOptions.js";
import {
  type ConcurrencyControl,
  type ConcurrencySetting,
  concurrencyControl,
} from "./adaptiveConcurrency.js";
import { BatchMemory } from "./batchMemory.js";
import { Deadline } from "./deadline.js";
import type { VerificationEvent } from "./events.js";
import type { VerificationJob, VerificationResult, VerificationTarget } from "./job.js";
import { linkProxy } from "./linkProxy.js";
import { inTargetPool } from "./targetPool.js";
import type { Verifier, VerifierKind } from "./verifier.js";
import { type EngineOptions, verifyContract } from "./verifyContract.js";
import { WorkSlots } from "./workSlots.js";

export interface BatchOptions extends EngineOptions {
  /** The explorer, in any usual form. Without it, `chainId` names it (see {@link findExplorerByChainId}). */
  explorerUrl?: string | undefined;
  /** The chain: finds its explorer when `explorerUrl` is not given, and routes a `proapi_` key. */
  chainId?: number | undefined;
  /**
   * Explorers by chain id, for jobs whose `target` names a chain and no explorer (and for `chainId`): used instead
   * of the lookup.
   */
  explorers?: Record<number, string> | undefined;
  apiKey?: string | undefined;
  /** Custom request headers, the Blockscout API setting and root: as {@link ExplorerClientOptions}. */
  headers?: ExplorerClientOptions["headers"];
  blockscoutApi?: boolean | undefined;
  blockscoutApiUrl?: string | undefined;
  /** The most bytes of an explorer's answer read (default 64 MiB): as {@link ExplorerClientOptions}. */
  maxResponseBytes?: number | undefined;
  /** How the explorer is looked up by chain id (published list URL, cache, time limit). */
  explorerLookup?: FindExplorerOptions;
  /**
   * Contracts worked on at once on one explorer. Default `auto`: chosen from the explorer's stated quota and the
   * 429s it answers, at most 16.
   */
  concurrency?: ConcurrencySetting;
  /**
   * Contracts worked on at once over every explorer of the batch: a number, or {@link WorkSlots} shared with other
   * batches running at the same time (a run over several targets holds them all under one limit). Default: no limit
   * beyond each explorer's.
   */
  totalConcurrency?: number | WorkSlots;
  /** Requests started per second to each explorer, shared by every job on it. Default 10. */
  requestsPerSecond?: number;
  /** Use this verifier for jobs without a `target` of their own (tests, custom transports, other services). */
  client?: Verifier;
  /**
   * The ledger (a file path, or an open {@link Ledger}): read before each job, written after every change, so a
   * rerun skips what is verified and polls what is pending instead of submitting again.
   */
  ledger?: string | Ledger | undefined;
  /** With a ledger: ask the explorer even about contracts it records verified. */
  recheck?: boolean | undefined;
}

/** An engine event of a batch over several chains carries the chain it is about. */
export type ChainTaggedEvent = VerificationEvent & { chainId?: number };

/**
 * Verifies many contracts, on one explorer or on several (jobs may name their own `target`): a few at a time per
 * explorer and overall, one rate limiter per explorer, and a failure of one job never stops the others. Proxy
 * links run after all contracts, so a proxy verified in the same batch is ready for its link. With a ledger, what
 * it records verified is not asked again and pending guids are polled, never submitted again.
 *
 * @param jobs - the contracts
 * @param options - explorers, key, concurrency, deadlines, ledger, events
 * @returns one record per job in job order, each proxy link's record right after its implementation's
 * @throws InvalidInputError when a chain id names no known explorer, or the ledger file is not a ledger (before
 *   anything is sent)
 * @example
 * const results = await verifyBatch(jobs, { explorerUrl: "https://eth.blockscout.com", concurrency: 8 });
 * const failed = results.filter((r) => !isSuccess(r));
 */
export async function verifyBatch(
  jobs: VerificationJob[],
  options: BatchOptions,
): Promise<VerificationResult[]> {
  const ledger = typeof options.ledger === "string" ? new Ledger(options.ledger) : options.ledger;
  const targets = await resolveTargets(jobs, options);
  const slots =
    options.totalConcurrency instanceof WorkSlots
      ? options.totalConcurrency
      : new WorkSlots(options.totalConcurrency ?? Number.POSITIVE_INFINITY);
  const targetOf = (index: number): ResolvedTarget =>
    targets.get(targetKey(jobs[index] as VerificationJob)) as ResolvedTarget;
  const groupOf = (_: VerificationJob, index: number): string => targetOf(index).client.urls.base;
  const clientOfGroup = new Map(
    [...targets.values()].map((target) => [target.client.urls.base, target.client]),
  );
  // One control per explorer and pool: the links' jobs are not the verifications' jobs.
  const limits = (): { slots: WorkSlots; controlFor: (group: string) => ConcurrencyControl } => ({
    slots,
    controlFor: (group) =>
      concurrencyControl(options.concurrency ?? "auto", () =>
        (clientOfGroup.get(group) as Verifier).quotaReading(),
      ),
  });
  // What the batch learns of each explorer (when verdicts come, whether pre-checks find anything) spares requests.
  const memory = new BatchMemory();

  const chains = new Set([...targets.values()].map((target) => target.chainId));
  // Events of a batch over several chains say which chain they are about (the same address may be on each).
  const optionsFor = (job: VerificationJob, chainId: number | undefined): BatchOptions => {
    const onEvent = options.onEvent;
    const tagged =
      chains.size > 1 && onEvent && chainId !== undefined
        ? { onEvent: (event: VerificationEvent) => onEvent({ ...event, chainId } as ChainTaggedEvent) }
        : {};
    return { memory, ...options, ...(job.target?.rpc ? { rpc: job.target.rpc } : {}), ...tagged };
  };

  const results = await inTargetPool(jobs, groupOf, limits(), async (job, index) => {
    const { client, chainId } = targetOf(index);
    const jobOptions = optionsFor(job, chainId);
    const result = ledger
      ? await verifyWithLedger(client, job, jobOptions, { ledger, recheck: options.recheck, chainId })
      : await verifyContract(client, job, jobOptions);
    return stamped(result, chainId, client.kind);
  });
  const links = await inTargetPool(jobs, groupOf, limits(), async (job, index) => {
    const implementation = results[index];
    const proxyAddress = job.proxyAddress;
    if (!proxyAddress || !implementation) return undefined;
    const { client, chainId } = targetOf(index);
    const linkOptions = optionsFor(job, chainId);
    if (implementation.status !== "verified" && implementation.status !== "already-verified") {
      const notAwaited = implementation.status === "pending";
      const notLinked: VerificationResult = {
        address: proxyAddress,
        contract: `proxy of ${implementation.contract}`,
        explorer: implementation.explorer,
        format: "proxy",
        // Without waiting, the implementation's verdict is not known yet: nothing failed.
        status: notAwaited ? "pending" : "failed",
        url: client.codeUrl(proxyAddress),
        attempts: 0,
        durationMs: 0,
        ...(notAwaited ? {} : { error: { code: "verification_failed" as const } }),
        message: notAwaited
          ? "Not linked yet: the implementation's verdict was not awaited. Link them with another run once it is verified."
          : "Not linked: the implementation is not verified.",
      };
      return stamped(notLinked, chainId, client.kind);
    }
    const linkHash = proxyLinkHash(implementation.address);
    const recorded = ledger?.entry(client.ledgerKey ?? client.urls.base, proxyAddress, "proxy");
    if (recorded?.status === "verified" && recorded.inputHash === linkHash && !options.recheck) {
      const linked: VerificationResult = {
        address: proxyAddress,
        contract: `proxy of ${implementation.contract}`,
        explorer: client.urls.base,
        format: "proxy",
        status: "already-verified",
        url: client.codeUrl(proxyAddress),
        attempts: 0,
        durationMs: 0,
        message:
          "The ledger records it linked to this implementation; the explorer was not asked (recheck asks it).",
      };
      options.onEvent?.({
        type: "finished",
        address: proxyAddress,
        contract: linked.contract,
        result: linked,
      });
      return stamped(linked, chainId, client.kind);
    }
    const timeoutMs = job.timeoutMs ?? options.timeoutMs;
    // The link's requests answer to its deadline too (rate-limit waits, request time limits).
    const link = await new Deadline(timeoutMs ?? defaultTimeoutMs).run(() =>
      linkProxy(client, proxyAddress, implementation, {
        ...(timeoutMs ? { timeoutMs } : {}),
        ...(options.polling ? { polling: options.polling } : {}),
        ...(linkOptions.onEvent ? { onEvent: linkOptions.onEvent } : {}),
      }),
    );
    ledger?.record({
      explorer: client.ledgerKey ?? client.urls.base,
      address: proxyAddress,
      ...(chainId === undefined ? {} : { chainId }),
      contract: link.contract,
      format: "proxy",
      inputHash: linkHash,
      status: link.status === "already-verified" ? "verified" : link.status,
      ...(link.guid ? { guid: link.guid } : {}),
      url: link.url,
    });
    return stamped(link, chainId, client.kind);
  });
  return results.flatMap((result, index) => {
    const link = links[index];
    return link ? [result, link] : [result];
  });
}

interface ResolvedTarget {
  client: Verifier;
  chainId: number | undefined;
}

function targetKey(job: VerificationJob): string {
  const target = job.target;
  if (!target || (target.explorerUrl === undefined && target.chainId === undefined)) return "batch";
  return `${target.explorerUrl ?? ""} ${target.chainId ?? ""}`;
}

// Every target's explorer is found before any job starts: a chain no one knows is an input error, not a failed job.
async function resolveTargets(
  jobs: VerificationJob[],
  options: BatchOptions,
): Promise<Map<string, ResolvedTarget>> {
  const targets = new Map<string, ResolvedTarget>();
  const clientsByExplorer = new Map<string, ExplorerClient>();
  for (const job of jobs) {
    const key = targetKey(job);
    if (targets.has(key)) continue;
    const target: VerificationTarget =
      key === "batch" ? { explorerUrl: options.explorerUrl, chainId: options.chainId } : (job.target ?? {});
    if (key === "batch" && options.client) {
      targets.set(key, { client: options.client, chainId: options.chainId });
      continue;
    }
    const chainId = target.chainId;
    const explorerUrl =
      target.explorerUrl ??
      (chainId === undefined ? undefined : options.explorers?.[chainId]) ??
      (chainId === undefined
        ? undefined
        : (
            await findExplorerByChainId(chainId, {
              howToNameExplorer:
                key === "batch"
                  ? "give its URL as the explorerUrl option"
                  : "give its URL in the job's target or in the explorers option",
              ...options.explorerLookup,
            })
          ).explorerUrl);
    const explorerKey = `${explorerUrl ?? ""} ${chainId ?? ""}`;
    const client =
      clientsByExplorer.get(explorerKey) ??
      new ExplorerClient({
        explorerUrl,
        chainId,
        apiKey: target.apiKey ?? options.apiKey,
        headers: target.headers ?? options.headers,
        blockscoutApi: options.blockscoutApi,
        blockscoutApiUrl: options.blockscoutApiUrl,
        ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
        ...(options.requestsPerSecond === undefined ? {} : { requestsPerSecond: options.requestsPerSecond }),
        onEvent: (event) => options.onEvent?.({ type: "transport", event }),
      });
    clientsByExplorer.set(explorerKey, client);
    targets.set(key, { client, chainId });
  }
  return targets;
}

// Every record says where it was verified: the service, and the chain when known.
function stamped(
  result: VerificationResult,
  chainId: number | undefined,
  target: VerifierKind,
): VerificationResult {
  return {
    ...result,
    ...(chainId === undefined || result.chainId !== undefined ? {} : { chainId }),
    target,
  };
}

// Loaded only when a chain's explorer must be looked up: a batch whose explorers are named never loads the
// published list's reader before its first request.
async function findExplorerByChainId(chainId: number, options: FindExplorerOptions): Promise<ExplorerChoice> {
  const lookup = await import("../explorers/findExplorerByChainId.js");
  return lookup.findExplorerByChainId(chainId, options);
}
