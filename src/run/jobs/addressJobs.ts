import type { ProxyChainReader } from "../../chain/proxyKinds.js";
import { InvalidInputError } from "../../errors/index.js";
import type { BuildInfo } from "../../inputs/buildInfo.js";
import { type CompiledContract, contractsOf } from "../../inputs/compiledContracts.js";
import { typedConstructorValues } from "../../inputs/constructorValues.js";
import { createContractJob, linkedLibraries } from "../../inputs/contractJob.js";
import { findContract } from "../../inputs/findContract.js";
import {
  contractsMatching,
  type InferenceNaming,
  inferContract,
  isDeployedCodeOf,
} from "../../inputs/inferContract.js";
import { singleFileSourceOf } from "../../inputs/singleFileSource.js";
import { constructorParameters } from "../../kernel/abiParameters.js";
import type { Libraries } from "../../kernel/libraries.js";
import { assertAddress } from "../../kernel/validate.js";
import * as z from "../../kernel/zod.js";
import type { RequestedFormat } from "../../options/verificationOptions.js";
import { linkedLibraryAddresses } from "../../recompile/bytecodeTransformations.js";
import type { VerificationJob } from "../../verify/job.js";
import type { ProxyAddress } from "./proxyJobs.js";

// The metadata's source names are all a registry submission takes from it here.
const metadataSources = z.looseObject({ sources: z.optional(z.record(z.string(), z.unknown())) });

/** Constructor arguments as a door has them: values, ABI-encoded hex, or words typed by the contract's ABI. */
export type GivenConstructorArguments =
  | { values: readonly unknown[] }
  | { hex: string }
  | { words: string[] };

/** One ADDRESS to verify from a build, as a door knows it. */
export interface AddressJobsRequest {
  address: string;
  /** The transaction that created it (`--creation-tx-hash`), sent to Sourcify. */
  creationTransaction?: string | undefined;
  /** The build's build infos; `contractName`, when given, is the only contract needed (a reader may skip others). */
  build: (contractName?: string) => Promise<BuildInfo[]>;
  /** The chain the contract is deployed on; without it, `contract` must be named. */
  chain?: ProxyChainReader | undefined;
  /** `--contract`, `path/File.sol:Name` or a bare name. */
  contract?: string | undefined;
  constructorArguments?: GivenConstructorArguments | undefined;
  /** Libraries named for this contract: each must be one it links. */
  libraries?: Libraries | undefined;
  /** A project's libraries: each contract takes those it links, under `libraries`. */
  projectLibraries?: Libraries | undefined;
  format: RequestedFormat;
  /** ADDRESS is a proxy: its kind and parts are read by the run, its own job marked. */
  proxy: boolean;
  /** The job made from elsewhere than the build (a standard JSON input): the build is then not read. */
  given?: (() => Promise<VerificationJob>) | undefined;
  /** How the door names things in messages. */
  naming: {
    /** e.g. `this network`, `the chain of --rpc-url`. */
    chain: string;
    /** e.g. `with the "production" profile`, `in out`. */
    build: string;
    /** e.g. `--contract, the network and --build-profile`. */
    check: string;
    /** How inference names the flag and the build; default the task's. */
    inference?: InferenceNaming | undefined;
  };
}

/** The jobs of one ADDRESS, and a proxy that makes no job of its own. */
export interface AddressJobs {
  jobs: VerificationJob[];
  /** A proxy whose own code is not in the build (a clone, a proxy built elsewhere): its parts may still be jobs. */
  proxies: ProxyAddress[];
}

/**
 * An address plus a build becomes jobs, for every door: the contract named (checked against the deployed code) or
 * inferred from it, its linked libraries read from the code, its constructor arguments typed or left to be recovered
 * from the creation data, in the format asked. With `proxy`, the proxy's own contract is marked so that the run adds
 * its parts; a `contract` that names one of its parts instead is taken for that part.
 *
 * @returns the jobs, and a proxy outside the build
 * @throws {InvalidInputError} for no contract at the address, a contract that is not the deployed one, or a format
 *   the build cannot give
 */
export async function addressJobs(request: AddressJobsRequest): Promise<AddressJobs> {
  const found = await jobsAt(request);
  const created = request.creationTransaction;
  if (created) {
    for (const job of found.jobs)
      if (job.address.toLowerCase() === request.address.toLowerCase()) job.creationTransaction = created;
  }
  return found;
}

