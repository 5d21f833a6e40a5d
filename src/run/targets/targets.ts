import { InvalidInputError, isDeadlineReached, isExplorerVerifyError } from "../../errors/index.js";
import { explorerEnvironment } from "../../explorers/environment.js";
import type { FindExplorerOptions } from "../../explorers/findExplorerByChainId.js";
import type { ReadsDeadline } from "../../kernel/readsDeadline.js";
import { withUserAgent } from "../../kernel/requestHeaders.js";
import type { LocalExplorer } from "../../local-explorer/index.js";
import type { Target } from "../../verifiers/target.js";
import { type Service, serviceTitles } from "../../verify/verifier.js";
import { type BlockscoutFacts, type NamedUrl, resolveBlockscoutTarget } from "./blockscoutTarget.js";
import { agreedChainId, type ChainClaim } from "./chainAgreement.js";
import { type ChainEndpoints, type ChosenEndpoint, chooseEndpoint } from "./chainEndpoints.js";
import {
  defaultEtherscanApiUrl,
  defaultRoutescanApiUrl,
  defaultSourcifyApiUrl,
  etherscanTarget,
  routescanTarget,
  sourcifyTarget,
} from "./serviceTargets.js";

export type { ChainClaim, ChainEndpoints, NamedUrl };

/** What a door knows of one chain the run verifies on. */
export interface ChainPlace {
  /** What names the chain, each with where it came from (a flag, an input, a deployment, a network): all must agree. */
  claims: readonly ChainClaim[];
  /** The chain's JSON-RPC: the chain it answers is one more claim; on a local chain it serves the embedded explorer. */
  rpc?: { url: string; source: string; chainId?: number | undefined } | undefined;
  /** The chain ends with the command (Hardhat's in-process network): what to say, as no explorer can serve it. */
  inProcess?: string | undefined;
}

/** What the user's settings say of one chain's Blockscout explorer: its URL, and its own key and headers. */
export interface ChainExplorer {
  url?: NamedUrl | undefined;
  /** What describes the chain (a Hardhat chain descriptor's Blockscout entry): used when `url` is unset. */
  described?: NamedUrl | undefined;
  /** Over the run's key and headers. */
  apiKey?: string | undefined;
  headers?: Record<string, string> | undefined;
}

/** Everything a door hands the hall about where a run goes: facts, each in the user's words; the hall chooses. */
export interface TargetRequest {
  /** The services to verify on. */
  services: readonly Service[];
  /** Those whose failures warn instead of failing the run. */
  optional?: readonly Service[] | undefined;
  /** One entry per chain the run verifies on (a run whose chain nothing names gives one with no claims). */
  chains: readonly ChainPlace[];
  /** The Blockscout explorer the user named for the whole run. */
  explorerUrl?: NamedUrl | undefined;
  /**
   * What the user's settings name for a chain's Blockscout explorer (a map of chains, a Hardhat config and its chain
   * descriptors, foundry.toml): asked once the chain is agreed.
   */
  explorerFor?: ((chainId: number) => Promise<ChainExplorer | undefined>) | undefined;
  /**
   * A chain's own endpoints for every service (`--endpoint`, the Action's `endpoints`, a Hardhat chain descriptor and
   * `explorerVerify.chains`): asked once the chain is agreed; over the run's settings and the built-in lists.
   */
  endpointsFor?: ((chainId: number) => Promise<ChainEndpoints | undefined>) | undefined;
  /** How this door gives a chain its own key for a service: said when a chain's own endpoint has none. */
  howToGiveChainKey?: ((chainId: number, service: Service) => string) | undefined;
  /** The user's keys, each sent to its own service only. */
  keys?: { blockscout?: string | undefined; etherscan?: string | undefined; routescan?: string | undefined };
  /** Sent to Blockscout explorers with every request (a gateway's token, a User-Agent). */
  headers?: Record<string, string> | undefined;
  /** The `user-agent` setting: the User-Agent Blockscout explorers get, over a `User-Agent` in `headers`. */
  userAgent?: string | undefined;
  /** API roots a door's settings name (a Hardhat config's `apiUrl`); the environment's are read here. */
  apiUrls?: Partial<Record<Service, NamedUrl>> | undefined;
  /** How the embedded explorer compiles and keeps its state, when a local chain needs it. */
  localExplorer?: { cacheDir: string; compilers: string[] } | undefined;
  /** What to tell a user when nothing names a Blockscout explorer: how to name one (a chain's, in a run on so many). */
  howToNameExplorer: string | ((chainId: number | undefined, chains: number) => string);
  /** The sentence said when nothing names the chain or an explorer; default `howToNameExplorer`. */
  nothingNamesExplorer?: string | undefined;
  /** The run's read budget: an RPC's answer to its chain id is awaited no longer. Unset: the chain client's own limit. */
  reads?: ReadsDeadline | undefined;
  /** What to tell a user when Etherscan has no key: where this door reads it (and nothing it does not read). */
  howToGiveEtherscanKey: string;
  /** What to tell a user when a local chain (31337, 1337) has no JSON-RPC and no explorer: how this door reaches it. */
  howToReachLocalChain: string;
  /** How this door's command names another service, said when a Blockscout URL is its API (see `BlockscoutFacts`). */
  serviceWords?: BlockscoutFacts["serviceWords"];
  /** How a chain's explorer is looked up; default: as the environment says (`EXPLORER_VERIFY_CHAIN_LIST_URL`, …). */
  lookup?: FindExplorerOptions | undefined;
}

