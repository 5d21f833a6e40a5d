import { existsSync } from "node:fs";
import { join } from "node:path";
import { keccak256, stringToBytes } from "viem";
import { InvalidInputError } from "../errors/index.js";
import { type CompilerMetadata, compilerMetadataSchema } from "../kernel/compilerMetadata.js";
import { groupedBy } from "../kernel/groupedBy.js";
import { nestsDeeperThan } from "../kernel/jsonDepth.js";
import { parsedJson } from "../kernel/jsonValues.js";
import type { Libraries } from "../kernel/libraries.js";
import { assertAddress, isTransactionHash } from "../kernel/validate.js";
import type { StandardJsonInput, VerificationJob } from "../verify/job.js";
import { encodedArguments } from "./hardhatDeployArguments.js";
import { type DeploymentFile, type DeploymentFiles, readDeploymentFiles } from "./hardhatDeployFiles.js";
import { chargeFolderBudget, type InnerFileScope, plainFileName } from "./innerFile.js";
import { type JsonOrigin, parseBoundedJson, parseWithSchema } from "./jsonFile.js";
import { inputOfMetadata } from "./metadataSettings.js";
import { userSourceName } from "./sourceNames.js";
import { readStandardJsonFile } from "./standardJsonFile.js";

/** The largest `solcInputs/<hash>.json` read: a whole compilation unit, sources included. */
export const maxSolcInputBytes = 128_000_000;

/** One contract a hardhat-deploy or rocketh deployments folder holds. */
export interface HardhatDeployContract {
  /** The deployment names at its address, e.g. `Greeter_Proxy` and `Greeter`. */
  names: string[];
  job: VerificationJob;
}

/** A deployment name that makes no job, and why. */
export interface SkippedDeployment {
  name: string;
  address: string;
  reason: string;
  /**
   * Saved without metadata (`deployments.save()` of a contract deployed elsewhere, an inline artifact): nothing of
   * the project to verify, left out with its reason rather than failed (deploy-tools.md §1.9).
   */
  withoutMetadata?: true;
}

/** What a hardhat-deploy or rocketh deployments folder holds, as jobs. */
export interface HardhatDeployment {
  chainId: number;
  contracts: HardhatDeployContract[];
  skipped: SkippedDeployment[];
}

/** Where the folder is read from. */
export interface ReadHardhatDeploymentOptions {
  /** The input field errors are reported on. Default `deployment`. */
  field?: string;
  /** Where the files the folder's own files point at may also be (the Action's workspace); see InnerFileScope. */
  root?: string;
}

/**
 * Reads one network's folder of a hardhat-deploy 1.x or rocketh (hardhat-deploy 2.x) deployments folder
 * (`deployments/<network>/`) into jobs, one per address: the contract (the metadata's compilation target), its
 * compiler and input (`solcInputs/<solcInputHash>.json` where hardhat-deploy 1.x saved it and it holds the metadata's
 * sources with their keccak256, else the sources embedded in the metadata), its constructor arguments (`argsData`,
 * else `args` encoded with the file's constructor) and its libraries (by the file that declares them). A proxy's files
 * (`<Name>`, `<Name>_Proxy`, `<Name>_Implementation`) become the proxy's job (`_Proxy`'s metadata: rocketh's `<Name>`
 * carries the implementation's) and the implementation's, which links the proxy once it is verified; a diamond
 * (`<Name>_DiamondProxy`) is marked as a proxy, its facets each a job of their own. A deployment saved without
 * metadata, or whose metadata does not embed its sources where no matching solcInputs file holds them, makes no job
 * and is listed as skipped (the reason names a solcInputs file's mismatch). The folder's files weigh at most
 * maxDeploymentFolderBytes together.
 *
 * @param folder - the network's folder, e.g. `deployments/sepolia`
 * @param options - the field errors are reported on, and the root
 * @returns the chain, the jobs and the deployments skipped
 * @throws {InvalidInputError} for a malformed file or folder (see readDeploymentFiles), solcInputs files over the
 *   folder's budget, metadata that is not the compiler's,
 *   a `solcInputHash` that is not a plain name, constructor arguments that do not fit, or a library not found
 * @example
 * const { chainId, contracts } = await readHardhatDeployment("deployments/sepolia");
 */