async function jobsAt(request: AddressJobsRequest): Promise<AddressJobs> {
  const { address, chain } = request;
  if (!request.proxy)
    return { jobs: [request.given ? await request.given() : await buildJob(request, address)], proxies: [] };
  if (!chain)
    throw new InvalidInputError(
      "proxy",
      "--proxy needs --rpc-url: the proxy's kind and parts are read from the chain.",
    );
  // A standard JSON input names the proxy's own contract: it is marked, and the run adds its parts.
  if (request.given) return { jobs: [{ ...(await request.given()), proxyAddress: address }], proxies: [] };
  const code = await deployedCode(request, address, chain);
  const buildInfos = await request.build();
  if (request.contract) {
    const named = findContract(buildInfos, request.contract, "--contract", code);
    if (!isDeployedCodeOf(named, code)) {
      const { resolveProxy } = await import("../../chain/proxyKinds.js");
      const found = await resolveProxy(chain, address);
      const parts = [...(found?.implementations ?? []), ...(found?.beacon ? [found.beacon] : [])];
      for (const part of parts) {
        if (!isDeployedCodeOf(named, await chain.getCode(part))) continue;
        const partJob = await buildJob(request, part);
        const own = await addressJobs({
          ...request,
          contract: undefined,
          constructorArguments: undefined,
          libraries: {},
        });
        return { jobs: [...own.jobs, partJob], proxies: own.proxies };
      }
      throw new InvalidInputError(
        "contract",
        `The code at ${address} is not ${named.userFqn} as built ${request.naming.build}, nor is any of its parts'. Check ${request.naming.check}, or leave --contract out to infer it.`,
      );
    }
  } else if (contractsMatching(buildInfos.flatMap(contractsOf), code).length === 0) {
    return { jobs: [], proxies: [{ address: assertAddress(address) }] };
  }
  const job = await buildJob(request, address);
  return { jobs: [{ ...job, proxyAddress: job.address }], proxies: [] };
}

async function deployedCode(
  request: AddressJobsRequest,
  address: string,
  chain: ProxyChainReader,
): Promise<string> {
  const code = await chain.getCode(address);
  if (code === "0x")
    throw new InvalidInputError("address", `There is no contract at ${address} on ${request.naming.chain}.`);
  return code;
}

async function buildJob(request: AddressJobsRequest, address: string): Promise<VerificationJob> {
  const { naming } = request;
  const buildInfos = await request.build(request.contract);
  const code = request.chain ? await deployedCode(request, address, request.chain) : undefined;
  let contract: CompiledContract;
  if (request.contract) {
    contract = findContract(buildInfos, request.contract, "--contract", code);
    if (code && !isDeployedCodeOf(contract, code)) {
      throw new InvalidInputError(
        "contract",
        `The code at ${address} is not ${contract.userFqn} as built ${naming.build}. Check ${naming.check}, or leave --contract out to infer it.`,
      );
    }
  } else if (code) {
    contract = inferContract(buildInfos.flatMap(contractsOf), code, address, naming.inference);
  } else {
    throw new InvalidInputError(
      "contract",
      "Name the contract with --contract path/File.sol:Name, or give --rpc-url to infer it from the deployed code.",
    );
  }
  const job = createContractJob(contract, {
    address,
    ...constructorArguments(contract, request.constructorArguments),
    libraries: {
      ...(code ? linkedLibraryAddresses(contract.deployedLinkReferences, code) : {}),
      ...linkedOnly(contract, request.projectLibraries ?? {}),
      ...request.libraries,
    },
  });
  if (!job.constructorArguments && constructorParameters(contract.abi).length > 0) {
    // Read from the explorer's creation data, after the compiled creation code.
    job.constructorArguments = { recoverFrom: { creationBytecode: contract.bytecode } };
  }
  return withFormat(job, contract, request.format);
}

function constructorArguments(
  contract: CompiledContract,
  given: GivenConstructorArguments | undefined,
): { constructorArguments?: { values: readonly unknown[] } | { hex: string } } {
  if (!given) return {};
  if ("words" in given) {
    if (given.words.length === 0) return {};
    return { constructorArguments: { values: typedConstructorValues(contract.abi, given.words) } };
  }
  return { constructorArguments: given };
}

function withFormat(
  job: VerificationJob,
  contract: CompiledContract,
  format: RequestedFormat,
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
      throw new InvalidInputError(
        "format",
        `--format registry needs the compiler metadata of ${contract.userFqn}, which this build did not keep: add "metadata" to the compiler's outputSelection (Hardhat 3 leaves it out), build again, or use another --format.`,
      );
    const names = Object.keys(metadataSources.parse(JSON.parse(contract.metadata)).sources ?? {});
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

/**
 * The chain behind a JSON-RPC URL, opened with its first read: a door's first request does not wait for the client.
 *
 * @param endsAt - when the reads must end, ms since the epoch: a request still running then is aborted
 */
export function chainAt(rpcUrl: string, endsAt = Number.POSITIVE_INFINITY): ProxyChainReader {
  let chain: Promise<import("../../chain/jsonRpcChain.js").JsonRpcChain> | undefined;
  const open = () => {
    chain ??= import("../../chain/jsonRpcChain.js").then(
      ({ JsonRpcChain }) => new JsonRpcChain(rpcUrl, { endsAt }),
    );
    return chain;
  };
  return {
    getCode: async (address) => (await open()).getCode(address),
    getStorageAt: async (address, slot) => (await open()).getStorageAt(address, slot),
    call: async (to, data) => (await open()).call(to, data),
  };
}
