import { isLoopbackUrl } from "../../kernel/httpUrl.js";
import type { ReadsDeadline } from "../../kernel/readsDeadline.js";
import type { Service } from "../../verify/verifier.js";
import { nameIn, settingNamed } from "../settings.js";
import {
  type ChainClaim,
  type ChainPlace,
  chainIdsOf,
  chainPlaces,
  type NamedUrl,
  type RunTargets,
  resolveTargets,
} from "../targets/targets.js";
import {
  configEndpoints,
  type HardhatConfigFacts,
  headerValues,
  optionalValue,
} from "./hardhatConfigFacts.js";
import type { Eip1193Provider } from "./providerChain.js";

/** The open Hardhat network: its name, its provider (the chain's reads), its URL for an HTTP network. */
export interface OpenNetwork {
  name: string;
  provider: Eip1193Provider;
  /** Unset for Hardhat's in-process chain. */
  rpcUrl?: string | undefined;
}

/**
 * Where the task's run goes, as facts: Hardhat's config, the options, and the network, opened only when asked (a
 * `fetch` with `--explorer-url` alone never opens it; deployments on their own chains need none).
 */
export interface HardhatRunWhere {
  hardhat: {
    config: HardhatConfigFacts;
    network?: (() => Promise<OpenNetwork>) | undefined;
    /** Whether `--network` was given. */
    networkNamed: boolean;
    /** In a run on the chains its deployments or bundle record, the network `--network` names: it serves its chain. */
    namedNetwork?: (() => Promise<OpenNetwork>) | undefined;
    /** `--explorer-url`. */
    explorerUrl?: string | undefined;
    /** The option naming the service this task asks (default `--targets`); null: it asks Blockscout only. */
    serviceFlag?: string | null | undefined;
    optionalTargets?: readonly Service[] | undefined;
    /** The `--user-agent` setting (or `explorerVerify.userAgent`). */
    userAgent?: string | undefined;
    /** Where the embedded explorer keeps its state, and the project's compilers it uses. */
    localExplorer: { cacheDir: string; compilers: string[] };
  };
}

/**
 * The run's targets for the task's commands: what only Hardhat knows (the network's chain and JSON-RPC, the HTTP
 * networks serving the chains recorded, `explorerVerify` and its `chains`, the chain descriptors' Blockscout and Etherscan
 * entries) in the order every door's run takes.
 *
 * @param facts - the Hardhat facts and the options
 * @param services - the services to verify on (for a copy, its source first)
 * @param recorded - the chains the deployments record (an Ignition journal, a `chain-N` folder): they must agree with
 *   the network
 * @param reads - the run's read budget, for a chain id read over JSON-RPC
 * @returns the targets, and the HTTP network chosen for each recorded chain (none with a network open)
 * @throws {InvalidInputError} when chains disagree, no explorer is known for a chain, the network is Hardhat's
 *   in-process chain, a URL is not http(s), or a header is malformed
 */
