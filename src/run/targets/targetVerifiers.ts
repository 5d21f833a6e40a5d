import type { TransportSettings } from "../../verifiers/serviceTransports.js";
import type { Target } from "../../verifiers/target.js";
import type { VerificationJob } from "../../verify/job.js";
import type { Service, Verifier } from "../../verify/verifier.js";

/**
 * One verifier per target, sharing a key's budget and a service's answers about every chain: all are made before any
 * is used, so that each knows the others it shares with (Sourcify's chains) before a lookup.
 *
 * @param shard - in a shard of a plan: its share of each service's stated budget and of each split explorer's rate;
 *   unset, the whole
 * @returns the verifiers, in the targets' order
 */
export async function targetVerifiers(
  targets: readonly Target[],
  transport: TransportSettings,
  shard?: {
    shard: { budgetShares: Partial<Record<Service, number>> };
    paceOf: (target: Target) => number | undefined;
  },
): Promise<Verifier[]> {
  const [{ verifierFor }, { SharedAcrossChains }] = await Promise.all([
    import("../../verifiers/verifierFor.js"),
    import("../../verifiers/sharedAcrossChains.js"),
  ]);
  const shared = new SharedAcrossChains(shard?.shard.budgetShares);
  return Promise.all(
    targets.map((target) => {
      const pace = shard?.paceOf(target);
      return verifierFor(
        target,
        pace === undefined ? transport : { ...transport, requestsPerSecond: pace },
        shared,
      );
    }),
  );
}

/**
 * A target's jobs: those of its chain; in a run on one chain, every job.
 *
 * @param target - the target
 * @param jobs - the run's jobs
 * @param chainIds - the run's chains
 * @returns the jobs it verifies
 */
export function jobsOn(
  target: Target,
  jobs: readonly VerificationJob[],
  chainIds: readonly (number | undefined)[],
): VerificationJob[] {
  if (chainIds.length <= 1) return [...jobs];
  return jobs.filter((job) => job.chainId === target.chainId);
}
