import type { Verifier } from "../verify/verifier.js";
import type { TransportSettings } from "./blockscoutVerifier.js";
import { SharedAcrossChains } from "./sharedAcrossChains.js";
import type { Target } from "./target.js";

/**
 * The verifier of a resolved target: the one place a service's implementation is chosen. Each loads only when a
 * run names its service.
 *
 * @param target - one service for one chain, as the hall resolved it
 * @param settings - the run's pace, answer cap and events
 * @param shared - what the verifiers of the run share across chains (a key's budget, lookups of every chain at
 *   once): one per run; none, the verifier shares nothing
 * @returns the verifier
 * @example
 * const [target] = (await resolveTargets({ ... })).targets;
 * const results = await verifyJobs(await verifierFor(target), jobs);
 */
export async function verifierFor(
  target: Target,
  settings: TransportSettings = {},
  shared: SharedAcrossChains = new SharedAcrossChains(),
): Promise<Verifier> {
  switch (target.service) {
    case "blockscout": {
      const { BlockscoutVerifier } = await import("./blockscoutVerifier.js");
      return new BlockscoutVerifier(target, settings);
    }
    case "etherscan": {
      const { etherscanVerifier } = await import("./etherscanVerifier.js");
      return etherscanVerifier(target, settings, shared);
    }
    case "sourcify": {
      const { SourcifyVerifier } = await import("./sourcifyVerifier.js");
      return new SourcifyVerifier(target, settings, undefined, shared);
    }
    case "routescan": {
      const { routescanVerifier } = await import("./routescanVerifier.js");
      return routescanVerifier(target, settings);
    }
  }
}
