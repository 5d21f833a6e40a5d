import type { ContractRecord, CreationRecord, ExplorerBackend } from "../backend.js";
import type { StateStore } from "../stateStore.js";
import type { ChainSummary } from "./layout.js";

/** Why the latest submission for an address failed, as the explorer said it and in plain words. */
export interface FailedVerdict {
  reason: string;
  explanation: string;
}

/** Where a contract stands with the explorer. */
export type ContractState =
  | { kind: "verified"; match: "perfect" | "partial"; record: ContractRecord }
  | { kind: "failed"; failure: FailedVerdict | undefined }
  | { kind: "pending" }
  | { kind: "unverified" }
  /** Indexed or verified once, but no code there now (a restarted chain). */
  | { kind: "empty" };

/** A contract as the pages show it. */
export interface KnownContract {
  address: string;
  state: ContractState;
  creation: CreationRecord | undefined;
}

/**
 * What the pages read: the explorer's backend, its state file, the chain, and why the latest submission of an address
 * failed in this run (the state file keeps verified contracts and guid states, not why a submission failed).
 */
export interface PageSources {
  chain: ChainSummary & { getCode(address: string): Promise<string> };
  backend: ExplorerBackend;
  store: StateStore;
  failures: Map<string, FailedVerdict>;
}

/**
 * Every contract the explorer knows, newest creation first (contracts verified outside the indexed blocks last).
 * @param sources - the explorer's facts
 * @returns the contracts with their state and creation
 */
export async function knownContracts(sources: PageSources): Promise<KnownContract[]> {
  const listed = await sources.backend.listContracts();
  const found = await sources.backend.creations(listed.map((entry) => entry.address));
  const creations = new Map(found.map((creation) => [creation.contractAddress.toLowerCase(), creation]));
  const contracts = listed.map((entry, order) => ({
    order,
    address: entry.address.toLowerCase(),
    state: stateOf(sources, entry.address, entry.verified, entry.empty),
    creation: creations.get(entry.address.toLowerCase()),
  }));
  contracts.sort(
    (a, b) =>
      (b.creation?.blockNumber ?? -1) - (a.creation?.blockNumber ?? -1) ||
      (b.creation ? b.order - a.order : a.order - b.order),
  );
  return contracts.map(({ order: _order, ...contract }) => contract);
}

/**
 * One address as the pages show it.
 * @param sources - the explorer's facts
 * @param address - a lower-case address
 * @returns its state and creation
 */
export async function contractAt(sources: PageSources, address: string): Promise<KnownContract> {
  const verified = await sources.backend.verifiedContract(address);
  const empty = !(await sources.backend.isContract(address));
  const [creation] = await sources.backend.creations([address]);
  return { address, state: stateOf(sources, address, verified, empty), creation };
}

function stateOf(
  sources: PageSources,
  address: string,
  verified: ContractRecord | undefined,
  empty: boolean,
): ContractState {
  if (verified) return { kind: "verified", match: verified.match ?? "perfect", record: verified };
  if (empty) return { kind: "empty" };
  const guids = Object.values(sources.store.state.guids).filter(
    (guid) => guid.address.toLowerCase() === address.toLowerCase(),
  );
  if (guids.some((guid) => guid.state === "pending")) return { kind: "pending" };
  const failure = sources.failures.get(address.toLowerCase());
  if (failure || guids.some((guid) => guid.state === "fail")) return { kind: "failed", failure };
  return { kind: "unverified" };
}

/**
 * The proxy links of an address: the implementations it points to, and the verified proxies that point to it, as the
 * chain shows them now and as proxy checks stored them.
 * @param sources - the explorer's facts
 * @param address - a lower-case address
 * @returns both lists, lower-case
 */
export async function proxyLinks(
  sources: PageSources,
  address: string,
): Promise<{ implementations: string[]; proxies: string[] }> {
  const { contracts, proxyGuids } = sources.store.state;
  const implementations = new Set<string>(
    (contracts[address]?.record.implementationAddresses ?? []).map((a) => a.toLowerCase()),
  );
  for (const implementation of (await sources.backend.proxyOf(address))?.implementations ?? [])
    implementations.add(implementation);
  const proxies = new Set<string>();
  for (const [proxy, entry] of Object.entries(contracts)) {
    const stored = entry.record.implementationAddresses?.map((a) => a.toLowerCase()) ?? [];
    if (
      stored.includes(address) ||
      (await sources.backend.proxyOf(proxy))?.implementations.includes(address)
    ) {
      proxies.add(proxy.toLowerCase());
    }
  }
  for (const check of Object.values(proxyGuids)) {
    if (check.state !== "pass") continue;
    const implementationsOfCheck = check.implementations.map((a) => a.toLowerCase());
    if (check.proxy.toLowerCase() === address) for (const a of implementationsOfCheck) implementations.add(a);
    if (implementationsOfCheck.includes(address)) proxies.add(check.proxy.toLowerCase());
  }
  return { implementations: [...implementations], proxies: [...proxies] };
}
