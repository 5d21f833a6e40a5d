import { type ProxyChainReader, type ProxyResolution, resolveProxy } from "../chain/proxyKinds.js";
import type { CompiledContract } from "../inputs/buildInfo.js";
import { constructorInputs } from "../inputs/constructorValues.js";
import { createContractJob } from "../inputs/contractJob.js";
import { contractsMatching } from "../inputs/inferContract.js";
import { linkedLibraryAddresses } from "../recompile/bytecodeTransformations.js";
import type { ProxyRecord, VerificationJob } from "../verify/job.js";
import { type ProxySystem, partsOf } from "../verify/proxySystems.js";

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
  /** The chain a job or address lives on (its `chainId`, its `rpc`); undefined where the door reads none. */
  chainOf: (place: {
    chainId?: number | undefined;
    rpc?: VerificationJob["rpc"];
  }) => ProxyChainReader | undefined;
  /** The contracts of the build the parts are found in, by their deployed code. */
  contracts: () => Promise<readonly CompiledContract[]>;
}

/** The run's jobs with every proxy's parts among them, and the proxies to link. */
export interface ProxyJobs {
  jobs: VerificationJob[];
  systems: ProxySystem[];
}

const kindWords: Record<ProxyRecord["kind"], string> = {
  eip1967: "EIP-1967",
  beacon: "beacon proxy",
  eip1822: "EIP-1822",
  diamond: "EIP-2535 diamond",
  minimal: "EIP-1167 clone",
  master_copy: "Safe proxy",
};

/**
 * Reads each proxy of a run from the chain, and makes its system whole: a job marked as a proxy (its `proxyAddress`
 * is its own address: the manifest's `proxy: true`, `--proxy`), each address named as one, and with `include-proxies`
 * every job whose code is a proxy. Its implementations (a diamond's facets), its beacon and its admin become jobs of
 * their own, found in the build by their deployed code, right after the proxy's; parts already among the jobs are
 * not added again. A marked job without a chain to read keeps its link as it is: the explorer finds what it finds.
 *
 * @param jobs - the run's jobs
 * @param sources - the chains and the build
 * @param say - told what was found, and what was left out and why, one line each
 * @returns the jobs with the parts, and the proxies to link once their systems are verified
 * @throws {ChainError} when a chain cannot be read
 */
export async function proxyJobs(
  jobs: readonly VerificationJob[],
  sources: ProxySources,
  say: (line: string) => void,
): Promise<ProxyJobs> {
  const out: VerificationJob[] = [];
  const systems: ProxySystem[] = [];
  const known = new Set(jobs.map((job) => placeKey(job.address, job.chainId)));
  let saidNoChain = false;
  const expand = async (
    address: string,
    place: { chainId?: number | undefined; rpc?: VerificationJob["rpc"] },
    named: boolean,
  ): Promise<{ resolution: ProxyResolution; parts: VerificationJob[] } | "no chain" | undefined> => {
    const chain = sources.chainOf(place);
    if (!chain) return "no chain";
    const resolution = await resolveProxy(chain, address);
    if (!resolution) {
      if (named)
        say(
          `${address} is marked as a proxy, but the chain shows none of the kinds read (EIP-1967, beacon, EIP-1822, EIP-2535 diamond, EIP-1167 clone, Safe proxy): it is verified as a contract, not linked.`,
        );
      return undefined;
    }
    say(describe(address, resolution));
    const parts: VerificationJob[] = [];
    for (const part of partsOf(record(resolution))) {
      const key = placeKey(part.address, place.chainId);
      if (known.has(key)) continue;
      known.add(key);
      const job = await partJob(part.address, chain, sources, (reason) =>
        say(`skipped     ${part.role} ${part.address} of proxy ${address}: ${reason}`),
      );
      if (job) parts.push({ ...job, ...placeOf(place) });
    }
    return { resolution, parts };
  };

  for (const job of jobs) {
    const marked = job.proxyAddress?.toLowerCase() === job.address.toLowerCase();
    if (!marked && (!sources.includeProxies || job.proxyAddress)) {
      out.push(job);
      continue;
    }
    const found = await expand(job.address, job, marked);
    if (found === "no chain") {
      if (!saidNoChain)
        say(
          marked
            ? "A proxy's kind and parts are read from the chain, and none was given (rpc-url): each proxy is only linked, the explorer finding its implementation."
            : "include-proxies reads each contract's code from the chain, and none was given (rpc-url): no proxy was looked for.",
        );
      saidNoChain = true;
      out.push(job);
      continue;
    }
    // Read from the chain, the proxy is linked as a system (or, when it is none, not at all).
    const { proxyAddress: _link, ...own } = job;
    out.push(own);
    if (!found) continue;
    systems.push(system(job.address, job.chainId, found.resolution));
    out.push(...found.parts);
  }
  for (const named of sources.addresses ?? []) {
    if (
      systems.some(
        (s) => s.address.toLowerCase() === named.address.toLowerCase() && s.chainId === named.chainId,
      )
    )
      continue;
    const found = await expand(named.address, named, true);
    if (found === "no chain") {
      say(`${named.address} is marked as a proxy, but its chain cannot be read (rpc-url): it is left out.`);
      continue;
    }
    if (!found) continue;
    systems.push(system(named.address, named.chainId, found.resolution));
    out.push(...found.parts);
  }
  return { jobs: out, systems };
}

function system(address: string, chainId: number | undefined, resolution: ProxyResolution): ProxySystem {
  return { address, ...(chainId === undefined ? {} : { chainId }), proxy: record(resolution) };
}

function record(resolution: ProxyResolution): ProxyRecord {
  return {
    kind: resolution.kind,
    implementations: resolution.implementations,
    ...(resolution.beacon ? { beacon: resolution.beacon } : {}),
    ...(resolution.admin ? { admin: resolution.admin } : {}),
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

// A part as a job of its own: the one contract of the build whose code is deployed there.
async function partJob(
  address: string,
  chain: ProxyChainReader,
  sources: ProxySources,
  skipped: (reason: string) => void,
): Promise<VerificationJob | undefined> {
  const code = await chain.getCode(address);
  if (code === "0x") {
    skipped("there is no code there");
    return undefined;
  }
  const matching = contractsMatching(await sources.contracts(), code);
  const [contract, ...others] = matching;
  if (!contract) {
    skipped("its code is not in this project's build, so it is not verified here");
    return undefined;
  }
  if (others.length > 0) {
    skipped(
      `more than one contract of the build matches its code (${matching
        .map((c) => c.userFqn)
        .sort()
        .join(", ")}): name it with its contract (a manifest entry) to verify it`,
    );
    return undefined;
  }
  const libraries = linkedLibraryAddresses(contract.deployedLinkReferences, code);
  const job = createContractJob(contract, {
    address,
    ...(Object.keys(libraries).length > 0 ? { libraries } : {}),
  });
  // Read from the explorer's creation data, after the compiled creation code.
  return constructorInputs(contract.abi).length > 0
    ? { ...job, constructorArguments: { recoverFrom: { creationBytecode: contract.bytecode } } }
    : job;
}

function placeOf(place: {
  chainId?: number | undefined;
  rpc?: VerificationJob["rpc"];
}): Partial<VerificationJob> {
  return {
    ...(place.chainId === undefined ? {} : { chainId: place.chainId }),
    ...(place.rpc ? { rpc: place.rpc } : {}),
  };
}

function placeKey(address: string, chainId: number | undefined): string {
  return `${chainId ?? ""} ${address.toLowerCase()}`;
}
