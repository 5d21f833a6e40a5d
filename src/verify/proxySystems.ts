import type { ProxyPartRole, ProxyRecord, VerificationResult } from "./job.js";
import { serviceRecord } from "./jobRecord.js";
import { linkProxyTo, type ProxyLinkOptions, unverifiedPartLink } from "./linkProxy.js";
import type { LedgerUse, VerificationLedger } from "./verificationLedger.js";
import { serviceTitles, type Verifier } from "./verifier.js";

/** A proxy whose system (implementations, beacon, facets, admin) the jobs verify: linked once they are. */
export interface ProxySystem {
  address: string;
  /** Its chain, in a run over several. */
  chainId?: number | undefined;
  /** Its kind and parts, as the chain shows them. */
  proxy: ProxyRecord;
}

/** What the links of a target's systems need of the engine's run. */
export type SystemLinkContext = LedgerUse & ProxyLinkOptions & { ledger?: VerificationLedger | undefined };

/** A system's link record (none where the service links none), and a note for the proxy's own record. */
export interface SystemLink {
  link?: VerificationResult;
  note?: string;
}

const kindTitles: Record<ProxyRecord["kind"], string> = {
  eip1967: "an EIP-1967 proxy",
  beacon: "a beacon proxy",
  eip1822: "an EIP-1822 proxy",
  diamond: "an EIP-2535 diamond",
  minimal: "an EIP-1167 clone",
  master_copy: "a Safe proxy",
};

/**
 * The parts of a system, each with what it is to the proxy: the implementations (a diamond's facets), the beacon,
 * the admin.
 *
 * @returns the parts' addresses (lower case) and roles, in that order
 */
export function partsOf(proxy: ProxyRecord): Array<{ address: string; role: ProxyPartRole }> {
  const role: ProxyPartRole = proxy.kind === "diamond" ? "facet" : "implementation";
  return [
    ...proxy.implementations.map((address) => ({ address: address.toLowerCase(), role })),
    ...(proxy.beacon ? [{ address: proxy.beacon.toLowerCase(), role: "beacon" as const }] : []),
    ...(proxy.admin ? [{ address: proxy.admin.toLowerCase(), role: "admin" as const }] : []),
  ];
}

/**
 * Links one proxy once its system is verified, where the service can: nothing for a clone (explorers show it through
 * its implementation), a notice where the service links no proxy (with what it resolves by itself) or not this kind,
 * a failed or pending record when a part the link needs is not verified, the ledger's word when it records the link,
 * else the link, which must find the implementations the chain shows.
 *
 * @param recordOf - the record of the job at an address, if the run verified it here
 * @returns the link's record and a note for the proxy's own record; never throws
 */
