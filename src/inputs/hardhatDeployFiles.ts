import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import * as z from "../kernel/zod.js";
import { linkReferencesSchema } from "./compilerJson.js";
import {
  chargeFolderBudget,
  confineInnerFile,
  type FolderBudget,
  type InnerFileScope,
  maxDeploymentFolderBytes,
} from "./innerFile.js";
import {
  assertAtMost,
  type JsonOrigin,
  parseBoundedJson,
  parseWithSchema,
  readTextFile,
  unreadableFile,
} from "./jsonFile.js";

/** The most deployment files one network folder may hold: a folder with more is not a deployments folder. */
export const maxDeploymentFiles = 5_000;
/** The largest deployment file read: bytecode, ABI and metadata of one contract stay far below it. */
export const maxDeploymentFileBytes = 32_000_000;

/**
 * One file of a hardhat-deploy (1.x, `deployments/<network>/<Name>.json`) or rocketh (hardhat-deploy 2.x) deployments
 * folder, as far as verifying reads it (deploy-tools.md §1.2, §2.3). Every other key is left alone.
 */
export const deploymentFileSchema = z.looseObject({
  address: z.string(),
  abi: z.array(z.unknown()),
  /** hardhat-deploy 1.x: the constructor's values, decoded and made JSON (big numbers as decimal strings). */
  args: z.optional(z.array(z.unknown())),
  /** rocketh: the constructor's arguments, ABI-encoded. */
  argsData: z.optional(z.string()),
  metadata: z.optional(z.string()),
  solcInputHash: z.optional(z.string()),
  libraries: z.optional(z.record(z.string(), z.string())),
  linkReferences: z.optional(linkReferencesSchema),
  /** hardhat-deploy 1.x, on a proxied `<Name>`: its implementation now. */
  implementation: z.optional(z.string()),
  /** A diamond's `<Name>`: its facets now. */
  facets: z.optional(z.array(z.looseObject({ facetAddress: z.string() }))),
  transactionHash: z.optional(z.string()),
  transaction: z.optional(z.looseObject({ hash: z.string() })),
  receipt: z.optional(z.looseObject({ transactionHash: z.optional(z.string()) })),
});

/** One deployment file, parsed. */
export type DeploymentFile = z.infer<typeof deploymentFileSchema>;

/** A deployments folder of one network, read: its chain and its files by deployment name. */
export interface DeploymentFiles {
  chainId: number;
  /** Deployment name (the file name without `.json`) → file, sorted by name. */
  files: Map<string, DeploymentFile>;
  /** What of the folder's byte budget is left for its solcInputs files. */
  budget: FolderBudget;
}

const chainFileSchema = z.looseObject({ chainId: z.union([z.string(), z.number()]) });

/**
 * Whether a folder is one network's folder of a hardhat-deploy or rocketh deployments folder: it records its chain in
 * `.chain` (rocketh) or `.chainId` (hardhat-deploy 1.x).
 *
 * @param path - the folder
 * @returns true when either file is there
 */
export function isHardhatDeployFolder(path: string): boolean {
  return existsSync(join(path, ".chain")) || existsSync(join(path, ".chainId"));
}

/**
 * Reads one network's folder of a hardhat-deploy or rocketh deployments folder (`deployments/<network>/`): its chain
 * (`.chain`, else `.chainId`) and every `<Name>.json` in it (not `solcInputs/`, not names starting with `.`). The
 * folder comes from anyone who can push: each file must stay inside it once links are followed, be at most
 * {@link maxDeploymentFileBytes} (all together at most {@link maxDeploymentFolderBytes}), nest no deeper than JSON
 * readers take, and have a deployment's shape. What verifying never reads (`bytecode`, `deployedBytecode`,
 * `storageLayout`) is dropped once a file is parsed.
 *
 * @param folder - the network's folder
 * @param scope - the field errors are reported on, and the root files may also lie in
 * @returns the chain id and the files
 * @throws {InvalidInputError} for a folder without a chain file, a malformed chain file, too many files or bytes, or
 *   a file that is too large, leads outside, is not JSON or not a deployment
 */
export async function readDeploymentFiles(
  folder: string,
  scope: Omit<InnerFileScope, "folder">,
): Promise<DeploymentFiles> {
  const inner: InnerFileScope = { ...scope, folder };
  const chainId = await readChainId(inner);
  const entries = await readdir(folder, { withFileTypes: true }).catch((cause: unknown) => {
    throw unreadableFile({ field: scope.field, what: "deployments folder", path: folder }, cause);
  });
  const names = entries
    .filter((entry) => !entry.isDirectory() && entry.name.endsWith(".json") && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
  if (names.length > maxDeploymentFiles) {
    throw new InvalidInputError(
      scope.field,
      `The deployments folder ${folder} holds ${names.length} files, more than the ${maxDeploymentFiles} this reader takes.`,
    );
  }
  const origins = names.map(
    (name): JsonOrigin => ({ field: scope.field, what: "deployment file", path: join(folder, name) }),
  );
  const budget = { bytesLeft: maxDeploymentFolderBytes, files: "deployment and solcInputs files" };
  await chargeFolderBudget(inner, budget, origins, maxDeploymentFileBytes);
  const files = new Map<string, DeploymentFile>();
  // What verifying never reads is dropped once a file is parsed: a folder of large files then weighs its metadata.
  for (const origin of origins) {
    const parsed = parseWithSchema(
      parseBoundedJson(await readTextFile(origin), origin),
      deploymentFileSchema,
      origin,
    );
    const { bytecode: _b, deployedBytecode: _d, storageLayout: _s, ...kept } = parsed;
    files.set(basename(origin.path, ".json"), kept);
  }
  return { chainId, files, budget };
}

async function readChainId(scope: InnerFileScope): Promise<number> {
  const chainPath = join(scope.folder, ".chain");
  const legacyPath = join(scope.folder, ".chainId");
  const path = existsSync(chainPath) ? chainPath : existsSync(legacyPath) ? legacyPath : undefined;
  if (path === undefined) {
    throw new InvalidInputError(
      scope.field,
      `${scope.folder} is not a hardhat-deploy or rocketh deployments folder: it has neither .chain nor .chainId (give the network's folder, e.g. deployments/sepolia).`,
    );
  }
  const origin: JsonOrigin = { field: scope.field, what: "chain file", path };
  await confineInnerFile(scope, path, "chain file");
  await assertAtMost(origin, 4_096);
  const text = (await readTextFile(origin, 4_096)).trim();
  const given =
    path === chainPath
      ? parseWithSchema(parseBoundedJson(text, origin), chainFileSchema, origin).chainId
      : text;
  const chainId = /^\d+$/.test(String(given)) ? Number(given) : Number.NaN;
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidInputError(
      scope.field,
      `The chain file ${path} gives the chain id ${JSON.stringify(String(given).slice(0, 40))}, which is not a positive whole number.`,
    );
  }
  return chainId;
}