export async function readHardhatDeployment(
  folder: string,
  options: ReadHardhatDeploymentOptions = {},
): Promise<HardhatDeployment> {
  const field = options.field ?? "deployment";
  const scope: InnerFileScope = { folder, field, root: options.root };
  const read = await readDeploymentFiles(folder, scope);
  const { described, unread } = describingFiles(read);
  const declared = libraryDeclarations(read);
  const contracts: HardhatDeployContract[] = [];
  const skipped: SkippedDeployment[] = [...unread];
  const inputs = new Map<string, Promise<StandardJsonInput>>();
  for (const { names, name, file } of described) {
    const origin: JsonOrigin = {
      field: `${field}["${name}"]`,
      what: "deployment file",
      path: join(folder, `${name}.json`),
    };
    if (file.metadata === undefined) {
      skipped.push({
        name,
        address: file.address,
        reason:
          "saved without metadata (a contract deployed elsewhere, or an artifact without it); nothing says how it was compiled",
        withoutMetadata: true,
      });
      continue;
    }
    const metadataOrigin = { ...origin, what: "deployment's metadata" };
    const metadata = parseWithSchema(
      parseBoundedJson(file.metadata, metadataOrigin),
      compilerMetadataSchema,
      metadataOrigin,
    );
    const [[sourceName, contractName] = []] = Object.entries(metadata.settings.compilationTarget);
    if (sourceName === undefined || contractName === undefined) {
      throw new InvalidInputError(
        origin.field,
        `The metadata of ${origin.path} names no compilation target.`,
      );
    }
    const input = await compilerInput(file, metadata, origin, scope, { inputs, folder: read });
    if ("skipped" in input) {
      skipped.push({ name, address: file.address, reason: input.skipped });
      continue;
    }
    const address = assertAddress(file.address, `${origin.field}.address`);
    const libraries = resolvedLibraries(file, metadata, declared, origin);
    const constructorArguments = encodedArguments(file, origin);
    const job: VerificationJob = {
      address,
      contract: `${userSourceName(sourceName)}:${contractName}`,
      source: {
        format: "standard-json",
        input: input.input,
        compilerVersion: `v${metadata.compiler.version.replace(/^v/, "")}`,
        contractName: `${sourceName}:${contractName}`,
        metadata: file.metadata,
      },
      ...(constructorArguments === undefined ? {} : { constructorArguments }),
      ...(libraries === undefined ? {} : { libraries }),
      ...creation(file),
    };
    contracts.push({ names, job });
  }
  linkProxies(read, contracts);
  return { chainId: read.chainId, contracts: labelled(contracts), skipped };
}

/** The file that describes the code at each address, and every name at that address. */
interface Described {
  names: string[];
  name: string;
  file: DeploymentFile;
}

// `<Name>_Proxy` and `<Name>_DiamondProxy` describe the code at a proxy's address; `<Name>` there is the merged view
// (rocketh even puts the implementation's metadata in it), used only when no such file is there and it is
// hardhat-deploy 1.x's (which spreads the proxy's own artifact into it, with `implementation`).
function describingFiles(read: DeploymentFiles): { described: Described[]; unread: SkippedDeployment[] } {
  const byAddress = groupedBy(read.files, ([, file]) => file.address.toLowerCase());
  const described: Described[] = [];
  const unread: SkippedDeployment[] = [];
  for (const files of byAddress.values()) {
    const names = files.map(([name]) => name);
    const proxyFile = names.find((name) => /_(Diamond)?Proxy$/.test(name));
    const own = names.filter((name) => !isProxyView(read, name));
    const name =
      proxyFile ?? own[0] ?? names.find((name) => read.files.get(name)?.implementation !== undefined);
    const file = name === undefined ? undefined : read.files.get(name);
    if (name === undefined || file === undefined) {
      const [first = ""] = names;
      unread.push({
        name: first,
        address: read.files.get(first)?.address ?? "",
        reason: `no ${first}_Proxy file is there, and ${first} carries its implementation's metadata, not the proxy's`,
      });
      continue;
    }
    described.push({ names, name, file });
  }
  return { described, unread };
}