export async function linkProxySystem(
  verifier: Verifier,
  system: ProxySystem,
  recordOf: (address: string) => VerificationResult | undefined,
  context: SystemLinkContext,
): Promise<SystemLink> {
  const { proxy, address } = system;
  const service = serviceTitles[verifier.service];
  const implementations = proxy.implementations.map((implementation) => implementation.toLowerCase());
  const [first] = implementations;
  const contract =
    implementations.length === 1 && first
      ? `proxy of ${recordOf(first)?.contract ?? first}`
      : `proxy of ${implementations.length} facets`;
  const notice = (message: string) =>
    context.onEvent?.({
      type: "notice",
      address,
      contract: recordOf(address)?.contract ?? contract,
      message,
    });
  const record = (
    status: VerificationResult["status"],
    message: string,
    fields: Partial<VerificationResult> = {},
  ) => serviceRecord(verifier, address, contract, { status, message, proxy, ...fields }, context.onEvent);

  if (!verifier.capabilities.proxyLink) {
    const resolved = await resolvedBy(verifier, address);
    const note = `${service} has no proxy link: ${kindTitles[proxy.kind].replace(/^an? /, "the ")} and its parts are verified each as a contract${resolved ? `; ${service} ${resolved}` : ""}.`;
    notice(note);
    return { note };
  }
  const linkedParts = partsOf(proxy).filter((part) => part.role !== "admin");
  const blocked = linkedParts
    .map((part) => ({ ...part, result: recordOf(part.address) }))
    .filter(
      (part) =>
        part.result !== undefined &&
        part.result.status !== "verified" &&
        part.result.status !== "already-verified",
    );
  const pending = blocked.find((part) => part.result?.status === "pending");
  if (pending) {
    return {
      link: record(
        "pending",
        `Not linked yet: the verdict on the ${pending.role} ${pending.address} was not awaited. Link them with another run once it is verified.`,
      ),
    };
  }
  const [unverified] = blocked;
  if (unverified?.result) {
    const why = unverifiedPartLink(unverified.result, `${unverified.role} ${unverified.address}`);
    return { link: record("failed", why.message, { error: { code: why.code } }) };
  }
  if (proxy.kind === "minimal") {
    const shown = await resolvedBy(verifier, address);
    return {
      link: record(
        "already-verified",
        `An EIP-1167 clone has no source of its own and nothing to link: explorers show it through its implementation ${first}${shown ? `; ${service} ${shown}` : ""}.`,
      ),
    };
  }
  if (verifier.capabilities.proxyKinds && !verifier.capabilities.proxyKinds.includes(proxy.kind)) {
    const note = `${service} links one implementation per proxy, and not ${kindTitles[proxy.kind]}: its parts are verified each as a contract, not linked.`;
    notice(note);
    return { note };
  }
  if (context.ledger?.recordsLink(verifier, address, implementations) && !context.recheck) {
    return {
      link: record(
        "already-verified",
        "The ledger records it linked to these implementations; the explorer was not asked (recheck asks it).",
      ),
    };
  }
  const link = await linkProxyTo(
    verifier,
    address,
    {
      contract,
      expected: implementations,
      // Etherscan links one implementation and enforces the one sent; Blockscout finds them itself.
      expectedImplementation: implementations.length === 1 ? first : undefined,
      readFromChain: true,
      partsVerifiedByThisRun: [address, ...linkedParts.map((part) => part.address)].some(
        (part) => recordOf(part)?.status === "verified",
      ),
    },
    // Unset or 0: the link has the default deadline.
    { ...context, timeoutMs: context.timeoutMs || undefined },
  );
  context.ledger?.recordLink(verifier, { address, implementations, result: link }, context);
  return { link: { ...link, proxy } };
}

// What a service itself resolves for a proxy, in words: "resolves it to 0x…", or nothing when it says nothing.
async function resolvedBy(verifier: Verifier, address: string): Promise<string | undefined> {
  try {
    const found = await verifier.lookUp(address, Number.POSITIVE_INFINITY);
    if (found.state === "unknown" || found.implementations.length === 0) return undefined;
    return `resolves it to ${found.implementations.join(", ")}`;
  } catch {
    return undefined;
  }
}

/**
 * A target's records in job order, each proxy's system together: a proxy's own record says its kind and parts
 * (`proxy`, and the note its link left), its link's record follows it, and each part's record says whose part it is
 * (`partOf`). The link of a proxy the run did not verify itself (a clone, a proxy built elsewhere) follows the first
 * of its parts, else ends the list.
 *
 * @param perJob - each job's records: its own, then its legacy link's
 * @param links - each system's link, in the same order
 */
export function withSystems(
  perJob: readonly VerificationResult[][],
  systems: readonly ProxySystem[],
  links: readonly SystemLink[],
): VerificationResult[] {
  const systemAt = new Map(systems.map((system, index) => [system.address.toLowerCase(), index]));
  const partOf = new Map<string, { proxy: string; role: ProxyPartRole }>();
  for (const system of systems)
    for (const part of partsOf(system.proxy))
      if (!partOf.has(part.address)) partOf.set(part.address, { proxy: system.address, role: part.role });
  const placed = new Set<number>();
  const out: VerificationResult[] = [];
  const placeLink = (index: number | undefined) => {
    if (index === undefined || placed.has(index)) return;
    placed.add(index);
    const link = links[index]?.link;
    if (link) out.push(link);
  };
  for (const records of perJob) {
    const [own, ...rest] = records;
    if (!own) continue;
    const key = own.address.toLowerCase();
    const index = systemAt.get(key);
    const system = index === undefined ? undefined : systems[index];
    const note = index === undefined ? undefined : links[index]?.note;
    const part = partOf.get(key);
    out.push({
      ...own,
      ...(system ? { proxy: system.proxy } : {}),
      ...(system && note && !own.message ? { message: note } : {}),
      ...(!system && part ? { partOf: part } : {}),
    });
    out.push(...rest);
    placeLink(index);
    // A proxy without a record of its own: its link follows its first part.
    if (part && !perJob.some((other) => other[0]?.address.toLowerCase() === part.proxy.toLowerCase()))
      placeLink(systemAt.get(part.proxy.toLowerCase()));
  }
  for (const index of systems.keys()) placeLink(index);
  return out;
}
