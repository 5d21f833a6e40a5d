import { resolve } from "node:path";
import type { JsonRpcChain } from "../chain/jsonRpcChain.js";
import { readBuildInfos } from "../inputs/buildInfo.js";
import { type CompiledContract, contractsOf } from "../inputs/compiledContracts.js";
import { constructorInputs, typedConstructorValues } from "../inputs/constructorValues.js";
import { createContractJob, linkedLibraries } from "../inputs/contractJob.js";
import { findContract } from "../inputs/findContract.js";
import type { FoundryConfig } from "../inputs/foundryConfig.js";
import { contractsMatching, inferContract, isDeployedCodeOf } from "../inputs/inferContract.js";
import type { BadManifestEntry } from "../inputs/manifest.js";
import { singleFileSourceOf } from "../inputs/singleFileSource.js";
import { splitContractName } from "../inputs/sourceNames.js";
import { readStandardJsonFile } from "../inputs/standardJsonFile.js";
import type { Libraries } from "../kernel/libraries.js";
import { assertAddress } from "../kernel/validate.js";
import type { RequestedFormat } from "../options/verificationOptions.js";
import type { ChainClaim } from "../run/chainAgreement.js";
import type { JobSources } from "../run/inputJobs.js";
import { libraryList } from "../run/libraryList.js";
import type { ProxyAddress } from "../run/proxyJobs.js";
import type { StandardJsonInput, VerificationJob } from "../verify/job.js";
import { UsageError } from "./cliErrors.js";

