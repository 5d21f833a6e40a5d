import * as z from "../kernel/zod.js";
import { etherscanSites } from "./etherscanSites.js";
import { fetchListJson } from "./fetchListJson.js";
import { shippedExplorerFor } from "./shippedRegistry.js";

function readList(listUrl: string): Promise<unknown> {
  return fetchListJson(listUrl, 5_000, 4 * 1_048_576);
}

const etherscanChainListSchema = z.looseObject({
  result: z.array(
    z.looseObject({ chainid: z.union([z.string(), z.number()]), blockexplorer: z.optional(z.string()) }),
  ),
});

/**
 * Where a chain's Etherscan pages live: the table shipped with the package, else Etherscan's chain list
 * (`{origin}/v2/chainlist`, its `blockexplorer`), which an unreachable service leaves unknown.
 *
 * @param chainId - the chain
 * @param apiOrigin - the Etherscan API's origin (`https://api.etherscan.io`, or a stand-in's)
 * @returns the site without a trailing slash, or undefined
 */
export async function etherscanSiteOf(chainId: number, apiOrigin: string): Promise<string | undefined> {
  const shipped = etherscanSites.get(chainId);
  if (shipped) return shipped;
  try {
    const list = etherscanChainListSchema.parse(await readList(`${apiOrigin}/v2/chainlist`));
    const entry = list.result.find((item) => Number(item.chainid) === chainId);
    const site = entry?.blockexplorer?.trim().replace(/\/+$/, "");
    return site && /^https?:\/\//.test(site) ? site : undefined;
  } catch {
    // Only the links need it: the verification goes on without them.
    return undefined;
  }
}

/** Whether Routescan serves a chain as a mainnet or a testnet, and its id in Routescan's paths. */
export interface RoutescanNetwork {
  network: "mainnet" | "testnet";
  /** Routescan's chain id for the path (its lists' `chainId`; the EVM chain id where they say nothing else). */
  pathChainId: string;
}

// Remix's static table of Routescan's networks (other-verifiers-api.md §6).
const routescanMainnets = new Set([1, 10, 14, 288, 324, 1088, 5000, 8453, 34443, 43114, 81457, 88888]);
const routescanTestnets = new Set([16, 17000, 43113, 84532, 88882, 421614, 11155111, 11155420, 168587773]);

function shippedRoutescanNetwork(chainId: number): RoutescanNetwork["network"] | undefined {
  return routescanMainnets.has(chainId) ? "mainnet" : routescanTestnets.has(chainId) ? "testnet" : undefined;
}

const routescanListSchema = z.looseObject({
  items: z.array(
    z.looseObject({
      chainId: z.optional(z.union([z.string(), z.number()])),
      evmChainId: z.optional(z.union([z.string(), z.number()])),
    }),
  ),
});

/**
 * Routescan's network of a chain: a table for the chains it is known to serve, else its own lists
 * (`{origin}/v2/network/{mainnet|testnet}/evm/all/blockchains`).
 *
 * @param chainId - the EVM chain id
 * @param origin - Routescan's API origin (`https://api.routescan.io`, or a stand-in's)
 * @returns the network; undefined when neither the table nor the lists know the chain, `unread` when a list did not
 *   answer
 */
export async function routescanNetworkOf(
  chainId: number,
  origin: string,
): Promise<RoutescanNetwork | "unread" | undefined> {
  const shipped = shippedRoutescanNetwork(chainId);
  if (shipped) return { network: shipped, pathChainId: String(chainId) };
  let unread = false;
  for (const network of ["mainnet", "testnet"] as const) {
    try {
      const list = routescanListSchema.parse(
        await readList(`${origin}/v2/network/${network}/evm/all/blockchains`),
      );
      const item = list.items.find((entry) => Number(entry.evmChainId ?? entry.chainId) === chainId);
      if (item) return { network, pathChainId: String(item.chainId ?? chainId) };
    } catch {
      // A list that cannot be read knows nothing: the other one may.
      unread = true;
    }
  }
  return unread ? "unread" : undefined;
}

/**
 * The services other than Etherscan that the lists shipped with the package know to serve a chain: its Blockscout
 * instance, Routescan's network. Sourcify's list is not shipped; it is left unnamed.
 *
 * @param chainId - the chain
 * @returns each service with where it serves the chain, in words (`Blockscout at https://…`)
 */
export function shippedServicesOf(chainId: number): string[] {
  const blockscout = shippedExplorerFor(chainId);
  const routescan = shippedRoutescanNetwork(chainId);
  return [
    ...(blockscout ? [`Blockscout (${blockscout.url})`] : []),
    ...(routescan ? [`Routescan (its ${routescan})`] : []),
  ];
}
