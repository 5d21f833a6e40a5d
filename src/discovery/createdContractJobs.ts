import { ExplorerClient } from "../client/explorerClient.js";
import { InvalidInputError, isDeadlineReached } from "../errors/index.js";
import type { CompiledContract } from "../inputs/compiledContracts.js";
import { createContractJob } from "../inputs/contractJob.js";
import { inferContract, isCreationCodeOf } from "../inputs/inferContract.js";
import { appendAll } from "../kernel/appendAll.js";
import * as z from "../kernel/zod.js";
import { linkedLibraryAddresses } from "../recompile/bytecodeTransformations.js";
import { recoverConstructorArguments } from "../verify/constructorArguments.js";
import type { CreatedBy, VerificationJob } from "../verify/job.js";
import {
  type CreatedContract,
  type CreationChain,
  type DiscoverCreatedContractsOptions,
  defaultMaxInternalTransactionPages,
  discoverCreatedContracts,
  fillCreationInputs,
} from "./createdContracts.js";
import { readBefore } from "./discoveryDeadline.js";
import { defaultMaxTracedBlocks, type Factory, factoryChildren } from "./factoryHistory.js";
import type { DiscoveryWarning } from "./internalTransactionWalk.js";
import { cloneImplementation, cloneImplementationFromCreation } from "./minimalClone.js";

/** An EIP-1167 minimal clone: the explorer shows it through its implementation, so it is not submitted. */
export interface CreatedClone {
  address: string;
  implementation: string;
  createdBy: CreatedBy;
}

/** A created contract left out, and why. */
export interface SkippedCreation {
  address: string;
  createdBy: CreatedBy;
  reason: string;
}

/**
 * A created contract whose deployed code is byte for byte that of a job (or of a child looked at before it): the
 * explorer shows it verified with its twin's sources, so it is not submitted.
 */
export interface CreatedTwin {
  address: string;
  /** The job or child with the same deployed code, lower case. */
  twinOf: string;
  createdBy: CreatedBy;
}

/** What the created contracts of some transactions come to. */
export interface CreatedContractJobs {
  /** One job per created contract the build has, with `createdBy`. */
  jobs: VerificationJob[];
  clones: CreatedClone[];
  skipped: SkippedCreation[];
  /** Set by {@link createdContractJobs} and {@link matchCreatedContracts}. */
  twins?: CreatedTwin[];
}

/** The default of {@link CreatedContractJobsOptions.maxCreated}. */
export const defaultMaxCreated = 100;

export interface CreatedContractJobsOptions extends DiscoverCreatedContractsOptions {
  /** The candidates, e.g. every contract of the project's builds. */
  contracts: readonly CompiledContract[];
  /** Addresses that have jobs already (a deployment's own contracts): left out. */
  exclude?: Iterable<string>;
  /**
   * Contracts whose whole history is read for the contracts they created in later calls (the explorer's internal
   * transactions of the address, else the chain's traces): e.g. every job of the run.
   */
  factories?: readonly Factory[];
  /** The most contracts looked at per factory, oldest first; the rest are counted in a warning. Default 100. */
  maxCreated?: number;
  /** The most blocks traced per factory where the chain stands in for the explorer's list. Default 1,000. */
  maxTracedBlocks?: number;
}

/**
 * Turns transactions into verification jobs for the contracts they created: each is found (see
 * {@link discoverCreatedContracts}), with the contracts the `factories` created in any later call (see
 * {@link factoryChildren}), at most `maxCreated` per factory; then matched against the build by its runtime code
 * (libraries, immutables and metadata masked; by its creation code when no chain is given), and given the
 * constructor arguments that follow the compiled creation code in its creation input. EIP-1167 clones are reported
 * as clones of their implementation, contracts with the deployed code of a job or an earlier child as twins, and
 * contracts no build contract matches as skipped.
 *
 * @param transactions - transaction hashes
 * @param options - the build's contracts, the explorer and/or the chain, addresses to leave out, factories whose
 *   history to read; the deadline, page limit, cap and warnings of discovery (see {@link discoverCreatedContracts})
 * @returns jobs, clones, twins and skipped contracts
 * @throws {InvalidInputError} for a malformed hash, or with neither an explorer nor a chain
 * @example
 * const { jobs, clones, twins, skipped } = await createdContractJobs(["0x…"], { contracts, client, chain });
 * const results = await verifyBatch(jobs, { client });
 */
export async function createdContractJobs(
  transactions: readonly string[],
  options: CreatedContractJobsOptions,
): Promise<CreatedContractJobs> {
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  // Every request to the explorer, and every wait, answers to the deadline: the client is bound to it once, here.
  const bound = {
    ...options,
    client: options.client && ExplorerClient.until(options.client, deadline),
    deadline,
  };
  const created = await discoverCreatedContracts(transactions, bound);
  const factories = options.factories ?? [];
  if (factories.length > 0) appendAll(created, await laterChildren(factories, created, bound));
  return matchCreatedContracts(capped(created, options), options);
}