/** The `verify` flags that say which contracts to verify. */
export interface JobFlags {
  address: string | undefined;
  constructorArgs: string[];
  contract: string | undefined;
  /** Hardhat artifacts or Foundry out/, relative to `cwd`. */
  artifacts: string;
  rpcUrl: string | undefined;
  constructorArgsHex: string | undefined;
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
 * Turns the command line into engine jobs: a manifest and deployments through the Action's reader
 * (`jobsFromInputs`, in the hall); one ADDRESS from the build (Hardhat artifacts or Foundry out/) or from a standard JSON
 * input. Every file is read and every name checked before this returns.
 *
 * @param flags - the checked flags
 * @param onBadEntry - told of a manifest entry (or a deployment's contract) that cannot become a job; the others go on
 * @param onChain - told of each deployment's recorded chain, with the deployment it comes from
 * @param onProxy - told of a proxy whose own code is not in the build (a clone, a proxy built elsewhere): it makes
 *   no job, its parts may
 * @returns the jobs
 * @throws {UsageError} or {InvalidInputError} for a mistake in the flags or the files
 */
export async function commandLineJobs(
  flags: JobFlags,
  onBadEntry?: (entry: BadManifestEntry) => void,
  onChain?: (claim: ChainClaim) => void,
  onProxy?: (proxy: ProxyAddress) => void,
): Promise<VerificationJob[]> {
  const jobs: VerificationJob[] = [];
  const shared = { artifacts: flags.artifacts, rpcUrl: flags.rpcUrl, readsDeadline: flags.readsDeadline };
  if (flags.manifest || flags.deployments.length > 0) {
    // Loaded only for these flags: a single ADDRESS reaches its first request without the file readers.
    const { jobsFromInputs } = await import("../run/inputJobs.js");
    if (flags.manifest) {
      jobs.push(
        ...(await jobsFromInputs(
          { ...shared, contracts: flags.manifest, deployment: undefined },
          flags.cwd,
          onBadEntry,
          onChain,
          onProxy,
        )),
      );
    }
    for (const deployment of flags.deployments) {
      jobs.push(
        ...(await jobsFromInputs(
          { ...shared, contracts: undefined, deployment },
          flags.cwd,
          onBadEntry,
          onChain,
        )),
      );
    }
  }
  if (flags.address) jobs.push(...(await addressJobs(flags.address, flags, onProxy)));
  return jobs;
}

async function addressJobs(
  address: string,
  flags: JobFlags,
  onProxy: ((proxy: ProxyAddress) => void) | undefined,
): Promise<VerificationJob[]> {
  const chain = flags.rpcUrl ? await openChain(flags.rpcUrl) : undefined;
  const libraries = await libraryList(flags.libraries, flags.cwd, "--libraries");
  // foundry.toml's libraries are the whole project's: each contract takes those it links, under --libraries.
  const profileLibraries = await libraryList(
    flags.foundry?.libraries ?? [],
    flags.cwd,
    "libraries (foundry.toml)",
  );
  if (flags.proxy) {
    if (!chain)
      throw new UsageError("--proxy needs --rpc-url: the proxy's kind and parts are read from the chain.");
    if (flags.standardJson) {
      const job = await standardJsonJob(address, flags.standardJson, flags, libraries);
      return [{ ...job, proxyAddress: address }];
    }
    return proxyJobs(address, flags, libraries, chain, profileLibraries, onProxy);
  }
  const job = flags.standardJson
    ? await standardJsonJob(address, flags.standardJson, flags, libraries)
    : await buildJob(address, flags, libraries, chain, profileLibraries);
  return [job];
}

// --proxy ADDRESS: the proxy's own contract (marked, so that the hall reads its kind and adds its parts), or, when no
// contract of the build has its code, the address alone. --contract and the constructor arguments describe the proxy;
// a --contract that is not the proxy's code but one of its parts' is taken for that part.
async function proxyJobs(
  address: string,
  flags: JobFlags,
  libraries: Libraries,
  chain: JsonRpcChain,
  profileLibraries: Libraries,
  onProxy: ((proxy: ProxyAddress) => void) | undefined,
): Promise<VerificationJob[]> {
  const code = await chain.getCode(address);
  if (code === "0x") throw new UsageError(`There is no contract at ${address} on the chain of --rpc-url.`);
  const buildInfos = await readBuildInfos(resolve(flags.cwd, flags.artifacts), "--artifacts", {
    root: flags.cwd,
  });
  if (flags.contract) {
    const named = findContract(buildInfos, flags.contract, "--contract");
    if (!isDeployedCodeOf(named, code)) {
      const { resolveProxy } = await import("../chain/proxyKinds.js");
      const found = await resolveProxy(chain, address);
      const parts = [...(found?.implementations ?? []), ...(found?.beacon ? [found.beacon] : [])];
      for (const part of parts) {
        if (!isDeployedCodeOf(named, await chain.getCode(part))) continue;
        const partJob = await buildJob(part, flags, libraries, chain, profileLibraries);
        return [
          ...(await proxyJobs(
            address,
            { ...flags, contract: undefined, constructorArgs: [], constructorArgsHex: undefined },
            {},
            chain,
            profileLibraries,
            onProxy,
          )),
          partJob,
        ];
      }
      throw new UsageError(
        `The code at ${address} is not ${named.userFqn} as built in ${flags.artifacts}, nor is any of its parts'. Check --contract and --rpc-url, or leave --contract out to infer it.`,
      );
    }
  } else if (contractsMatching(buildInfos.flatMap(contractsOf), code).length === 0) {
    onProxy?.({ address: assertAddress(address) });
    return [];
  }
  const job = await buildJob(address, flags, libraries, chain, profileLibraries);
  return [{ ...job, proxyAddress: job.address }];
}

async function openChain(rpcUrl: string): Promise<JsonRpcChain> {
  const { JsonRpcChain } = await import("../chain/jsonRpcChain.js");
  return new JsonRpcChain(rpcUrl);
}

async function buildJob(
  address: string,
  flags: JobFlags,
  libraries: Libraries,
  chain: JsonRpcChain | undefined,
  profileLibraries: Libraries,
): Promise<VerificationJob> {
  // Only the contract named is read: a build without build info is rebuilt from its artifacts one by one.
  const buildInfos = await readBuildInfos(resolve(flags.cwd, flags.artifacts), "--artifacts", {
    root: flags.cwd,
    ...(flags.contract ? { contractNames: [splitContractName(flags.contract).contractName] } : {}),
  });
  const code = chain ? await chain.getCode(address) : undefined;
  if (code === "0x") throw new UsageError(`There is no contract at ${address} on the chain of --rpc-url.`);
  let contract: CompiledContract;
  if (flags.contract) {
    contract = findContract(buildInfos, flags.contract, "--contract");
    if (code && !isDeployedCodeOf(contract, code)) {
      throw new UsageError(
        `The code at ${address} is not ${contract.userFqn} as built in ${flags.artifacts}. Check --contract and --rpc-url, or leave --contract out to infer it.`,
      );
    }
  } else if (code) {
    contract = inferContract(buildInfos.flatMap(contractsOf), code, address, {
      contract: "--contract",
      build: `that ${flags.artifacts} holds the build the contract was deployed from (--artifacts)`,
    });
  } else {
    throw new UsageError(
      "Name the contract with --contract path/File.sol:Name, or give --rpc-url to infer it from the deployed code.",
    );
  }
  const job = createContractJob(contract, {
    address,
    ...constructorArguments(contract, flags),
    libraries: {
      ...(code ? linkedFromCode(contract, code) : {}),
      ...linkedOnly(contract, profileLibraries),
      ...libraries,
    },
  });
  if (!job.constructorArguments && constructorInputs(contract.abi).length > 0) {
    // Read from the explorer's creation data, after the compiled creation code.
    job.constructorArguments = { recoverFrom: { creationBytecode: contract.bytecode } };
  }
  return withFormat(job, contract, flags.format);
}

function constructorArguments(
  contract: CompiledContract,
  flags: JobFlags,
): { constructorArguments?: { values: readonly unknown[] } | { hex: string } } {
  if (flags.constructorArgsHex !== undefined)
    return { constructorArguments: { hex: flags.constructorArgsHex } };
  if (flags.constructorArgs.length > 0)
    return { constructorArguments: { values: typedConstructorValues(contract.abi, flags.constructorArgs) } };
  return {};
}

function withFormat(
  job: VerificationJob,
  contract: CompiledContract,
  format: JobFlags["format"],
): VerificationJob {
  if (format === "single-file" || format === "flattened") {
    // These formats name a library by its bare name: the file it sat in is gone.
    const libraries = job.libraries
      ? Object.fromEntries(
          Object.entries(job.libraries).map(([name, address]) => [
            name.slice(name.lastIndexOf(":") + 1),
            address,
          ]),
        )
      : undefined;
    return { ...job, source: singleFileSourceOf(contract, format), ...(libraries ? { libraries } : {}) };
  }
  if (format === "registry") {
    if (!contract.metadata)
      throw new UsageError(
        `--format registry needs the compiler metadata of ${contract.userFqn}, which this build did not keep.`,
      );
    const names = Object.keys((JSON.parse(contract.metadata) as { sources?: object }).sources ?? {});
    return {
      ...job,
      source: {
        format: "registry",
        metadata: contract.metadata,
        sources: names.map((name) => ({ name, content: contract.input.sources[name]?.content ?? "" })),
      },
    };
  }
  return job;
}

function linkedOnly(contract: CompiledContract, libraries: Libraries): Libraries {
  const names = new Set(
    linkedLibraries(contract).flatMap((library) => [library.name, library.userFqn, library.inputFqn]),
  );
  return Object.fromEntries(Object.entries(libraries).filter(([name]) => names.has(name)));
}

// A linked library's address sits in the deployed code where the compiler left its placeholder.
function linkedFromCode(contract: CompiledContract, code: string): Libraries {
  const deployed = code.replace(/^0x/, "");
  const linked: Libraries = {};
  for (const [file, byName] of Object.entries(contract.deployedLinkReferences)) {
    for (const [name, [span]] of Object.entries(byName)) {
      if (span)
        linked[`${file}:${name}`] = `0x${deployed.slice(span.start * 2, (span.start + span.length) * 2)}`;
    }
  }
  return linked;
}

async function standardJsonJob(
  address: string,
  path: string,
  flags: JobFlags,
  libraries: Libraries,
): Promise<VerificationJob> {
  if (!flags.contract)
    throw new UsageError(
      "--standard-json needs --contract path/File.sol:Name: an input can hold many contracts.",
    );
  if (!flags.compilerVersion)
    throw new UsageError("--standard-json needs --compiler-version, e.g. v0.8.28+commit.7893614a.");
  if (flags.constructorArgs.length > 0) {
    throw new UsageError(
      "With --standard-json, give constructor arguments ABI-encoded with --constructor-args-hex: the input has no ABI.",
    );
  }
  const input = await readStandardJsonFile(resolve(flags.cwd, path), "--standard-json");
  const contractName = inputContractName(input, flags.contract);
  return {
    address: assertAddress(address),
    contract: flags.contract,
    source: { format: "standard-json", input, compilerVersion: flags.compilerVersion, contractName },
    ...(flags.constructorArgsHex === undefined
      ? {}
      : { constructorArguments: { hex: flags.constructorArgsHex } }),
    ...(Object.keys(libraries).length ? { libraries } : {}),
  };
}

// `path/File.sol:Name`, or a bare `Name` declared in exactly one source of the input.
function inputContractName(input: StandardJsonInput, contract: string): string {
  const { sourceName, contractName } = splitContractName(contract);
  const names = Object.keys(input.sources);
  if (sourceName !== undefined) {
    const inputName = [sourceName, `project/${sourceName}`].find((name) => input.sources[name] !== undefined);
    if (inputName === undefined) {
      const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ` and ${names.length - 5} more` : "");
      throw new UsageError(
        `--contract ${contract}: the standard JSON input has no source "${sourceName}" (its sources: ${shown}).`,
      );
    }
    return `${inputName}:${contractName}`;
  }
  const declaration = new RegExp(`\\b(?:contract|library)\\s+${contractName.replace(/\W/g, "")}\\b`);
  const declaring = names.filter((name) => declaration.test(input.sources[name]?.content ?? ""));
  if (declaring.length !== 1) {
    throw new UsageError(
      declaring.length === 0
        ? `--contract ${contract}: no source of the standard JSON input declares it; give path/File.sol:Name.`
        : `--contract ${contract} is declared in ${declaring.join(", ")}: give path/File.sol:Name.`,
    );
  }
  return `${declaring[0]}:${contractName}`;
}