/** A run's targets, resolved once, and what to close when the run ends. */
export interface RunTargets {
  targets: Target[];
  /** The chains, as agreed; `undefined` for a run whose chain nothing names. */
  chainIds: Array<number | undefined>;
  /** The embedded explorers started for the run. */
  localExplorers: LocalExplorer[];
  /** Closes the embedded explorers. */
  close(): Promise<void>;
}

/**
 * The chains of a run, from what names them: the chain the user gave, the chains the deployments record, the RPC.
 * Deployments on several chains make a run on each (the user's chain, if given, must then be every one's); a single
 * RPC belongs to a run on one chain.
 *
 * @param facts - the user's chain, the deployments' recorded chains, the RPC, and an RPC per chain
 */
export function chainPlaces(facts: {
  given?: ChainClaim | undefined;
  recorded?: readonly ChainClaim[] | undefined;
  rpc?: ChainPlace["rpc"];
  rpcByChain?: Record<number, string | (NamedUrl & { chainId?: number | undefined })> | undefined;
}): ChainPlace[] {
  const recorded = facts.recorded ?? [];
  const given = facts.given ? [facts.given] : [];
  const ids = [...new Set(recorded.map((claim) => claim.id))];
  // An RPC named for a chain (a Hardhat network whose chainId is that chain's) claims the chain first.
  const rpcOf = (chainId: number | undefined) => {
    const rpc = chainId === undefined ? undefined : facts.rpcByChain?.[chainId];
    if (chainId === undefined || rpc === undefined) return { claims: [], rpc: undefined };
    if (typeof rpc === "string")
      return { claims: [], rpc: { url: rpc, source: `rpc-urls (chain ${chainId})` } };
    return { claims: [{ id: chainId, source: rpc.source }], rpc };
  };
  if (ids.length <= 1 || facts.given) {
    const own = rpcOf(facts.given?.id ?? ids[0]);
    return [{ claims: [...own.claims, ...given, ...recorded], rpc: facts.rpc ?? own.rpc }];
  }
  return ids.map((id) => {
    const own = rpcOf(id);
    return {
      claims: [...own.claims, ...recorded.filter((claim) => claim.id === id)],
      ...(own.rpc ? { rpc: own.rpc } : {}),
    };
  });
}

/**
 * Resolves every target of a run, once: one per service per chain, each with its URL, key, headers and route
 * decided here and nowhere else. First the chain: what the user gives, what the deployments record and what the
 * RPC answers must agree, or nothing is sent. Then Blockscout's explorer (named, local, or by chain id), Etherscan,
 * Sourcify and Routescan, each in one order: the chain's own entry ({@link TargetRequest.endpointsFor}), then the
 * run's setting or the environment's (`EXPLORER_VERIFY_*_API_URL`), then the service's own. A key goes only with the
 * endpoint it was given for.
 *
 * @param request - what the door knows
 * @returns the targets
 * @throws {InvalidInputError} for chains that disagree, a URL that is not http(s), a secret that would travel in
 *   clear, a missing key, or when nothing names an explorer; before any request to a verification service
 */
