import { resolve } from "node:path";
import { ChainError, isDeadlineReached } from "../../errors/index.js";
import { readBuildInfos } from "../../inputs/buildInfo.js";
import type { FoundryConfig } from "../../inputs/foundryConfig.js";
import type { BadManifestEntry } from "../../inputs/manifest.js";
import { splitContractName } from "../../inputs/sourceNames.js";
import { appendAll } from "../../kernel/appendAll.js";
import type { RequestedFormat } from "../../options/verificationOptions.js";
import type { VerificationJob } from "../../verify/job.js";
import type { ChainClaim } from "../targets/chainAgreement.js";
import { unreadChain } from "../targets/targets.js";
import type { JobSources } from "./inputJobs.js";
import { libraryList } from "./libraryList.js";
import type { ProxyAddress } from "./proxyJobs.js";

/** What names a run's contracts, as the command line gives it. */
export interface JobsRequest {
  address: string | undefined;
  constructorArgs: string[];
  contract: string | undefined;
  /** Hardhat artifacts or Foundry out/, relative to `cwd`. */
  artifacts: string;
  rpcUrl: string | undefined;
  constructorArgsHex: string | undefined;
  /** `--creation-tx-hash`: the ADDRESS's creation transaction. */
  creationTransaction?: string | undefined;
  /** Each `--libraries` value: forge's `path:Name:0x…`, JSON, or a JSON file. */
  libraries: string[];
  format: RequestedFormat;
  proxy: boolean;
  deployments: string[];
  manifest: string | undefined;
  standardJson: string | undefined;
  compilerVersion: string | undefined;
  cwd: string;
  /** The project's foundry.toml, when it has one: its profile's `libraries` count under `--libraries`. */
  foundry?: FoundryConfig | undefined;
  /** When the run's chain reads must end (a manifest's deployed code among them). */
  readsDeadline?: JobSources["readsDeadline"];
}

/**
 * A request's jobs: the manifest's entries and the deployments' contracts (`jobsFromInputs`), then one ADDRESS from
 * the build (Hardhat artifacts or Foundry out/) or from a standard JSON input. Every file is read and every name
 * checked before this returns.
 *
 * @param onBadEntry - told of a manifest entry (or a deployment's contract) that cannot become a job; the others go on
 * @param onChain - told of each deployment's recorded chain, with the deployment it comes from
 * @param onProxy - told of a proxy whose own code is not in the build: it makes no job, its parts may
 * @throws {InvalidInputError} for a mistake in the request or the files
 */
export async function requestJobs(
  request: JobsRequest,
  onBadEntry?: (entry: BadManifestEntry) => void,
  onChain?: (claim: ChainClaim) => void,
  onProxy?: (proxy: ProxyAddress) => void,
): Promise<VerificationJob[]> {
  const jobs: VerificationJob[] = [];
  if (request.manifest || request.deployments.length > 0) {
    // Loaded only for these: a single ADDRESS reaches its first request without the file readers.
    const { jobsFromInputs } = await import("./inputJobs.js");
    if (request.manifest) {
      const manifest = { ...request, contracts: request.manifest, deployment: undefined };
      appendAll(jobs, await jobsFromInputs(manifest, request.cwd, onBadEntry, onChain, onProxy));
    }
    for (const deployment of request.deployments) {
      const inputs = { ...request, contracts: undefined, deployment, deploymentName: "--deployment" };
      appendAll(jobs, await jobsFromInputs(inputs, request.cwd, onBadEntry, onChain));
    }
  }
  if (request.address) appendAll(jobs, await jobsOfAddress(request.address, request, onProxy));
  return jobs;
}

async function jobsOfAddress(
  address: string,
  request: JobsRequest,
  onProxy: ((proxy: ProxyAddress) => void) | undefined,
): Promise<VerificationJob[]> {
  const { cwd, artifacts, standardJson } = request;
  const libraries = await libraryList(request.libraries, cwd, "--libraries");
  const { addressJobs, chainAt } = await import("./addressJobs.js");
  const deadline = request.readsDeadline;
  const found = await addressJobs({
    address,
    creationTransaction: request.creationTransaction,
    // Only the contract named is read: a build without build info is rebuilt from its artifacts one by one.
    build: (name) =>
      readBuildInfos(resolve(cwd, artifacts), "--artifacts", {
        root: cwd,
        ...(name ? { contractNames: [splitContractName(name).contractName] } : {}),
      }),
    chain: request.rpcUrl ? chainAt(request.rpcUrl, deadline?.endsAt) : undefined,
    contract: request.contract,
    constructorArguments:
      request.constructorArgsHex === undefined
        ? { words: request.constructorArgs }
        : { hex: request.constructorArgsHex },
    libraries,
    // foundry.toml's libraries are the whole project's: each contract takes those it links, under --libraries.
    projectLibraries: await libraryList(request.foundry?.libraries ?? [], cwd, "libraries (foundry.toml)"),
    format: request.format,
    proxy: request.proxy,
    given: standardJson
      ? () =>
          import("./standardJsonJob.js").then(({ standardJsonJob }) =>
            standardJsonJob({
              ...request,
              address,
              path: standardJson,
              constructorWords: request.constructorArgs,
              libraries,
            }),
          )
      : undefined,
    naming: {
      chain: "the chain of --rpc-url",
      build: `in ${artifacts}`,
      check: "--contract and --rpc-url",
      inference: {
        contract: "--contract",
        build: `that ${artifacts} holds the build the contract was deployed from (--artifacts)`,
      },
    },
  }).catch((error: unknown) => {
    // A chain unread before any job is refused as the chain id's read refuses it (at the run's deadline too).
    if (!(error instanceof ChainError) && !isDeadlineReached(error)) throw error;
    throw unreadChain(
      error,
      { what: `the contract at ${address}`, method: "eth_getCode", source: "--rpc-url" },
      deadline,
    );
  });
  for (const proxy of found.proxies) onProxy?.(proxy);
  return found.jobs;
}