// The children of the factories' later calls not found already, with their creation code where the explorer has it.
async function laterChildren(
  factories: readonly Factory[],
  found: readonly CreatedContract[],
  options: CreatedContractJobsOptions & { deadline: number },
): Promise<CreatedContract[]> {
  const known = new Set(found.map((contract) => contract.address));
  const search = {
    ...options,
    maxPages: options.maxPages ?? defaultMaxInternalTransactionPages,
    maxTracedBlocks: options.maxTracedBlocks ?? defaultMaxTracedBlocks,
    warn: (warning: DiscoveryWarning) => options.onWarning?.(warning),
  };
  const children: CreatedContract[] = [];
  for (const factory of new Map(factories.map((f) => [f.address.toLowerCase(), f])).values()) {
    for (const child of await factoryChildren(factory, search)) {
      if (known.has(child.address)) continue;
      known.add(child.address);
      children.push(child);
    }
  }
  await fillCreationInputs(children, options.client, options.deadline);
  return children;
}

// At most maxCreated children of each factory are looked at, in the order found; the rest are counted.
function capped(created: readonly CreatedContract[], options: CreatedContractJobsOptions): CreatedContract[] {
  const most = options.maxCreated ?? defaultMaxCreated;
  const excluded = lowerCased(options.exclude);
  const counted = new Map<string, number>();
  const kept: CreatedContract[] = [];
  for (const contract of created) {
    if (contract.kind === "transaction" || excluded.has(contract.address)) {
      kept.push(contract);
      continue;
    }
    const count = (counted.get(contract.factory) ?? 0) + 1;
    counted.set(contract.factory, count);
    if (count <= most) kept.push(contract);
  }
  for (const [factory, count] of counted) {
    if (count <= most) continue;
    const more = count - most;
    options.onWarning?.({
      code: "max_created",
      transaction: undefined,
      factory,
      message: `${more} more ${more === 1 ? "contract" : "contracts"} created by ${factory} ${more === 1 ? "was" : "were"} not looked at (max-created ${most}).`,
    });
  }
  return kept;
}

/**
 * Matches discovered contracts against the build (the second half of {@link createdContractJobs}).
 *
 * @param created - contracts found by {@link discoverCreatedContracts}
 * @param options - the build's contracts, the chain for deployed code, addresses to leave out, the deadline (a
 *   contract whose code the chain has not given by then is skipped)
 * @returns jobs, clones, twins (a contract with the deployed code of an address in `exclude` or of an earlier
 *   job) and skipped contracts, in the order given
 */
export async function matchCreatedContracts(
  created: readonly CreatedContract[],
  options: Pick<CreatedContractJobsOptions, "contracts" | "chain" | "exclude" | "deadline">,
): Promise<CreatedContractJobs> {
  const excluded = lowerCased(options.exclude);
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const outcome: CreatedContractJobs = { jobs: [], clones: [], skipped: [], twins: [] };
  const twins = new TwinIndex(options.chain, [...excluded], deadline);
  for (const contract of created) {
    if (excluded.has(contract.address)) continue;
    const createdBy: CreatedBy = { factory: contract.factory, transaction: contract.transaction };
    let runtimeCode: string | undefined;
    try {
      runtimeCode = options.chain ? await codeBefore(options.chain, contract.address, deadline) : undefined;
    } catch (error) {
      if (!isDeadlineReached(error)) throw error;
      outcome.skipped.push({
        address: contract.address,
        createdBy,
        reason: `The deadline came before the chain gave the code of ${contract.address}.`,
      });
      continue;
    }
    const implementation =
      runtimeCode === undefined
        ? cloneImplementationFromCreation(contract.creationInput ?? "")
        : cloneImplementation(runtimeCode);
    if (implementation) {
      outcome.clones.push({ address: contract.address, implementation, createdBy });
      continue;
    }
    const twinOf = await twins.twinOf(runtimeCode, contract.creationInput);
    if (twinOf) {
      outcome.twins?.push({ address: contract.address, twinOf, createdBy });
      continue;
    }
    const matched = matchContract(contract, runtimeCode, options.contracts);
    if ("reason" in matched) {
      outcome.skipped.push({ address: contract.address, createdBy, reason: matched.reason });
      continue;
    }
    try {
      const job = createContractJob(matched.compiled, {
        address: contract.address,
        ...(runtimeCode ? libraryOptions(matched.compiled, runtimeCode) : {}),
        ...constructorOptions(matched.compiled, contract.creationInput),
      });
      outcome.jobs.push(contract.kind === "transaction" ? job : { ...job, createdBy });
      twins.add(contract.address, runtimeCode, contract.creationInput);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      outcome.skipped.push({ address: contract.address, createdBy, reason: error.shortMessage });
    }
  }
  return outcome;
}

