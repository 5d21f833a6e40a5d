import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import { groupedBy } from "../kernel/groupedBy.js";
import * as z from "../kernel/zod.js";
import type { VerificationJob } from "../verify/job.js";
import { type BuildInfo, readBuildInfo } from "./buildInfo.js";
import { type CompiledContract, compiledContract } from "./compiledContracts.js";
import { immutableReferencesSchema, linkReferencesSchema } from "./compilerJson.js";
import { createContractJob } from "./contractJob.js";
import { type JournalDeployment, parseIgnitionJournal } from "./ignitionJournal.js";
import {
  chargeFolderBudget,
  confineInnerFile,
  type InnerFileScope,
  maxDeploymentFolderBytes,
  plainFileName,
} from "./innerFile.js";
import { readJsonFile, readTextFile } from "./jsonFile.js";

/** One contract an Ignition deployment put on chain. */
export interface IgnitionDeploymentContract {
  /** Ignition's future id, e.g. `TokenModule#Token`. */
  futureId: string;
  job: VerificationJob;
}

/** What an Ignition deployment folder holds, as jobs. */
export interface IgnitionDeployment {
  /** The chain the deployment ran on, from the journal. */
  chainId: number | undefined;
  contracts: IgnitionDeploymentContract[];
}

/** Where else to look for build output. */
export interface ReadIgnitionDeploymentOptions {
  /**
   * The project's `artifacts` folder. Hardhat 3 copies only the compiler input into the deployment; the output
   * with each contract's metadata (used for the minimal input) is in `artifacts/build-info/<id>.output.json`
   * under the same id.
   */
  artifactsDir?: string;
  /** The input field to report errors on. Default `deployment`. */
  field?: string;
  /**
   * Where the files the deployment's own files point at may also be, once links are followed (the Action's
   * workspace, the project root). They are always allowed inside the folder they were found in: the deployment
   * folder, or `artifactsDir`. See {@link InnerFileScope}.
   */
  root?: string;
}

const deployedAddressesSchema = z.record(z.string(), z.string());

// Hardhat 3 (`hh3-artifact-1`, with `buildInfoId` and `inputSourceName`) and Hardhat 2 (`hh-sol-artifact-1`,
// with a `.dbg.json` beside it naming the build info) artifacts. Other keys are dropped once a file is parsed.
const artifactSchema = z.object({
  contractName: z.string(),
  sourceName: z.string(),
  abi: z.array(z.unknown()),
  bytecode: z.string(),
  deployedBytecode: z.string(),
  linkReferences: z.optional(linkReferencesSchema),
  deployedLinkReferences: z.optional(linkReferencesSchema),
  immutableReferences: z.optional(immutableReferencesSchema),
  inputSourceName: z.optional(z.string()),
  buildInfoId: z.optional(z.string()),
});

const debugFileSchema = z.looseObject({ buildInfo: z.string() });

/**
 * Reads a Hardhat Ignition deployment folder (`ignition/deployments/<id>/`) into jobs: each deployed contract's
 * address (`deployed_addresses.json`), constructor arguments and libraries (`journal.jsonl`), and compiler
 * input (`artifacts/`, `build-info/`).
 *
 * @param deploymentDir - the deployment folder
 * @param options - the project's artifacts folder, for contract metadata
 * @returns the chain id and one job per deployed contract or library, in deployment order
 * @throws {InvalidInputError} when a file is missing or malformed, the journal and artifacts weigh more than
 *   maxDeploymentFolderBytes, a contract's artifact or build info is not in the folder, or an id in a file is not a
 *   plain file name or leads outside the folder
 * @example
 * const { contracts } = await readIgnitionDeployment("ignition/deployments/chain-31337", { artifactsDir: "artifacts" });
 */
