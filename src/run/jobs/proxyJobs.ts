import { type ProxyChainReader, type ProxyResolution, resolveProxy } from "../../chain/proxyKinds.js";
import { beforeDeadline } from "../../discovery/discoveryDeadline.js";
import { isDeadlineReached, isExplorerVerifyError } from "../../errors/index.js";
import type { CompiledContract } from "../../inputs/compiledContracts.js";
import { createContractJob } from "../../inputs/contractJob.js";
import { contractsMatching } from "../../inputs/inferContract.js";
import { constructorParameters } from "../../kernel/abiParameters.js";
import { eachAtMost } from "../../kernel/eachAtMost.js";
import type { ReadsDeadline } from "../../kernel/readsDeadline.js";
import { linkedLibraryAddresses } from "../../recompile/bytecodeTransformations.js";
import type { ProxyRecord, ResultError, VerificationJob } from "../../verify/job.js";
import { type ProxySystem, partsOf } from "../../verify/proxySystems.js";

/** A proxy the user named whose own code is not a job of the run: a clone, or a proxy built elsewhere. */
export interface ProxyAddress {
  address: string;
  /** Its chain, as its deployment records it. */
  chainId?: number | undefined;
  /** Its chain's JSON-RPC, when it is not the run's. */
  rpc?: VerificationJob["rpc"];
}

/** Where a run finds its proxies' kinds and parts: each door's chain and build. */
export interface ProxySources {
  /** Proxies named without a job of their own. */
  addresses?: readonly ProxyAddress[] | undefined;
  /** Every contract of the run whose code is a proxy is taken as one (`include-proxies`). */
  includeProxies: boolean;
  /**
   * The chain a job or address lives on (its `chainId`, its `rpc`), its requests aborted at `endsAt` (ms since the
   * epoch) where it can; undefined where the door reads none.
   */
  chainOf: (
    place: { chainId?: number | undefined; rpc?: VerificationJob["rpc"] },
    endsAt: number,
  ) => ProxyChainReader | undefined;
  /** The contracts of the build the parts are found in, by their deployed code. */
  contracts: () => Promise<readonly CompiledContract[]>;
}

/** The run's jobs with every proxy's parts among them, and the proxies to link. */
export interface ProxyJobs {
  jobs: VerificationJob[];
  systems: ProxySystem[];
  /**
   * Proxies not linked, each a failed record: those whose reads did not come back (none of their system is verified),
   * and those named for their proxy alone where the chain shows none.
   */
  unlinked: UnlinkedProxy[];
}

const noKind =
  "none of the kinds read (EIP-1967, beacon, EIP-1822, EIP-2535 diamond, EIP-1167 clone, Safe proxy)";

const kindWords: Record<ProxyRecord["kind"], string> = {
  eip1967: "EIP-1967",
  beacon: "beacon proxy",
  eip1822: "EIP-1822",
  diamond: "EIP-2535 diamond",
  minimal: "EIP-1167 clone",
  master_copy: "Safe proxy",
};

/**
 * A proxy the run cannot link, a failed record of its own: the chain did not give its kind and parts by the run's
 * deadline (or at all), or shows no proxy at an address named for its proxy alone.
 */
export interface UnlinkedProxy {
  address: string;
  chainId?: number | undefined;
  /** Why, naming the read that did not come back. */
  message: string;
  error: ResultError;
}

/** Proxies read from the chain at once, at most: each is a handful of reads in a row. */
const proxyReadsAtOnce = 8;

/**
 * Reads each proxy of a run from the chain, and makes its system whole: a job marked as a proxy (its `proxyAddress`
 * is its own address: the manifest's `proxy: true`, `--proxy`), each address named as one, and with `include-proxies`
 * every job whose code is a proxy. Its implementations (a diamond's facets), its beacon and its admin become jobs of
 * their own, found in the build by their deployed code, right after the proxy's; parts already among the jobs are
 * not added again. A marked job without a chain to read keeps its link as it is: the explorer finds what it finds.
 * Proxies are read several at once, every read under the run's deadline: a proxy the chain has not given by then
 * (or whose reads fail) is unread, its own job verified unlinked. An address named for its proxy alone where the
 * chain shows none is a failed record.
 *
 * @param say - told what was found, and what was left out and why, one line each
 * @returns the jobs with the parts, the proxies to link once their systems are verified, and those it cannot link
 */
