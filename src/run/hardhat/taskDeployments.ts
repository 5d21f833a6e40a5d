import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { InvalidInputError } from "../../errors/index.js";
import { resolveWorkspaceInput } from "../../inputs/workspacePath.js";
import { verificationDefaults } from "../../options/verificationOptions.js";
import type { VerificationJob } from "../../verify/job.js";
import type { ChainClaim } from "../targets/chainAgreement.js";

/** Where a Hardhat project keeps what the task reads. */
export interface ProjectPaths {
  root: string;
  artifacts: string;
  /** The project's `ignition/deployments` folder. */
  ignitionDeployments: string;
}

/** One `--deployment`'s contracts, the chain it records, and its Ignition folder (for its transactions). */
export interface TaskDeployment {
  jobs: VerificationJob[];
  claims: ChainClaim[];
  /** The chain the deployment records, when it records one. */
  chainId?: number | undefined;
  /** The Ignition deployment's folder; unset for a hardhat-deploy or rocketh network folder. */
  ignitionFolder?: string | undefined;
}

/**
 * The deployment a `--deployment` value names: a hardhat-deploy or rocketh network folder (`deployments/sepolia`,
 * from the project root), else an Ignition deployment's ID; read before anything is sent.
 *
 * @param paths - the project's folders
 * @param id - the value as given
 * @returns its jobs and the chain it records
 * @throws {InvalidInputError} for a value that names neither, a deployments folder without its chain file, or a
 *   deployment that cannot be read or verified
 */
export async function taskDeployment(
  paths: ProjectPaths,
  id: string,
  say: (line: string) => void,
): Promise<TaskDeployment> {
  const folder = resolve(paths.root, id);
  const ignitionFolder = join(paths.ignitionDeployments, id);
  const { deploymentFolderKind, namesNoDeployment } = await import("../jobs/deploymentFolder.js");
  if (deploymentFolderKind(folder, id) === "hardhat-deploy") {
    const { hardhatDeployJobs } = await import("../jobs/hardhatDeployJobs.js");
    // A deployment saved without metadata is told and left out; any other that makes no job stops the task.
    const deployment = await hardhatDeployJobs(folder, id, paths.root, (entry) => {
      if (!entry.leftOut) throw entry.error;
      say(`skipped     ${entry.field}: ${entry.error.shortMessage}`);
    });
    return {
      jobs: deployment.contracts.map(({ job }) => job),
      claims: [{ id: deployment.chainId, source: `the deployments folder ${id}` }],
      chainId: deployment.chainId,
    };
  }
  if (!existsSync(ignitionFolder)) {
    const shown = (path: string) => relative(paths.root, path) || ".";
    throw namesNoDeployment(`--deployment ${id}`, shown(ignitionFolder), shown(folder));
  }
  const { ignitionJobs } = await import("../jobs/ignitionJobs.js");
  const { jobs, claims, chainId } = await ignitionJobs(paths.ignitionDeployments, id, paths.artifacts);
  return { jobs, claims, chainId, ignitionFolder };
}

/**
 * The jobs of several deployments (Ignition IDs, hardhat-deploy or rocketh network folders, mixed), each on the chain
 * it records.
 *
 * @param paths - the project's folders
 * @param ids - the `--deployment` values
 * @returns every job with its chain, and one claim per deployment
 * @throws {InvalidInputError} for a value {@link taskDeployment} refuses, or a deployment that does not say its chain
 */
export async function taskDeployments(
  paths: ProjectPaths,
  ids: readonly string[],
  say: (line: string) => void,
): Promise<{ jobs: VerificationJob[]; claims: ChainClaim[] }> {
  const jobs: VerificationJob[] = [];
  const claims: ChainClaim[] = [];
  for (const id of ids) {
    const { chainId, jobs: own, ignitionFolder } = await taskDeployment(paths, id, say);
    if (chainId === undefined)
      throw new InvalidInputError(
        "deployment",
        `Deployment "${id}" does not say its chain (no chain id in its journal, and its folder is not chain-<id>).`,
      );
    claims.push({
      id: chainId,
      source: ignitionFolder ? `deployment "${id}"` : `the deployments folder ${id}`,
    });
    for (const job of own) jobs.push({ ...job, chainId });
  }
  return { jobs, claims };
}

/**
 * The ledger the task uses: `--ledger FILE` (relative to the project), `--ledger none` for none, else the project's
 * default. A run on the embedded local explorer keeps none unless asked: that explorer's own state remembers what it
 * verified.
 *
 * @param root - the project's root
 * @param option - the `--ledger` option
 * @param localExplorer - whether the embedded local explorer serves this run
 * @returns the absolute path, or undefined for no ledger
 * @throws {InvalidInputError} when a link on its way (a committed `.explorer-verify`) leads outside the project
 */
export function taskLedger(
  root: string,
  option: string | undefined,
  localExplorer: boolean,
): string | undefined {
  if (option === "none" || (!option && localExplorer)) return undefined;
  return resolveWorkspaceInput(root, option || verificationDefaults.ledger, "--ledger");
}

/**
 * Whether `--deployment` names deployments each verified on its own chain (found from its chain id), rather than one
 * on the network given: `all`, a list, IDs after it, or no `--network`.
 *
 * @param deployment - `--deployment`
 * @param wordsAfter - whether words follow it (more IDs, taken as ADDRESS by Hardhat)
 * @param networkNamed - whether `--network` was given
 * @returns true for deployments on their own chains
 */
export function onTheirOwnChains(
  deployment: string | undefined,
  wordsAfter: boolean,
  networkNamed: boolean,
): boolean {
  if (!deployment) return false;
  return deployment === "all" || deployment.includes(",") || wordsAfter || !networkNamed;
}