export async function readIgnitionDeployment(
  deploymentDir: string,
  options: ReadIgnitionDeploymentOptions = {},
): Promise<IgnitionDeployment> {
  const field = options.field ?? "deployment";
  const { root } = options;
  const scope: InnerFileScope = { folder: deploymentDir, field, root };
  const artifactsScope: InnerFileScope | undefined =
    options.artifactsDir === undefined ? undefined : { folder: options.artifactsDir, field, root };
  const inside = (what: string, name: string) => ({ field, what, path: join(deploymentDir, name) });
  const addressesOrigin = inside("Ignition deployed addresses file", "deployed_addresses.json");
  const journalOrigin = inside("Ignition journal", "journal.jsonl");
  const artifacts = (await readdir(join(deploymentDir, "artifacts"), { withFileTypes: true }).catch(() => []))
    .filter((entry) => !entry.isDirectory())
    .map((entry) => inside("Ignition artifact", join("artifacts", entry.name)));
  // Confined and weighed before any is read: a link out would have its target's first line shown in a parse error,
  // in a log that may be public, and a folder over its budget costs no memory. A missing file is its reader's to name.
  const origins = [addressesOrigin, journalOrigin, ...artifacts].filter((origin) => existsSync(origin.path));
  const budget = { bytesLeft: maxDeploymentFolderBytes, files: "journal and artifact files" };
  await chargeFolderBudget(scope, budget, origins);
  const addresses = await readJsonFile(deployedAddressesSchema, addressesOrigin);
  const journal = parseIgnitionJournal(await readTextFile(journalOrigin), journalOrigin);
  // The artifacts first, so that each build info is read once, keeping only the contracts deployed from it.
  const deployed: Array<{ futureId: string; address: string; found: FoundArtifact } & JournalDeployment> = [];
  for (const deployment of journal.deployments) {
    const address = addresses[deployment.futureId] ?? deployment.address;
    if (address === undefined) {
      throw new InvalidInputError(
        field,
        `The Ignition deployment ${deploymentDir} has no address for ${deployment.futureId} (not in deployed_addresses.json nor in the journal).`,
      );
    }
    deployed.push({ ...deployment, address, found: await deploymentArtifact(scope, deployment.artifactId) });
  }
  const buildInfos = new Map<string, BuildInfo>();
  for (const [id, own] of groupedBy(deployed, ({ found }) => found.buildInfoId)) {
    const names = own.map(({ found }) => found.artifact.contractName);
    buildInfos.set(id, await readDeploymentBuildInfo(scope, id, artifactsScope, names));
  }
  const contracts: IgnitionDeploymentContract[] = [];
  for (const deployment of deployed) {
    const buildInfo = buildInfos.get(deployment.found.buildInfoId);
    if (buildInfo === undefined) throw new Error(`build info ${deployment.found.buildInfoId} was not read`);
    const job = createContractJob(deployedContract(deployment.found.artifact, buildInfo), {
      address: deployment.address,
      field: `${field}["${deployment.futureId}"]`,
      constructorArguments: { values: deployment.constructorArgs },
      libraries: deployment.libraries,
    });
    if (deployment.transactionHash) job.creationTransaction = deployment.transactionHash;
    contracts.push({ futureId: deployment.futureId, job });
  }
  return { chainId: journal.chainId, contracts };
}

/** An artifact of the deployment, and the build it names. */
interface FoundArtifact {
  artifact: z.infer<typeof artifactSchema>;
  buildInfoId: string;
}

async function deploymentArtifact(scope: InnerFileScope, artifactId: string): Promise<FoundArtifact> {
  const artifactPath = join(scope.folder, "artifacts", `${artifactId}.json`);
  const origin = { field: scope.field, what: "Ignition artifact", path: artifactPath };
  await confineInnerFile(scope, artifactPath, origin.what);
  const artifact = await readJsonFile(artifactSchema, origin);
  const buildInfoId =
    artifact.buildInfoId === undefined
      ? await debugFileBuildInfoId(scope, artifactId)
      : plainFileName(
          artifact.buildInfoId,
          scope.field,
          `The Ignition artifact ${artifactPath} gives the build info id`,
        );
  return { artifact, buildInfoId };
}

function deployedContract(artifact: FoundArtifact["artifact"], buildInfo: BuildInfo): CompiledContract {
  const sourceName = artifact.inputSourceName ?? artifact.sourceName;
  return compiledContract(buildInfo, sourceName, artifact.contractName, {
    metadata: buildInfo.output?.contracts?.[sourceName]?.[artifact.contractName]?.metadata,
    abi: artifact.abi,
    evm: {
      bytecode: { object: artifact.bytecode, linkReferences: artifact.linkReferences },
      deployedBytecode: {
        object: artifact.deployedBytecode,
        linkReferences: artifact.deployedLinkReferences,
        immutableReferences: artifact.immutableReferences,
      },
    },
  });
}

// Hardhat 2 names the build info by a path relative to the debug file: only its file name is taken.
async function debugFileBuildInfoId(scope: InnerFileScope, artifactId: string): Promise<string> {
  const path = join(scope.folder, "artifacts", `${artifactId}.dbg.json`);
  const origin = { field: scope.field, what: "Ignition artifact debug file", path };
  await confineInnerFile(scope, path, origin.what);
  const debugFile = await readJsonFile(debugFileSchema, origin);
  return plainFileName(
    basename(debugFile.buildInfo, ".json"),
    scope.field,
    `The Ignition artifact debug file ${path} gives the build info id`,
  );
}

async function readDeploymentBuildInfo(
  scope: InnerFileScope,
  id: string,
  artifactsScope: InnerFileScope | undefined,
  contractNames: readonly string[],
): Promise<BuildInfo> {
  const path = join(scope.folder, "build-info", `${id}.json`);
  const buildInfo = await readBuildInfo(path, scope.field, { scope, contractNames });
  if (buildInfo.output !== undefined || artifactsScope === undefined) return buildInfo;
  const projectBuildInfo = join(artifactsScope.folder, "build-info", `${id}.json`);
  return existsSync(projectBuildInfo)
    ? readBuildInfo(projectBuildInfo, scope.field, { scope: artifactsScope, contractNames })
    : buildInfo;
}
