import type { FoundryConfig } from "../../inputs/foundryConfig.js";
import type { Service } from "../../verify/verifier.js";
import type { HardhatRunWhere } from "../hardhat/hardhatTargets.js";
import type { ChainClaim } from "../targets/chainAgreement.js";
import { foundryBlockscoutExplorer } from "../targets/foundryExplorer.js";
import {
  type ChainEndpoints,
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
  extends Omit<TargetRequest, "services" | "chains" | "explorerFor" | "endpointsFor" | "readsEndAt"> {
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
}

/**
 * The explorer URL the user named at a door, if any.
 *
 * @param where - the door's facts
 * @returns the URL as given
 */
export function namedExplorerUrl(where: RunWhere | HardhatRunWhere): string | undefined {
  return "hardhat" in where ? where.hardhat.explorerUrl : where.explorerUrl?.url;
}

/**
 * The run's targets, from where the door says it goes and the chains the run's contracts record.
 *
 * @param where - the door's facts and words
 * @param services - the services to verify on (for a copy, its source first)
 * @param recorded - the chains the deployments and the bundle record
 * @param readsEndAt - when the run's chain reads must end
 * @returns the targets, to close when the run ends
 * @throws {InvalidInputError} as {@link resolveTargets} does
 */
export async function targetsOfRun(
  where: RunWhere | HardhatRunWhere,
  services: readonly Service[],
  recorded: readonly ChainClaim[] = [],
  readsEndAt?: number,
): Promise<RunTargets> {
  if ("hardhat" in where) {
    const { hardhatRunTargets } = await import("../hardhat/hardhatTargets.js");
    return hardhatRunTargets(where, services, recorded);
  }
  const { chainId, rpc, rpcByChain, explorers, foundry, endpoints, ...facts } = where;
  return resolveTargets({
    ...facts,
    services,
    chains: chainPlaces({
      given: chainId,
      recorded,
      rpc: rpc ? { ...rpc, url: checkedRpcUrl(rpc.url, rpc.source) ?? rpc.url } : undefined,
      rpcByChain,
    }),
    explorerFor: async (id) => {
      const url = explorers?.urls[id];
      if (url) return { url: { url, source: `${explorers?.source} (chain ${id})` } satisfies NamedUrl };
      return foundryBlockscoutExplorer(foundry, id, where.keys?.blockscout);
    },
    endpointsFor: async (id) => endpoints?.[id],
    readsEndAt,
  });
}

/**
 * Tells which explorer a one-explorer command (status, fetch) found, and why; nothing when the user named it or the
 * embedded local explorer serves the chain.
 *
 * @param targets - the command's targets
 * @param where - where the door said the run goes
 * @param tell - told the line; none: nothing is said
 */
export function tellFoundExplorer(
  { targets }: RunTargets,
  where: RunWhere | HardhatRunWhere,
  tell: ((line: string) => void) | undefined,
): void {
  const [target] = targets;
  if (!tell || !target || namedExplorerUrl(where)) return;
  if (target.service === "blockscout" && target.local) return;
  tell(`Explorer: ${describeTargets([target])}`);
}