export async function resolveTargets(request: TargetRequest): Promise<RunTargets> {
  const environment = explorerEnvironment();
  const how = request.howToNameExplorer;
  const localExplorers: LocalExplorer[] = [];
  const close = async () => {
    for (const explorer of localExplorers.splice(0)) await explorer.close();
  };
  if (request.explorerUrl && request.chains.length > 1) {
    throw new InvalidInputError(
      "explorer-url",
      `${request.explorerUrl.source} names one explorer, but the run is on ${request.chains.length} chains: name each chain's explorer, or leave them to the lookup by chain id.`,
    );
  }
  try {
    const chainIds = await chainIdsOf(request.chains, request.reads);
    const targets: Target[] = [];
    for (const [index, place] of request.chains.entries()) {
      const chainId = chainIds[index];
      const own = chainId === undefined ? undefined : await request.endpointsFor?.(chainId);
      for (const service of request.services) {
        const required = !(request.optional ?? []).includes(service);
        if (service === "blockscout") {
          const settings = chainId === undefined ? undefined : await request.explorerFor?.(chainId);
          // The chain's own entry first, then what the door's settings name for the chain.
          const named: ChainExplorer | undefined = own?.blockscout
            ? {
                url: own.blockscout.url ?? settings?.url,
                apiKey: own.blockscout.apiKey?.value ?? settings?.apiKey,
                headers: settings?.headers,
              }
            : settings;
          targets.push(
            await resolveBlockscoutTarget(
              {
                chainId,
                chainSource: place.claims[0]?.source ?? place.rpc?.source,
                // A chain's own endpoint entry, then the run's explorer, then the chain's own setting, else what
                // describes the chain.
                named: own?.blockscout?.url ?? request.explorerUrl ?? named?.url ?? named?.described,
                apiKey: named?.apiKey ?? request.keys?.blockscout,
                headers: withUserAgent({ ...request.headers, ...named?.headers }, request.userAgent),
                rpcUrl: place.rpc?.url,
                inProcess: place.inProcess,
                nothingNamed: request.nothingNamesExplorer,
                localExplorer: request.localExplorer,
                blockscoutApiUrl: request.apiUrls?.blockscout ?? environment.blockscoutApiUrl,
                lookup: request.lookup ?? environment.lookup,
                required,
                howToNameExplorer: typeof how === "string" ? how : how(chainId, request.chains.length),
                howToReachLocalChain: request.howToReachLocalChain,
                serviceWords: request.serviceWords,
              },
              (explorer) => localExplorers.push(explorer),
            ),
          );
          continue;
        }
        if (chainId === undefined) {
          throw new InvalidInputError(
            "targets",
            `${serviceTitles[service]} verifies by chain id, and this run does not know it: give the chain id (chain-id, --chain-id, or a deployment whose path names it).`,
          );
        }
        const { variable, builtIn } = serviceApis[service];
        const fromEnvironment = process.env[variable]?.trim();
        const root =
          request.apiUrls?.[service] ??
          (fromEnvironment ? { url: fromEnvironment, source: variable } : undefined);
        const apiKey = service === "sourcify" ? undefined : request.keys?.[service];
        const endpoint = chooseEndpoint(own?.[service], { root, apiKey }, builtIn);
        if (service === "etherscan") {
          const howToGiveKey = etherscanKeyAdvice(chainId, endpoint, request);
          targets.push(
            await etherscanTarget(chainId, endpoint.apiKey, endpoint.root, required, howToGiveKey, endpoint),
          );
        } else if (service === "sourcify")
          targets.push(sourcifyTarget(chainId, endpoint.root, required, endpoint));
        else targets.push(await routescanTarget(chainId, endpoint.apiKey, endpoint.root, required, endpoint));
      }
    }
    return { targets, chainIds, localExplorers, close };
  } catch (error) {
    await close();
    throw error;
  }
}

// Said when Etherscan has no key; a chain's own Etherscan-compatible endpoint is not sent the run's.
function etherscanKeyAdvice(chainId: number, endpoint: ChosenEndpoint, request: TargetRequest): string {
  if (!endpoint.own) return request.howToGiveEtherscanKey;
  const how = request.howToGiveChainKey?.(chainId, "etherscan") ?? "give the chain its own key for it";
  return endpoint.runKeyWithheld ? `the run's key goes to the run's endpoint only; ${how}` : how;
}

