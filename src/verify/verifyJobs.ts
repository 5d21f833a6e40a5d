import { type ConcurrencySetting, concurrencyControl } from "./adaptiveConcurrency.js";
import { BatchMemory } from "./batchMemory.js";
import type { VerificationEventListener } from "./events.js";
import { isSuccess, type VerificationJob, type VerificationResult } from "./job.js";
import { serviceRecord } from "./jobRecord.js";
import { linkProxy, unverifiedPartLink } from "./linkProxy.js";
import type { PreflightOptions } from "./preflight.js";
import { linkProxySystem, type ProxySystem, type SystemLink, withSystems } from "./proxySystems.js";
import { inTargetPool } from "./targetPool.js";
import type { VerificationLedger } from "./verificationLedger.js";
import { serviceTitles, type Verifier } from "./verifier.js";
import { type EngineOptions, verifyContract } from "./verifyContract.js";
import { WorkSlots } from "./workSlots.js";

/** How the engine works through the jobs of one target. */
export interface JobsOptions extends EngineOptions {
  /** The chain: stamped on every record and ledger entry. */
  chainId?: number | undefined;
  /**
   * Contracts worked on at once. Default `auto`: chosen from the service's stated quota and the 429s it answers, at
   * most 16.
   */
  concurrency?: ConcurrencySetting;
  /**
   * Contracts worked on at once over this and other targets: a number, or {@link WorkSlots} shared with the pools of
   * other targets running at the same time. Default: no limit beyond `concurrency`.
   */
  totalConcurrency?: number | WorkSlots;
  /**
   * The ledger, opened by the hall: read before each job, written after every change, so a rerun skips what is
   * verified and polls what is pending instead of submitting again.
   */
  ledger?: VerificationLedger | undefined;
  /**
   * Opens the chain of a job that names its own (`rpc`), for preflight and failure explanations: the hall's. Without
   * it, such a job uses the run's `rpc`.
   */
  openChain?: ((rpc: NonNullable<VerificationJob["rpc"]>) => PreflightOptions) | undefined;
  /** With a ledger: ask the service even about contracts it records verified. */
  recheck?: boolean | undefined;
  /**
   * Proxies whose systems the jobs verify (their implementations, beacon, facets, admin): each is linked after
   * every contract, where the service can, and its records are kept together.
   */
  proxies?: readonly ProxySystem[] | undefined;
}

/**
 * Verifies many contracts on one service: a few at a time, every request under the service's rate limiter, and a
 * failure of one job never stops the others. Proxy links run after all contracts, all at once, so a proxy verified in
 * the same run is ready for its link; a service with no proxy link says so once per proxy, in a notice. With a ledger, what
 * it records verified is not asked again and pending receipts are polled, never submitted again.
 *
 * @returns one record per job in job order, each proxy link's record right after its implementation's
 */
export async function verifyJobs(
  verifier: Verifier,
  jobs: VerificationJob[],
  options: JobsOptions = {},
): Promise<VerificationResult[]> {
  const { ledger, chainId } = options;
  const slots =
    options.totalConcurrency instanceof WorkSlots
      ? options.totalConcurrency
      : new WorkSlots(options.totalConcurrency ?? Number.POSITIVE_INFINITY);
  // One control per pool: the links' jobs are not the verifications' jobs.
  const limits = () => ({
    slots,
    controlFor: () =>
      concurrencyControl(options.concurrency ?? "auto", () => verifier.quota(), options.clock),
    clock: options.clock,
  });
  // What the batch learns of the service (when verdicts come, whether pre-checks find anything) spares requests.
  const memory = new BatchMemory();
  const optionsFor = (job: VerificationJob): EngineOptions => ({
    memory,
    ...options,
    ...(job.rpc && options.openChain ? { rpc: options.openChain(job.rpc) } : {}),
  });
  const stamped = (result: VerificationResult): VerificationResult => ({
    ...result,
    ...(chainId === undefined || result.chainId !== undefined ? {} : { chainId }),
    target: verifier.service,
  });

  const results = await inTargetPool(jobs, limits(), async (job) =>
    stamped(
      ledger
        ? await ledger.verify(verifier, job, optionsFor(job), options)
        : await verifyContract(verifier, job, optionsFor(job)),
    ),
  );
  const linkOfJob = async (job: VerificationJob, index: number): Promise<VerificationResult | undefined> => {
    const implementation = results[index];
    const proxyAddress = job.proxyAddress;
    if (!proxyAddress || !implementation) return undefined;
    if (!verifier.capabilities.proxyLink) {
      options.onEvent?.({
        type: "notice",
        address: proxyAddress,
        contract: implementation.contract,
        message: `${serviceTitles[verifier.service]} has no proxy link: the proxy and its implementation are verified each as a contract.`,
      });
      return undefined;
    }
    const contract = `proxy of ${implementation.contract}`;
    const unsent = (fields: Parameters<typeof serviceRecord>[3], onEvent?: VerificationEventListener) =>
      stamped(serviceRecord(verifier, proxyAddress, contract, fields, onEvent));
    // Without waiting, the implementation's verdict is not known yet: nothing failed.
    if (implementation.status === "pending") {
      const message =
        "Not linked yet: the implementation's verdict was not awaited. Link them with another run once it is verified.";
      return unsent({ status: "pending", message });
    }
    if (!isSuccess(implementation)) {
      const blocked = unverifiedPartLink(implementation, "implementation");
      return unsent({ status: "failed", error: { code: blocked.code }, message: blocked.message });
    }
    const implementations = [implementation.address];
    if (ledger?.recordsLink(verifier, proxyAddress, implementations) && !options.recheck) {
      const message =
        "The ledger records it linked to this implementation; the explorer was not asked (recheck asks it).";
      return unsent({ status: "already-verified", message }, options.onEvent);
    }
    const link = await linkProxy(verifier, proxyAddress, implementation, {
      ...options,
      // Unset or 0: the link has the default deadline.
      timeoutMs: (job.timeoutMs ?? options.timeoutMs) || undefined,
      proxyRecord: results.find((result) => result.address.toLowerCase() === proxyAddress.toLowerCase()),
    });
    ledger?.recordLink(verifier, { address: proxyAddress, implementations, result: link }, options);
    return stamped(link);
  };
  const systems = options.proxies ?? [];
  const byAddress = new Map(results.map((result) => [result.address.toLowerCase(), result]));
  const linkOfSystem = async (system: ProxySystem): Promise<SystemLink> => {
    const linked = await linkProxySystem(
      verifier,
      system,
      (address) => byAddress.get(address.toLowerCase()),
      options,
    );
    return linked.link ? { ...linked, link: stamped(linked.link) } : linked;
  };
  // Every proxy is linked at once, in one pool under the explorer's concurrency: those the jobs name and those read
  // from the chain alike, none waiting for another's polls.
  const links: Array<VerificationResult | undefined> = [];
  const systemLinks: SystemLink[] = [];
  const linkWork = [
    ...jobs.map((job, index) => ({ job, index })),
    ...systems.map((system, index) => ({ system, index })),
  ];
  await inTargetPool(linkWork, limits(), async (work) => {
    if ("system" in work) systemLinks[work.index] = await linkOfSystem(work.system);
    else links[work.index] = await linkOfJob(work.job, work.index);
  });
  const perJob = results.map((result, index) => (links[index] ? [result, links[index]] : [result]));
  return withSystems(perJob, systems, systemLinks);
}