export async function proxyJobs(
  jobs: readonly VerificationJob[],
  sources: ProxySources,
  say: (line: string) => void,
  deadline: ReadsDeadline,
): Promise<ProxyJobs> {
  const proxies: Proxy[] = [];
  let saidNoChain = false;
  for (const job of jobs) {
    const marked = job.proxyAddress?.toLowerCase() === job.address.toLowerCase();
    if (!marked && (!sources.includeProxies || job.proxyAddress)) {
      proxies.push({ job, chain: undefined, named: false });
      continue;
    }
    const chain = sources.chainOf(job, deadline.endsAt);
    if (!chain && !saidNoChain) {
      say(
        marked
          ? "A proxy's kind and parts are read from the chain, and none was given (rpc-url): each proxy is only linked, the explorer finding its implementation."
          : "include-proxies reads each contract's code from the chain, and none was given (rpc-url): no proxy was looked for.",
      );
      saidNoChain = true;
    }
    proxies.push({ job, chain, named: marked, address: job.address, place: job });
  }
  const looked = new Set(proxies.flatMap((p) => (p.address ? [placeKey(p.address, p.place?.chainId)] : [])));
  for (const named of sources.addresses ?? []) {
    const key = placeKey(named.address, named.chainId);
    if (looked.has(key)) continue;
    looked.add(key);
    const chain = sources.chainOf(named, deadline.endsAt);
    if (!chain) {
      say(`${named.address} is marked as a proxy, but its chain cannot be read (rpc-url): it is left out.`);
      continue;
    }
    proxies.push({ job: undefined, chain, named: true, address: named.address, place: named });
  }

  const readings = await eachAtMost(proxyReadsAtOnce, proxies, (proxy) =>
    proxy.chain && proxy.address
      ? chainRead(proxy.chain, deadline, (chain) => resolveProxy(chain, proxy.address as string))
      : Promise.resolve(undefined),
  );
  // Each part once, for the first proxy that has it, in the jobs' order.
  const known = new Set(jobs.map((job) => placeKey(job.address, job.chainId)));
  const partsWanted = proxies.map((proxy, index) => {
    const reading = readings[index];
    if (!reading || "failure" in reading || !reading.value) return [];
    return partsOf(reading.value).filter((part) => {
      const key = placeKey(part.address, proxy.place?.chainId);
      if (known.has(key)) return false;
      known.add(key);
      return true;
    });
  });
  const partReadings = await eachAtMost(
    proxyReadsAtOnce,
    proxies.flatMap((proxy, index) => (partsWanted[index] ?? []).map((part) => ({ proxy, part }))),
    ({ proxy, part }) =>
      chainRead(proxy.chain as ProxyChainReader, deadline, (chain) => partJob(part.address, chain, sources)),
  );

  const out: VerificationJob[] = [];
  const systems: ProxySystem[] = [];
  const unlinked: UnlinkedProxy[] = [];
  let nextPart = 0;
  for (const [index, proxy] of proxies.entries()) {
    const { job, address, place } = proxy;
    const reading = readings[index];
    const parts = (partsWanted[index] ?? []).map((part) => ({
      ...part,
      reading: partReadings[nextPart++] as ChainReading<PartJob>,
    }));
    if (!proxy.chain || !address || !place || !reading) {
      if (job) out.push(job);
      continue;
    }
    const onChain = place.chainId === undefined ? {} : { chainId: place.chainId };
    // Read from the chain, the proxy is linked as a system (or, when it is none or unread, not at all).
    if (job) {
      const { proxyAddress: _link, ...own } = job;
      out.push(own);
    }
    const failed =
      "failure" in reading ? reading : parts.map((part) => part.reading).find((r) => "failure" in r);
    if (failed && "failure" in failed) {
      say(`unread      proxy ${address}: ${failed.failure.message}`);
      unlinked.push({
        address,
        ...onChain,
        message: `Not linked: ${failed.failure.message}; its kind and parts are unknown, so they are not verified here.`,
        error: failed.failure.error,
      });
      continue;
    }
    const resolution = "value" in reading ? reading.value : undefined;
    if (!resolution) {
      if (!proxy.named) continue;
      if (job) {
        say(
          `${address} is marked as a proxy, but the chain shows ${noKind}: it is verified as a contract, not linked.`,
        );
        continue;
      }
      // Named for its proxy alone (its own code is not in the build): there is nothing left of it to verify.
      say(`skipped     ${address}: marked as a proxy, but the chain shows ${noKind}`);
      unlinked.push({
        address,
        ...onChain,
        message: `Not verified: it is marked as a proxy, but the chain shows ${noKind} at this address, and its own code is not in this project's build.`,
        error: { code: "invalid_input" },
      });
      continue;
    }
    say(describe(address, resolution));
    const { blockscoutType: _type, ...proxyRecord } = resolution;
    systems.push({ address, ...onChain, proxy: proxyRecord });
    for (const part of parts) {
      const found = "value" in part.reading ? part.reading.value : undefined;
      if (found && "skipped" in found)
        say(`skipped     ${part.role} ${part.address} of proxy ${address}: ${found.skipped}`);
      else if (found) out.push({ ...found.job, ...onChain, ...(place.rpc ? { rpc: place.rpc } : {}) });
    }
  }
  return { jobs: out, systems, unlinked };
}

