import { InvalidInputError } from "../../errors/index.js";
import type { BadManifestEntry } from "../../inputs/manifest.js";
import { appendAll } from "../../kernel/appendAll.js";
import type { VerificationJob } from "../../verify/job.js";
import type { Service } from "../../verify/verifier.js";
import { type BundleRequest, bundledJobs } from "../jobs/bundledJobs.js";
import type { JobSources } from "../jobs/inputJobs.js";
import type { ProxyAddress, ProxySources } from "../jobs/proxyJobs.js";
import type { JobsRequest } from "../jobs/requestJobs.js";
import type { RunVerifyRequest } from "../runners/runVerify.js";
import type { ChainClaim } from "../targets/chainAgreement.js";

export type { JobsRequest } from "../jobs/requestJobs.js";

/** What a run verifies, as a door names it. */
export type RunWhat =
  /**
   * A bundle file: its contracts and chains, no build; `readsIn`, where its proxies' parts and created contracts are
   * looked for (the Action's build and RPCs).
   */
  | {
      kind: "bundle";
      bundle: BundleRequest;
      readsIn?: { sources: JobSources; workspace: string } | undefined;
    }
  /** The Action's manifest and deployments, read in the workspace. */
  | { kind: "files"; sources: JobSources; workspace: string }
  /** The command line's flags, checked by the CLI: one ADDRESS and its build, deployments, a manifest. */
  | { kind: "flags"; jobs: JobsRequest }
  /** Contracts whose verification one service holds, copied to the others. */
  | { kind: "copy"; from: Service; addresses: readonly string[] };

/** A run's contracts, read: its jobs and what the door's inputs say beside them. */
export interface RunContracts {
  jobs: VerificationJob[];
  /** Entries that could not become jobs: each a failed record of its own. */
  badEntries: BadManifestEntry[];
  /** The chains the deployments and the bundle record. */
  claims: ChainClaim[];
  /** Proxies named without a job of their own. */
  proxies: ProxyAddress[];
}

/**
 * Reads the contracts a door names: every file read and every name checked before this returns.
 *
 * @param what - what the door names
 * @param readsDeadline - when the chain reads must end (a manifest's deployed code, a proxy's kind)
 * @returns the jobs, bad entries, recorded chains and proxies
 * @throws {InvalidInputError} for a mistake in the files, or flags that name no contract
 */
export async function contractsOfRun(
  what: RunWhat,
  readsDeadline?: JobSources["readsDeadline"],
): Promise<RunContracts> {
  const found: RunContracts = { jobs: [], badEntries: [], claims: [], proxies: [] };
  const onBad = (entry: BadManifestEntry) => found.badEntries.push(entry);
  const onChain = (claim: ChainClaim) => found.claims.push(claim);
  const onProxy = (proxy: ProxyAddress) => found.proxies.push(proxy);
  if (what.kind === "bundle") {
    const bundled = await bundledJobs(what.bundle);
    appendAll(found.jobs, bundled.jobs);
    appendAll(found.claims, bundled.claims);
  } else if (what.kind === "files") {
    const { jobsFromInputs } = await import("../jobs/inputJobs.js");
    const sources = { ...what.sources, readsDeadline };
    appendAll(found.jobs, await jobsFromInputs(sources, what.workspace, onBad, onChain, onProxy));
  } else if (what.kind === "flags") {
    const { requestJobs } = await import("../jobs/requestJobs.js");
    appendAll(found.jobs, await requestJobs({ ...what.jobs, readsDeadline }, onBad, onChain, onProxy));
    if (found.jobs.length === 0 && found.badEntries.length === 0 && found.proxies.length === 0)
      throw noContractsIn(what);
  }
  return found;
}

/**
 * Where a run named by files or flags finds what its contracts created (`include-created`) and its proxies' parts.
 *
 * @param what - what the door names
 * @param contracts - the run's contracts, read
 * @param settings - whether to discover created contracts, and to take every proxy as one
 * @returns the discovery and the proxy sources the runner takes
 */
export async function discoveryOfRun(
  what: RunWhat,
  contracts: RunContracts,
  settings: { includeCreated: boolean; includeProxies: boolean },
): Promise<Pick<RunVerifyRequest, "discoverCreated" | "proxies">> {
  const files = what.kind === "bundle" ? what.readsIn : what.kind === "files" ? what : undefined;
  const flags = what.kind === "flags" ? what.jobs : undefined;
  const place = files
    ? { inputs: files.sources, workspace: files.workspace }
    : flags
      ? { inputs: flags, workspace: flags.cwd }
      : undefined;
  if (!place) return {};
  const { proxySources } = await import("../jobs/inputJobs.js");
  // The command line's deployments, else the Action's one deployment input.
  const deployments = flags?.deployments ?? (files?.sources.deployment ? [files.sources.deployment] : []);
  const { artifacts, rpcUrl } = place.inputs;
  const discoverCreated = settings.includeCreated
    ? { deployments, artifacts, rpcUrl, workspace: place.workspace }
    : undefined;
  const proxies: ProxySources = proxySources(place.inputs, place.workspace, {
    addresses: contracts.proxies,
    includeProxies: settings.includeProxies,
  });
  return { discoverCreated, proxies };
}

/**
 * @param what - the run's contracts, as the door named them
 * @returns the refusal of a run whose deployments and manifest hold no contract, naming them
 */
export function noContractsIn(what: RunWhat): InvalidInputError {
  const given = what.kind === "flags" ? [...what.jobs.deployments, what.jobs.manifest ?? []].flat() : [];
  return new InvalidInputError(
    "deployment",
    given.length > 0
      ? `${given.join(", ")} ${given.length === 1 ? "holds" : "hold"} no contracts: give the deployment or manifest that lists them.`
      : "The deployment and manifest given hold no contracts.",
  );
}
