import type { FindExplorerOptions } from "../../explorers/findExplorerByChainId.js";
import type { Ledger } from "../../ledger/ledger.js";
import type { VerificationJob, VerificationResult } from "../../verify/job.js";
import type { Service, Verifier } from "../../verify/verifier.js";
import { type JobsOptions, verifyJobs } from "../../verify/verifyJobs.js";
import { type ChainPlace, resolveTargets } from "../targets/targets.js";
import type { ChainRpc } from "./preflightChain.js";
import { runTransport } from "./runTransport.js";
import { openedEngineOptions, verifyOnTargets } from "./verifyOnTargets.js";

/** What a script says about where and how to verify: the explorer and keys in its own words, and the engine's settings. */
export interface BatchOptions extends Omit<JobsOptions, "chainId" | "ledger" | "rpc" | "openChain"> {
  /**
   * The target chain (and compiler files): with it, a failed verification is explained by compiling locally
   * against the deployed code.
   */
  rpc?: ChainRpc | undefined;
  /**
   * The ledger (a file path, or an open {@link Ledger}): read before each job, written after every change, so a
   * rerun skips what is verified and polls what is pending instead of submitting again.
   */
  ledger?: string | Ledger | undefined;
  /** The Blockscout explorer, in any usual form. Without it, `chainId` (or each job's chain) finds it. */
  explorerUrl?: string | undefined;
  /** The chain of jobs that name none: finds its explorer when `explorerUrl` is not given, routes a `proapi_` key. */
  chainId?: number | undefined;
  /** Blockscout explorers by chain id, for jobs that name their chain: used instead of the lookup. */
  explorers?: Record<number, string> | undefined;
  /** The Blockscout key: a `proapi_` key goes through the Blockscout API for the chain. */
  apiKey?: string | undefined;
  /** Sent to Blockscout explorers with every request. */
  headers?: Record<string, string> | undefined;
  /** The User-Agent Blockscout explorers get (a browser's passes an explorer whose bot protection refuses tools). */
  userAgent?: string | undefined;
  /** The services to verify on. Default: Blockscout. */
  targets?: readonly Service[] | undefined;
  /** Etherscan's key (one serves every chain), with `etherscan` among the targets. */
  etherscanApiKey?: string | undefined;
  /** Routescan's key, when there is one. */
  routescanApiKey?: string | undefined;
  /** Other API roots than the services' own (mirrors, stand-ins). */
  apiUrls?: Partial<Record<Service, string>> | undefined;
  /** How a chain's explorer is looked up (published list URL, cache, time limit). */
  explorerLookup?: FindExplorerOptions | undefined;
  /** Requests started per second to each service. Default: each service's own. */
  requestsPerSecond?: number | undefined;
  /** The most bytes of an answer read (default 64 MiB). */
  maxResponseBytes?: number | undefined;
  /** Verify through this service alone, as it is: everything above about where is then ignored. */
  verifier?: Verifier | undefined;
}

/**
 * Verifies many contracts from a script: the explorer (and any other service) is resolved from the options as the
 * three doors resolve theirs, then each target's contracts are verified a few at a time, a failure of one never
 * stopping the others. Jobs may name their own chain (`chainId`): each goes to its chain's targets.
 *
 * @param jobs - the contracts
 * @param options - where (explorer URL or chain id, keys, targets) and how (concurrency, deadlines, ledger, events)
 * @returns one record per job and target, each proxy link's record right after its implementation's
 * @throws {InvalidInputError} when a chain names no known explorer, a key is missing, or the ledger file is not a
 *   ledger (before anything is sent)
 * @example
 * const results = await verifyBatch(jobs, { explorerUrl: "https://eth.blockscout.com", concurrency: 8 });
 * const failed = results.filter((r) => !isSuccess(r));
 */
export async function verifyBatch(
  jobs: VerificationJob[],
  options: BatchOptions = {},
): Promise<VerificationResult[]> {
  const { rpc, ledger, verifier, ...rest } = options;
  const engine = { options: rest, ledger, rpc };
  if (verifier) return verifyJobs(verifier, jobs, openedEngineOptions(engine));
  const named = [...new Set(jobs.flatMap((job) => (job.chainId === undefined ? [] : [job.chainId])))];
  const source = named.length > 0 ? "the jobs' chainId" : "the chainId option";
  const chains: ChainPlace[] = (named.length > 0 ? named : [options.chainId]).map((chainId) => ({
    claims: chainId === undefined ? [] : [{ id: chainId, source }],
  }));
  const resolved = await resolveTargets({
    services: options.targets ?? ["blockscout"],
    chains,
    explorerUrl:
      options.explorerUrl && chains.length <= 1
        ? { url: options.explorerUrl, source: "the explorerUrl option" }
        : undefined,
    keys: {
      blockscout: options.apiKey,
      etherscan: options.etherscanApiKey,
      routescan: options.routescanApiKey,
    },
    headers: options.headers,
    userAgent: options.userAgent,
    explorerFor: async (chainId) => {
      const url = options.explorers?.[chainId];
      return url ? { url: { url, source: `explorers[${chainId}]` } } : undefined;
    },
    apiUrls: Object.fromEntries(
      Object.entries(options.apiUrls ?? {}).map(([service, url]) => [
        service,
        { url, source: `apiUrls.${service}` },
      ]),
    ),
    howToNameExplorer: "give its URL as the explorerUrl option, or in the explorers option",
    howToGiveEtherscanKey: "give the etherscanApiKey option",
    howToReachLocalChain: "give its explorer's URL as the explorerUrl option, or in the explorers option",
    ...(options.explorerLookup ? { lookup: options.explorerLookup } : {}),
  });
  const { batches } = await verifyOnTargets({
    jobs,
    targets: resolved,
    engine,
    // The requests' retries and pauses wait on the engine's clock too.
    transport: {
      ...runTransport(options, options.onEvent),
      ...(options.clock ? { clock: options.clock } : {}),
    },
  }).finally(() => resolved.close());
  const byJob = batches.map((batch) => recordsByJob(batch.jobs, batch.records));
  // Job order, each job's records in the order of the targets.
  return jobs.flatMap((job) => byJob.flatMap((records) => records.get(job) ?? []));
}

// Each job's records (its own, then the proxy links that follow it) out of a target's records in job order. A link
// follows the job it belongs with: an implementation's (`proxyAddress`), or a proxy system's (`proxies`), after the
// proxy's own record or its first part's; a link ending the list goes with the last job.
function recordsByJob(
  jobs: readonly VerificationJob[],
  records: readonly VerificationResult[],
): Map<VerificationJob, VerificationResult[]> {
  const byJob = new Map<VerificationJob, VerificationResult[]>();
  let next = 0;
  for (const job of jobs) {
    const own = records.slice(next, next + 1);
    next++;
    while (records[next]?.format === "proxy") own.push(records[next++] as VerificationResult);
    byJob.set(job, own);
  }
  return byJob;
}