export async function hardhatTargets(
  facts: HardhatRunWhere,
  services: readonly Service[],
  recorded: readonly ChainClaim[] = [],
  reads?: ReadsDeadline,
): Promise<RunTargets & { networks: Record<number, NamedUrl> }> {
  const where = facts.hardhat;
  const { config } = where;
  const opened = await where.network?.();
  const { ProviderChain } = await import("./providerChain.js");
  const network = opened && {
    ...opened,
    chainId: Number(await new ProviderChain(opened.provider).chainId()),
  };
  const settings = config.explorerVerify;
  const networkName = `network "${network?.name}"`;
  const networks = network ? {} : await httpNetworks(where, recorded, reads);
  const chains: ChainPlace[] = network
    ? [
        {
          claims: [{ id: network.chainId, source: networkName }, ...recorded],
          ...(network.rpcUrl
            ? { rpc: { url: network.rpcUrl, source: networkName, chainId: network.chainId } }
            : {
                // Nothing deployed on Hardhat's in-process chain outlives the command: the user meant another network.
                inProcess: where.networkNamed
                  ? `Network "${network.name}" is Hardhat's in-process chain, which ends with the command: give the --network the contracts are deployed to (a node started with npx hardhat node is "localhost").`
                  : "No network given: verify on the network the contracts are deployed to, with --network NAME (or give --explorer-url).",
              }),
        },
      ]
    : chainPlaces({ recorded, rpcByChain: networks });
  const apiUrl = (service: Exclude<Service, "blockscout">) => {
    const url = settings[service].apiUrl;
    return url ? { [service]: { url, source: `explorerVerify.${service}.apiUrl` } } : {};
  };
  const targets = await resolveTargets({
    services,
    optional: where.optionalTargets,
    chains,
    reads,
    explorerUrl: where.explorerUrl ? { url: where.explorerUrl, source: "--explorer-url" } : undefined,
    serviceWords: {
      flag: where.serviceFlag === undefined ? nameIn(settingNamed("targets"), "task") : where.serviceFlag,
      endpoint: 'explorerVerify.chains["CHAIN"].SERVICE.apiUrl',
    },
    explorerFor: async (id) => {
      const perChain = settings.chains[String(id)];
      const url = perChain?.explorerUrl;
      return {
        url: url ? { url, source: `explorerVerify.chains["${id}"].explorerUrl` } : undefined,
        described: describedExplorer(config, id),
        apiKey: await optionalValue(perChain?.apiKey),
        headers: await headerValues(perChain?.headers ?? {}),
      };
    },
    endpointsFor: (id) => configEndpoints(config, id),
    howToGiveChainKey: (id, service) =>
      `set explorerVerify.chains["${id}"].${service}.apiKey in the Hardhat config, e.g. configVariable("${service.toUpperCase()}_${id}_API_KEY")`,
    keys: {
      blockscout: await optionalValue(settings.apiKey),
      etherscan: services.includes("etherscan") ? await optionalValue(settings.etherscan.apiKey) : undefined,
      routescan: services.includes("routescan") ? await optionalValue(settings.routescan.apiKey) : undefined,
    },
    headers: await headerValues(settings.headers),
    userAgent: where.userAgent,
    apiUrls: { ...apiUrl("etherscan"), ...apiUrl("sourcify"), ...apiUrl("routescan") },
    localExplorer: where.localExplorer,
    // --explorer-url names one chain's explorer; a node on this machine serves its chain through a network.
    howToNameExplorer: (id, chains) =>
      id === undefined
        ? "give --explorer-url"
        : `${chains > 1 ? "" : "give --explorer-url, or "}set explorerVerify.chains["${id}"].explorerUrl in the Hardhat config${network ? "" : `, or for a node on this machine a network with chainId: ${id} and its url`}`,
    howToReachLocalChain:
      "verify its deployments with its own --network (one whose url reaches the chain), and the embedded local explorer verifies on it; or give --explorer-url",
    howToGiveEtherscanKey:
      'set explorerVerify.etherscan.apiKey in the Hardhat config, e.g. configVariable("ETHERSCAN_API_KEY")',
  });
  return { ...targets, networks };
}

// The HTTP networks serving the chains the deployments record: the one --network names, then each chain's first by its
// `chainId`, then a network on this machine without one that answers the chain. Only those URLs are read (another
// may be an unset variable), and an answer is asked only of a URL the config writes out, while a chain has none.
async function httpNetworks(
  where: HardhatRunWhere["hardhat"],
  recorded: readonly ChainClaim[],
  reads: ReadsDeadline | undefined,
): Promise<Record<number, NamedUrl & { chainId?: number }>> {
  const networks: Record<number, NamedUrl & { chainId?: number }> = {};
  const unserved = (id: number) => !networks[id] && recorded.some((claim) => claim.id === id);
  const answer = async (url: string, source: string) => {
    const [id] = await chainIdsOf([{ claims: [], rpc: { url, source } }], reads);
    if (id !== undefined && unserved(id)) networks[id] = { url, source, chainId: id };
  };
  const named = await where.namedNetwork?.();
  if (named?.rpcUrl) await answer(named.rpcUrl, `network "${named.name}"`);
  const http = Object.entries(where.config.networks).filter(([, network]) => network.type === "http");
  for (const [name, { chainId, url }] of http)
    if (url && chainId !== undefined && unserved(chainId))
      networks[chainId] = { url: await url.get(), source: `network "${name}"` };
  for (const [name, { chainId, url }] of http) {
    // A configVariable (it has a name) is left unread: its value may be unset, or behind the keystore's password.
    if (!url || chainId !== undefined || "name" in url || !recorded.some((claim) => unserved(claim.id)))
      continue;
    const text = await url.get();
    if (isLoopbackUrl(text)) await answer(text, `network "${name}"`).catch(() => undefined);
  }
  return networks;
}

// The chain descriptor's Blockscout entry for a chain (its API URL, else its page URL).
function describedExplorer(config: HardhatConfigFacts, chainId: number): NamedUrl | undefined {
  const blockscout = config.chainDescriptors.get(BigInt(chainId))?.blockExplorers.blockscout;
  const url = blockscout?.apiUrl ?? blockscout?.url;
  const field = blockscout?.apiUrl ? "apiUrl" : "url";
  return url ? { url, source: `chainDescriptors[${chainId}].blockExplorers.blockscout.${field}` } : undefined;
}
