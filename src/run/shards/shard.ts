import type { Service } from "../../verify/verifier.js";
import type { KeySecret } from "./keySecrets.js";
import type { ShardId } from "./shardId.js";

/** One explorer of a run (a chain on a service), and the run's contracts it verifies. */
export interface PlannedExplorer {
  service: Service;
  /** Unset in a run whose chain nothing names. */
  chainId: number | undefined;
  contracts: number;
  /** Its contracts' addresses, lowercase and sorted: a split gives each part a run of them. */
  addresses: string[];
}

/** An explorer as a shard verifies on it: whole, or one part of it (a run of its addresses) at its share of the rate. */
export interface ShardExplorer extends PlannedExplorer {
  /** One part of an explorer split across shards: the `index`-th (from 1) of `of`, and the contracts it verifies. */
  part?: { index: number; of: number; addresses: string[] };
  /** A part's share of the explorer's stated rate, in requests per second; unset: the run's rate. */
  requestsPerSecond?: number;
  /** The secret the shard's key for this explorer comes from, by name; unset: the run's one key. */
  keySecret?: string;
}

/** One shard of a plan: the explorers it verifies on, and its share of each budget it shares with others. */
export interface Shard {
  id: ShardId;
  explorers: ShardExplorer[];
  /** Its explorers' contracts, added up. */
  contracts: number;
  /**
   * Per service whose key has a stated budget (Etherscan's `getapilimit`): how many shards share the key. The shard
   * spends at most that fraction of what the service states is left.
   */
  budgetShares: Partial<Record<Service, number>>;
  /** Per service: the secret its key comes from in this shard, where the plan names one. */
  keySecrets: Partial<Record<Service, string>>;
}

/** A run split into shards: every shard of the count asked for, the empty ones too (more shards than explorers). */
export interface ShardPlan {
  shards: Shard[];
  /** A run on one chain: its explorers are told apart by service only. */
  oneChain: boolean;
  /** Per explorer, for a person: why it was, or was not, split across shards (none for a plan of one shard). */
  notes: string[];
}

/** What a plan takes beside the contracts: the stated rate and the keys' secrets. */
export interface PlanOptions {
  /** The rate the user stated for each explorer (`requestsPerSecond`); unset: none. */
  requestsPerSecond?: number | undefined;
  keySecrets?: readonly KeySecret[];
}

/**
 * @returns its name for a person and a matrix: `etherscan on chain 10`, or the service alone when no chain is named
 */
export function explorerName(explorer: { service: Service; chainId?: number | undefined }): string {
  return explorer.chainId === undefined
    ? explorer.service
    : `${explorer.service} on chain ${explorer.chainId}`;
}

/**
 * @returns its name for a person and a matrix: `etherscan on chain 10`, and a part's place: `(part 1 of 2)`
 */
export function shardExplorerName(explorer: {
  service: Service;
  chainId?: number | undefined;
  part?: { index: number; of: number } | undefined;
}): string {
  const part = explorer.part ? ` (part ${explorer.part.index} of ${explorer.part.of})` : "";
  return `${explorerName(explorer)}${part}`;
}
