import type { FoundryConfig } from "../../inputs/foundryConfig.js";
import type { ReadsDeadline } from "../../kernel/readsDeadline.js";
import type { Service } from "../../verify/verifier.js";
import type { HardhatRunWhere } from "../hardhat/hardhatTargets.js";
import { type Door, nameIn, settingNamed } from "../settings.js";
import type { ChainClaim } from "../targets/chainAgreement.js";
import { foundryBlockscoutExplorer } from "../targets/foundryExplorer.js";
import {
  type ChainEndpoints,
  type ChainPlace,
  chainIdsOf,
  chainPlaces,
  describeTargets,
  type NamedUrl,
  type RunTargets,
  resolveTargets,
  type TargetRequest,
} from "../targets/targets.js";
import { checkedRpcUrl } from "./checkedRpcUrl.js";

export type { HardhatRunWhere, OpenNetwork } from "../hardhat/hardhatTargets.js";

/**
 * Where a door's run goes, as facts in the door's own words: what the user named (each with where it was named) and
 * how this door tells a user to give what is missing. The hall chooses from them, in {@link resolveTargets}.
 */
export interface RunWhere
  extends Omit<
    TargetRequest,
    "services" | "chains" | "explorerFor" | "endpointsFor" | "reads" | "serviceWords"
  > {
  /** The door that names them: the hall's checks say what is wrong in its names. */
  door: Door;
  /** The chain the user named. */
  chainId?: ChainClaim | undefined;
  /** The run's JSON-RPC, as given. */
  rpc?: { url: string; source: string } | undefined;
  /** JSON-RPC URLs by chain id (the Action's `rpc-urls`). */
  rpcByChain?: Record<number, string> | undefined;
  /** Blockscout explorers by chain id, and the setting that names them (the Action's `explorers`). */
  explorers?: { urls: Record<number, string>; source: string } | undefined;
  /** The project's foundry.toml: its `[etherscan]` table names Blockscout explorers by chain, as forge reads it. */
  foundry?: FoundryConfig | undefined;
  /** A chain's own endpoints of every service, by chain id. */
  endpoints?: Record<number, ChainEndpoints> | undefined;
  /** The flag naming the service this command asks (default the targets setting's); null: it asks Blockscout only. */
  serviceFlag?: string | null | undefined;
}

/**
 * The run's targets, from where the door says it goes and the chains the run's contracts record.
 *
 * @param where - the door's facts and words
 * @param services - the services to verify on (for a copy, its source first)
 * @param recorded - the chains the deployments and the bundle record
 * @param reads - the run's read budget, for the chain id
 * @returns the targets, to close when the run ends
 * @throws {InvalidInputError} as {@link resolveTargets} does
 */
export async function targetsOfRun(
  where: RunWhere | HardhatRunWhere,
  services: readonly Service[],
  recorded: readonly ChainClaim[] = [],
  reads?: ReadsDeadline,
): Promise<RunTargets> {
  if ("hardhat" in where) {
    const { hardhatTargets } = await import("../hardhat/hardhatTargets.js");
    return hardhatTargets(where, services, recorded, reads);
  }
  const { chainId, rpc, rpcByChain, explorers, foundry, endpoints, serviceFlag, ...facts } = where;
  return resolveTargets({
    ...facts,
    serviceWords: {
      flag: serviceFlag === undefined ? nameIn(settingNamed("targets"), where.door) : serviceFlag,
      endpoint: `${where.door === "cli" ? "--endpoint" : "Input endpoints"} CHAIN=SERVICE=URL`,
    },
    services,
    chains: await chainsOfRun(where, recorded, reads),
    explorerFor: async (id) => {
      const url = explorers?.urls[id];
      if (url) return { url: { url, source: `${explorers?.source} (chain ${id})` } satisfies NamedUrl };
      return foundryBlockscoutExplorer(foundry, id, where.keys?.blockscout);
    },
    endpointsFor: async (id) => endpoints?.[id],
    reads,
  });
}

/**
 * The chains a run goes to, from what names them: the user's chain, the chains its contracts record, its RPCs. `plan`
 * and each shard's run name a run's chain alike from these.
 *
 * @param where - the door's chain, RPC and RPCs by chain
 * @param recorded - the chains the deployments and the bundle record
 * @param reads - the run's read budget, for the chain id of an RPC beside deployments on several chains
 * @returns the places, each a chain's claims and RPC
 */
export async function chainsOfRun(
  where: Pick<RunWhere, "chainId" | "rpc" | "rpcByChain">,
  recorded: readonly ChainClaim[],
  reads?: ReadsDeadline,
): Promise<ChainPlace[]> {
  const { chainId, rpc, rpcByChain } = where;
  // Deployments on several chains: the run's one RPC serves the chain it answers.
  const several = rpc && !chainId && new Set(recorded.map((claim) => claim.id)).size > 1;
  const [id] = several ? await chainIdsOf([{ claims: [], rpc }], reads) : [];
  const served = id === undefined || !rpc ? {} : { [id]: { ...rpc, chainId: id } };
  return chainPlaces({ given: chainId, recorded, rpc, rpcByChain: { ...served, ...rpcByChain } });
}

/**
 * Runs a one-explorer command (status, fetch) on its targets, closing them after, and tells which explorer it found
 * and why; nothing is told when the user named it or the embedded local explorer serves the chain.
 *
 * @param where - where the door said the run goes
 * @param service - the service asked
 * @param found - told the found explorer's line; none: nothing is said
 * @param step - the command's work
 * @returns the step's result
 */
export async function onOneTarget<T>(
  where: RunWhere | HardhatRunWhere,
  service: Service,
  found: ((line: string) => void) | undefined,
  step: (targets: RunTargets["targets"]) => Promise<T>,
): Promise<T> {
  if (!("hardhat" in where)) checkedRpcUrl(where.rpc?.url, where.door);
  const targets = await targetsOfRun(where, [service]);
  try {
    const [target] = targets.targets;
    const named = "hardhat" in where ? where.hardhat.explorerUrl : where.explorerUrl;
    if (found && target && !named && !(target.service === "blockscout" && target.local))
      found(`Explorer: ${describeTargets([target])}`);
    return await step(targets.targets);
  } finally {
    await targets.close();
  }
}