// `<Name>` of a proxy (`<Name>_Proxy` or `<Name>_Implementation` beside it) or of a diamond (`<Name>_DiamondProxy`).
function isProxyView(read: DeploymentFiles, name: string): boolean {
  const file = read.files.get(name);
  return (
    file?.implementation !== undefined ||
    file?.facets !== undefined ||
    read.files.has(`${name}_Proxy`) ||
    read.files.has(`${name}_Implementation`) ||
    read.files.has(`${name}_DiamondProxy`)
  );
}

// Each proxy's implementation links it once verified; a diamond, and a proxy whose implementation links another
// already (or has no job), is marked as a proxy itself: the chain (with an RPC) or the explorer finds its parts.
function linkProxies(read: DeploymentFiles, contracts: HardhatDeployContract[]): void {
  const byAddress = new Map(contracts.map((contract) => [contract.job.address.toLowerCase(), contract]));
  for (const [name, file] of read.files) {
    if (!isProxyView(read, name)) continue;
    const proxy = byAddress.get(file.address.toLowerCase());
    if (proxy === undefined) continue;
    const diamond = file.facets !== undefined || read.files.has(`${name}_DiamondProxy`);
    const implementationAddress = diamond
      ? undefined
      : (file.implementation ?? read.files.get(`${name}_Implementation`)?.address);
    const implementation =
      implementationAddress === undefined ? undefined : byAddress.get(implementationAddress.toLowerCase());
    if (implementation && implementation !== proxy && implementation.job.proxyAddress === undefined) {
      implementation.job.proxyAddress = proxy.job.address;
    } else {
      proxy.job.proxyAddress = proxy.job.address;
    }
  }
}

// Rows of one contract deployed under several names say which deployment each is.
function labelled(contracts: HardhatDeployContract[]): HardhatDeployContract[] {
  const byName = groupedBy(contracts, ({ job }) => job.contract ?? "");
  return contracts.map((contract) =>
    (byName.get(contract.job.contract ?? "")?.length ?? 0) > 1
      ? { ...contract, job: { ...contract.job, contract: `${contract.job.contract} (${contract.names[0]})` } }
      : contract,
  );
}

// The input hardhat-deploy 1.x saved (`solcInputs/<hash>.json`, read once for all the files naming it, charged to the
// folder's byte budget), when it holds every source of the metadata with the
// metadata's keccak256 (a solcInputHash may name another compilation's input); else the one the metadata's embedded
// sources make; or why there is none.
async function compilerInput(
  file: DeploymentFile,
  metadata: CompilerMetadata,
  origin: JsonOrigin,
  scope: InnerFileScope,
  read: { inputs: Map<string, Promise<StandardJsonInput>>; folder: DeploymentFiles },
): Promise<{ input: StandardJsonInput } | { skipped: string }> {
  const hash = file.solcInputHash;
  const holder = `The deployment file ${origin.path} gives the solcInputHash`;
  const saved =
    hash === undefined
      ? undefined
      : join(scope.folder, "solcInputs", `${plainFileName(hash, origin.field, holder)}.json`);
  let mismatch: string | undefined;
  if (saved !== undefined && existsSync(saved)) {
    let reading = read.inputs.get(saved);
    if (reading === undefined) {
      reading = solcInput(scope, saved, read.folder);
      read.inputs.set(saved, reading);
    }
    const input = await reading;
    mismatch = sourceNotHeld(input, metadata, `solcInputs/${hash}.json`);
    if (mismatch === undefined) return { input };
  }
  const missing = Object.entries(metadata.sources).find(([, source]) => source.content === undefined);
  if (missing !== undefined) {
    return {
      skipped:
        mismatch === undefined
          ? `its metadata does not embed the source ${missing[0]} (built without useLiteralContent), and no solcInputs file holds it`
          : `${mismatch}, and its metadata does not embed the source ${missing[0]}`,
    };
  }
  const sources = Object.entries(metadata.sources).map(([name, { content = "" }]) => [name, { content }]);
  return { input: inputOfMetadata(metadata, Object.fromEntries(sources)) };
}

