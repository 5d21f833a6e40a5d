import { isPlainObject } from "../kernel/jsonValues.js";
import * as z from "../kernel/zod.js";
import { type KnownExplorer, normaliseInstanceUrl } from "./knownExplorer.js";
import { listedExplorerUrlProblem } from "./listedExplorerUrl.js";

/** Where Blockscout publishes its instances by chain id. */
export const defaultChainListUrl = "https://chains.blockscout.com/api/chains";

/** The most bytes of the list read, from the network or from its copy on disk: the list is about 1 MB. */
export const maxChainListBytes = 16 * 1024 * 1024;

/** How far a list is trusted. */
export interface ChainListTrust {
  /** The list is one the user named on loopback: its `http://` loopback instances are accepted. Default false. */
  userNamedLoopback?: boolean;
}

// `{ "10": { "name": "OP Mainnet", "explorers": [{ "url": "https://optimism.blockscout.com/", "hostedBy": "blockscout" }] } }`.
// Only what is read is described; other fields (logo, ecosystem, layer…) may change as they like.
const publishedExplorer = z.object({ url: z.string(), hostedBy: z.optional(z.nullable(z.string())) });
const publishedChain = z.object({
  name: z.optional(z.nullable(z.string())),
  explorers: z.optional(z.nullable(z.array(publishedExplorer))),
});

/**
 * Reads Blockscout's published list of instances. A chain whose entry is malformed, or that names no https
 * explorer (see {@link listedExplorerUrlProblem}), is left out rather than failing the whole list. An instance
 * Blockscout hosts comes before others.
 *
 * @param json - the parsed body of `chains.blockscout.com/api/chains`
 * @param trust - whether loopback `http://` instances are accepted
 * @returns the instances by chain id
 * @throws {Error} when the body is not an object keyed by chain id
 */
export function parsePublishedChainList(
  json: unknown,
  trust: ChainListTrust = {},
): Map<number, KnownExplorer> {
  if (!isPlainObject(json)) throw new Error("the list is not an object keyed by chain id");
  const chains = new Map<number, KnownExplorer>();
  for (const [key, value] of Object.entries(json)) {
    const chainId = Number(key);
    if (!Number.isSafeInteger(chainId) || chainId <= 0) continue;
    const chain = publishedChain.safeParse(value);
    if (!chain.success) continue;
    const explorers = [...(chain.data.explorers ?? [])].sort(
      (a, b) => Number(b.hostedBy === "blockscout") - Number(a.hostedBy === "blockscout"),
    );
    const url = explorers
      .map((explorer) => normaliseInstanceUrl(explorer.url))
      .find((normalised) => normalised && listedExplorerUrlProblem(normalised, trust) === undefined);
    if (url) chains.set(chainId, { chainId, name: chain.data.name || `chain ${chainId}`, url });
  }
  return chains;
}
