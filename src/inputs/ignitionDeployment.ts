import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import * as z from "../schemas/zod.js";
import type { VerificationJob } from "../verify/job.js";
import { type BuildInfo, type CompiledContract, qualifiedNames, readBuildInfo } from "./buildInfo.js";
import {
  immutableReferencesSchema,
  linkReferencesSchema,
  metadataText,
  prefixedHex,
} from "./compilerJson.js";
import { createContractJob } from "./contractJob.js";
import { parseIgnitionJournal } from "./ignitionJournal.js";
import { type JsonOrigin, readJsonFile, readTextFile } from "./jsonFile.js";

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
}

const deployedAddressesSchema = z.record(z.string(), z.string());

// Hardhat 3 (`hh3-artifact-1`, with `buildInfoId` and `inputSourceName`) and Hardhat 2 (`hh-sol-artifact-1`,
// with a `.dbg.json` beside it naming the build info) artifacts.
const artifactSchema = z.looseObject({
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
 * @throws {InvalidInputError} when a file is missing or malformed, or a contract's artifact or build info is
 *   not in the folder
 * @example
 * const { contracts } = await readIgnitionDeployment("ignition/deployments/chain-31337", { artifactsDir: "artifacts" });
 */
export async function readIgnitionDeployment(
  deploymentDir: string,
  options: ReadIgnitionDeploymentOptions = {},
): Promise<IgnitionDeployment> {
  const field = options.field ?? "deployment";
  const addresses = await readJsonFile(deployedAddressesSchema, {
    field,
    what: "Ignition deployed addresses file",
    path: join(deploymentDir, "deployed_addresses.json"),
  });
  const journalOrigin: JsonOrigin = {
    field,
    what: "Ignition journal",
    path: join(deploymentDir, "journal.jsonl"),
  };
  const journal = parseIgnitionJournal(await readTextFile(journalOrigin), journalOrigin);
  const buildInfos = new Map<string, Promise<BuildInfo>>();
  const contracts: IgnitionDeploymentContract[] = [];
  for (const deployment of journal.deployments) {
    const address = addresses[deployment.futureId] ?? deployment.address;
    if (address === undefined) {
      throw new InvalidInputError(
        field,
        `The Ignition deployment ${deploymentDir} has no address for ${deployment.futureId} (not in deployed_addresses.json nor in the journal).`,
      );
    }
    const contract = await deployedContract(deploymentDir, deployment.artifactId, field, (id) => {
      let loading = buildInfos.get(id);
      if (loading === undefined) {
        loading = readDeploymentBuildInfo(deploymentDir, id, options.artifactsDir, field);
        buildInfos.set(id, loading);
      }
      return loading;
    });
    const job = createContractJob(contract, {
      address,
      field: `${field}["${deployment.futureId}"]`,
      constructorArguments: { values: deployment.constructorArgs },
      libraries: deployment.libraries,
    });
    contracts.push({ futureId: deployment.futureId, job });
  }
  return { chainId: journal.chainId, contracts };
}

async function deployedContract(
  deploymentDir: string,
  artifactId: string,
  field: string,
  buildInfoById: (id: string) => Promise<BuildInfo>,
): Promise<CompiledContract> {
  const artifactPath = join(deploymentDir, "artifacts", `${artifactId}.json`);
  const artifact = await readJsonFile(artifactSchema, {
    field,
    what: "Ignition artifact",
    path: artifactPath,
  });
  const buildInfoId = artifact.buildInfoId ?? (await debugFileBuildInfoId(deploymentDir, artifactId, field));
  const buildInfo = await buildInfoById(buildInfoId);
  const sourceName = artifact.inputSourceName ?? artifact.sourceName;
  const output = buildInfo.output?.contracts?.[sourceName]?.[artifact.contractName];
  return {
    sourceName,
    contractName: artifact.contractName,
    ...qualifiedNames(buildInfo, sourceName, artifact.contractName),
    input: buildInfo.input,
    compilerVersion: buildInfo.compilerVersion,
    metadata: metadataText(output?.metadata),
    abi: artifact.abi,
    bytecode: prefixedHex(artifact.bytecode),
    deployedBytecode: prefixedHex(artifact.deployedBytecode),
    linkReferences: artifact.linkReferences ?? {},
    deployedLinkReferences: artifact.deployedLinkReferences ?? {},
    immutableReferences: artifact.immutableReferences ?? {},
    buildInfoId: buildInfo.id,
    buildInfoPath: buildInfo.path,
  };
}

async function debugFileBuildInfoId(
  deploymentDir: string,
  artifactId: string,
  field: string,
): Promise<string> {
  const debugFile = await readJsonFile(debugFileSchema, {
    field,
    what: "Ignition artifact debug file",
    path: join(deploymentDir, "artifacts", `${artifactId}.dbg.json`),
  });
  return basename(debugFile.buildInfo, ".json");
}

async function readDeploymentBuildInfo(
  deploymentDir: string,
  id: string,
  artifactsDir: string | undefined,
  field: string,
): Promise<BuildInfo> {
  const buildInfo = await readBuildInfo(join(deploymentDir, "build-info", `${id}.json`), field);
  if (buildInfo.output !== undefined || artifactsDir === undefined) return buildInfo;
  const projectBuildInfo = join(artifactsDir, "build-info", `${id}.json`);
  return existsSync(projectBuildInfo) ? readBuildInfo(projectBuildInfo, field) : buildInfo;
}