// The first source of the metadata the saved input lacks or holds with another keccak256, named; none when it holds all.
function sourceNotHeld(
  input: StandardJsonInput,
  metadata: CompilerMetadata,
  saved: string,
): string | undefined {
  for (const [name, source] of Object.entries(metadata.sources)) {
    const content = input.sources[name]?.content;
    if (content === undefined)
      return `its solcInputs file ${saved} lacks the source ${name} its metadata names`;
    const hash = keccak256(stringToBytes(content));
    if (source.keccak256?.toLowerCase() !== hash) {
      return `its solcInputs file ${saved} holds ${name} with keccak256 ${hash}, not the ${source.keccak256 ?? "(none)"} its metadata names`;
    }
  }
  return undefined;
}

async function solcInput(
  scope: InnerFileScope,
  path: string,
  folder: DeploymentFiles,
): Promise<StandardJsonInput> {
  const origin = { field: scope.field, what: "solcInputs file", path };
  await chargeFolderBudget(scope, folder.budget, [origin], maxSolcInputBytes);
  return readStandardJsonFile(path, scope.field);
}

/** The library name → the source files declaring it, from the folder's own library deployments. */
type LibraryFiles = Map<string, Set<string>>;

function libraryDeclarations(read: DeploymentFiles): LibraryFiles {
  const declared: LibraryFiles = new Map();
  for (const file of read.files.values()) {
    const metadata = parsedJson(file.metadata);
    // As parseBoundedJson would refuse it, metadata nested too deep declares nothing.
    const target = compilerMetadataSchema.safeParse(nestsDeeperThan(metadata) ? undefined : metadata);
    for (const [source, contract] of Object.entries(target.data?.settings.compilationTarget ?? {})) {
      declared.set(contract, new Set([...(declared.get(contract) ?? []), source]));
    }
  }
  return declared;
}

// hardhat-deploy keys libraries by their bare name; the engine wants the declaring file's name too: from the
// file's link references (rocketh), else the library's own deployment in the folder, else a `library <Name>` among
// the contract's sources.
function resolvedLibraries(
  file: DeploymentFile,
  metadata: CompilerMetadata,
  declared: LibraryFiles,
  origin: JsonOrigin,
): Libraries | undefined {
  const given = Object.entries(file.libraries ?? {});
  if (given.length === 0) return undefined;
  const libraries: Libraries = {};
  for (const [name, address] of given) {
    assertAddress(address, `${origin.field}.libraries["${name}"]`);
    if (name.includes(":")) {
      libraries[name] = address;
      continue;
    }
    const fromLinks = Object.entries(file.linkReferences ?? {}).find(([, names]) => name in names)?.[0];
    const fromFolder = [...(declared.get(name) ?? [])].filter((source) => source in metadata.sources);
    const fromSources = Object.entries(metadata.sources)
      .filter(([, source]) => new RegExp(`\\blibrary\\s+${escaped(name)}\\b`).test(source.content ?? ""))
      .map(([source]) => source);
    const source =
      fromLinks ??
      (fromFolder.length === 1 ? fromFolder[0] : undefined) ??
      (fromSources.length === 1 ? fromSources[0] : undefined);
    // hardhat-deploy stores the libraries as the deploy script passed them, and its linker skips a name the contract
    // does not link: one that no source of the contract declares is not its library.
    if (source === undefined && fromSources.length === 0) continue;
    if (source === undefined) {
      throw new InvalidInputError(
        `${origin.field}.libraries`,
        `The deployment file ${origin.path} links the library ${name}, and no source of its metadata declares it${fromSources.length > 1 ? ` once (${fromSources.join(", ")} do)` : ""}.`,
      );
    }
    libraries[`${source}:${name}`] = address;
  }
  return Object.keys(libraries).length === 0 ? undefined : libraries;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function creation(file: DeploymentFile): Pick<VerificationJob, "creationTransaction"> {
  // A deterministic deployment's transaction is the factory's call, which created the contract inside it: Sourcify
  // finds the creation there (traces). A value that is no hash is not sent.
  const hash = file.transaction?.hash ?? file.transactionHash ?? file.receipt?.transactionHash;
  return isTransactionHash(hash) ? { creationTransaction: hash } : {};
}