/**
 * The chain of each place, as {@link resolveTargets} agrees it (the RPC asked when one is given), without resolving
 * any service: what a bundle records for contracts that do not say their chain.
 *
 * @param reads - the run's read budget: an RPC's answer is awaited no longer
 * @returns each place's chain, `undefined` where nothing names it
 * @throws {InvalidInputError} for claims that disagree, or an RPC that does not answer its chain id
 */
export async function chainIdsOf(
  places: readonly ChainPlace[],
  reads?: ReadsDeadline,
): Promise<Array<number | undefined>> {
  const chainIds: Array<number | undefined> = [];
  // The chain every claim names, the RPC's answer among them.
  for (const { claims, rpc } of places) {
    const answer = rpc && {
      id: rpc.chainId ?? (await rpcChainId(rpc.url, rpc.source, reads)),
      source: rpc.source,
    };
    chainIds.push(agreedChainId(answer ? [...claims, answer] : claims));
  }
  return chainIds;
}

async function rpcChainId(rpcUrl: string, source: string, reads: ReadsDeadline | undefined): Promise<number> {
  const { JsonRpcChain } = await import("../../chain/jsonRpcChain.js");
  const endsAt = reads?.endsAt ?? Number.POSITIVE_INFINITY;
  try {
    // The request ends at the deadline: neither it nor a retry holds the run past it.
    return await new JsonRpcChain(rpcUrl, { endsAt }).chainId();
  } catch (error) {
    throw unreadChain(error, { what: "the chain id", method: "eth_chainId", source }, reads);
  }
}

/**
 * The refusal of a run whose chain cannot be read before any job (the chain id, an ADDRESS's code): a mistake in the
 * JSON-RPC the user gave, said alike whichever read found it.
 *
 * @param read - what was read, with the method and the setting that named the chain
 * @param reads - the run's read budget, for a chain that answered too late
 */
export function unreadChain(
  error: unknown,
  read: { what: string; method: string; source: string },
  reads: ReadsDeadline | undefined,
): InvalidInputError {
  const why =
    isDeadlineReached(error) || Date.now() >= (reads?.endsAt ?? Number.POSITIVE_INFINITY)
      ? `it did not answer ${read.method} within the run's timeout (${reads?.seconds} s)`
      : isExplorerVerifyError(error)
        ? `${error.shortMessage.replace(/\.$/, "")}${error.details ? ` (${error.details})` : ""}`
        : error instanceof Error
          ? error.message
          : String(error);
  return new InvalidInputError("rpc-url", `Cannot read ${read.what} from ${read.source}: ${why}.`);
}

// Each service's API root: a door's setting, else the environment's variable (tests and mirrors point them at
// stand-ins), else the service's own.
const serviceApis = {
  etherscan: { variable: "EXPLORER_VERIFY_ETHERSCAN_API_URL", builtIn: defaultEtherscanApiUrl },
  sourcify: { variable: "EXPLORER_VERIFY_SOURCIFY_API_URL", builtIn: defaultSourcifyApiUrl },
  routescan: { variable: "EXPLORER_VERIFY_ROUTESCAN_API_URL", builtIn: defaultRoutescanApiUrl },
};

/**
 * The run's heading: each target once, with the URL its requests go to and why.
 *
 * @returns e.g. `Blockscout at https://eth.blockscout.com (from --explorer-url), Etherscan at https://api.etherscan.io/v2/api?chainid=1 (Etherscan API v2)`
 */
export function describeTargets(targets: readonly Target[]): string {
  const chains = new Set(targets.map((target) => target.chainId));
  return targets
    .map((target) => {
      const chain = chains.size > 1 && target.chainId !== undefined ? ` chain ${target.chainId}` : "";
      const optional = target.required ? "" : ", optional";
      const title =
        target.service === "blockscout" && target.local
          ? "the local explorer"
          : serviceTitles[target.service];
      return `${title}${chain} at ${target.shownUrl} (${target.reason}${optional})`;
    })
    .join(", ");
}