/** A job of the run, or an address named as a proxy, with the chain its kind is read from (when it is one to read). */
interface Proxy {
  job: VerificationJob | undefined;
  chain: ProxyChainReader | undefined;
  /** Marked or named as a proxy, not only looked at (`include-proxies`). */
  named: boolean;
  address?: string;
  place?: { chainId?: number | undefined; rpc?: VerificationJob["rpc"] };
}

type ChainReading<T> = { value: T } | { failure: { message: string; error: ResultError } };

// One proxy's (or one part's) reads, bounded by the run's deadline: the run stops waiting for them then, whether or
// not the chain's client heeds it (a provider behind Hardhat's network does not; see `ProxySources.chainOf`).
async function chainRead<T>(
  chain: ProxyChainReader,
  deadline: ReadsDeadline,
  read: (chain: ProxyChainReader) => Promise<T>,
): Promise<ChainReading<T>> {
  const watched = watchedReads(chain);
  const { endsAt } = deadline;
  try {
    return { value: await beforeDeadline(read(watched.reads), endsAt) };
  } catch (error) {
    if (isDeadlineReached(error) || Date.now() >= endsAt) {
      const waiting = watched.waitingFor();
      return {
        failure: {
          message: `${waiting ? `the chain had not answered ${waiting}` : "nothing was read"} when the run's deadline came (timeout ${deadline.seconds} s)`,
          error: { code: "timeout" },
        },
      };
    }
    if (!isExplorerVerifyError(error)) throw error;
    return {
      failure: {
        message: error.shortMessage.replace(/\.$/, ""),
        error: { code: error.code, ...(error.details ? { details: error.details } : {}) },
      },
    };
  }
}

// A chain's reads, each named while it waits: the deadline says which one it cut short.
function watchedReads(chain: ProxyChainReader): {
  reads: ProxyChainReader;
  waitingFor: () => string | undefined;
} {
  const waiting = new Set<string>();
  const watch = async <T>(read: string, work: () => Promise<T>): Promise<T> => {
    waiting.add(read);
    try {
      return await work();
    } finally {
      waiting.delete(read);
    }
  };
  return {
    reads: {
      getCode: (address) => watch(`eth_getCode of ${address}`, () => chain.getCode(address)),
      getStorageAt: (address, slot) =>
        watch(`eth_getStorageAt of ${address} at slot ${slot}`, () => chain.getStorageAt(address, slot)),
      call: (to, data) => watch(`eth_call ${data} to ${to}`, () => chain.call(to, data)),
    },
    waitingFor: () => [...waiting][0],
  };
}

// "Proxy 0x… points at implementation 0x… (EIP-1967)": the words the task has said since its first --proxy.
function describe(address: string, resolution: ProxyResolution): string {
  const [first] = resolution.implementations;
  const kind = kindWords[resolution.kind];
  if (resolution.kind === "diamond")
    return `Proxy ${address} (${kind}) has ${resolution.implementations.length} facets: ${resolution.implementations.join(", ")}`;
  const through = resolution.beacon ? ` through beacon ${resolution.beacon}` : "";
  const admin = resolution.admin ? `, admin ${resolution.admin}` : "";
  return `Proxy ${address} points at implementation ${first}${through} (${kind}${admin})`;
}

/** A part's job, or why it has none. */
type PartJob = { job: VerificationJob } | { skipped: string };

// A part as a job of its own: the one contract of the build whose code is deployed there.
async function partJob(address: string, chain: ProxyChainReader, sources: ProxySources): Promise<PartJob> {
  const code = await chain.getCode(address);
  if (code === "0x") return { skipped: "there is no code there" };
  const matching = contractsMatching(await sources.contracts(), code);
  const [contract, ...others] = matching;
  if (!contract) return { skipped: "its code is not in this project's build, so it is not verified here" };
  if (others.length > 0) {
    return {
      skipped: `more than one contract of the build matches its code (${matching
        .map((c) => c.userFqn)
        .sort()
        .join(", ")}): name it with its contract (a manifest entry) to verify it`,
    };
  }
  const libraries = linkedLibraryAddresses(contract.deployedLinkReferences, code);
  const job = createContractJob(contract, {
    address,
    ...(Object.keys(libraries).length > 0 ? { libraries } : {}),
  });
  // Read from the explorer's creation data, after the compiled creation code.
  return {
    job:
      constructorParameters(contract.abi).length > 0
        ? { ...job, constructorArguments: { recoverFrom: { creationBytecode: contract.bytecode } } }
        : job,
  };
}

function placeKey(address: string, chainId: number | undefined): string {
  return `${chainId ?? ""} ${address.toLowerCase()}`;
}