function lowerCased(addresses: Iterable<string> | undefined): Set<string> {
  return new Set([...(addresses ?? [])].map((address) => address.toLowerCase()));
}

// Contracts by their deployed code (by their creation input where no chain gives the code): a later one with the
// same code is a twin. The jobs the run has already are read from the chain when the first code is compared.
class TwinIndex {
  readonly #byCode = new Map<string, string>();
  #jobsRead = false;

  constructor(
    private readonly chain: CreationChain | undefined,
    private readonly jobs: readonly string[],
    private readonly deadline: number,
  ) {}

  async twinOf(
    runtimeCode: string | undefined,
    creationInput: string | undefined,
  ): Promise<string | undefined> {
    const key = codeKey(runtimeCode, creationInput);
    if (key === undefined) return undefined;
    if (runtimeCode !== undefined && !this.#jobsRead) {
      this.#jobsRead = true;
      await this.#readJobs();
    }
    return this.#byCode.get(key);
  }

  add(address: string, runtimeCode: string | undefined, creationInput: string | undefined): void {
    const key = codeKey(runtimeCode, creationInput);
    if (key !== undefined && !this.#byCode.has(key)) this.#byCode.set(key, address);
  }

  async #readJobs(): Promise<void> {
    if (!this.chain) return;
    for (const address of this.jobs) {
      try {
        this.add(address, await codeBefore(this.chain, address, this.deadline), undefined);
      } catch (error) {
        // Without the jobs' code by the deadline, children are compared with each other only.
        if (isDeadlineReached(error)) return;
        throw error;
      }
    }
  }
}

function codeKey(runtimeCode: string | undefined, creationInput: string | undefined): string | undefined {
  if (runtimeCode !== undefined) return runtimeCode === "0x" ? undefined : `runtime:${runtimeCode}`;
  return creationInput ? `creation:${creationInput}` : undefined;
}

// The chain's request answers to the deadline too: one the work stopped waiting for is not left running.
function codeBefore(chain: CreationChain, address: string, deadline: number): Promise<string> {
  return readBefore(chain.code(address, deadline), deadline);
}

function matchContract(
  contract: CreatedContract,
  runtimeCode: string | undefined,
  contracts: readonly CompiledContract[],
): { compiled: CompiledContract } | { reason: string } {
  if (runtimeCode === "0x") {
    return {
      reason: `There is no code at ${contract.address} any more (it self-destructed, or the chain was reset).`,
    };
  }
  if (runtimeCode !== undefined) {
    try {
      return {
        compiled: inferContract(contracts, runtimeCode, contract.address, {
          contract: "a manifest entry naming its contract",
          build: "that the build is the one the factory was deployed with",
        }),
      };
    } catch (error) {
      if (error instanceof InvalidInputError) return { reason: error.shortMessage };
      throw error;
    }
  }
  if (contract.creationInput === undefined) {
    return { reason: `Neither the chain nor the explorer gave the code of ${contract.address}.` };
  }
  const byCreation = contracts.filter((compiled) => isCreationCodeOf(compiled, contract.creationInput ?? ""));
  const names = [...new Set(byCreation.map((compiled) => compiled.userFqn))];
  if (names.length === 1 && byCreation[0]) return { compiled: byCreation[0] };
  return names.length === 0
    ? { reason: `No contract of this build has the creation code of ${contract.address}.` }
    : {
        reason: `More than one contract has the creation code of ${contract.address}: ${names.sort().join(", ")}.`,
      };
}

// A constructor with inputs, however well formed they are: its arguments are in the creation code.
const constructorWithInputs = z.looseObject({
  type: z.literal("constructor"),
  inputs: z.array(z.unknown()).check(z.minLength(1)),
});

function constructorOptions(
  compiled: CompiledContract,
  creationInput: string | undefined,
): { constructorArguments?: { hex: string } } {
  const takesArguments = compiled.abi.some((item) => constructorWithInputs.safeParse(item).success);
  if (!takesArguments) return {};
  if (creationInput === undefined) {
    throw new InvalidInputError(
      "constructorArguments",
      `${compiled.userFqn} takes constructor arguments, and neither the explorer nor the chain gave its creation code to read them from.`,
    );
  }
  return { constructorArguments: { hex: recoverConstructorArguments(compiled.bytecode, creationInput) } };
}

function libraryOptions(
  compiled: CompiledContract,
  runtimeCode: string,
): { libraries?: Record<string, string> } {
  const libraries = linkedLibraryAddresses(compiled.deployedLinkReferences, runtimeCode);
  return Object.keys(libraries).length > 0 ? { libraries } : {};
}
