import { type FoundryConfig, foundryExplorerFor } from "../../inputs/foundryConfig.js";
import type { ChainExplorer } from "./targets.js";

// Etherscan and its family answer another API: an `[etherscan]` entry for them is forge's, not a Blockscout explorer.
const etherscanFamily = /(^|\.)(etherscan\.(io|com)|[a-z]+scan\.(io|com|org|xyz))$/i;

/**
 * The Blockscout explorer `foundry.toml`'s `[etherscan]` table names for a chain, as forge reads that table for every
 * verifier: its `url`, and its `key` when the user's own key is not set. An entry whose URL is Etherscan's or its
 * family's is left to forge.
 *
 * @param foundry - the project's settings, when it has a foundry.toml
 * @param userKey - the Blockscout key the user set (`EXPLORER_VERIFY_API_KEY`), which wins over the entry's
 * @returns the explorer, or undefined when the table names none for the chain
 * @throws {InvalidInputError} when the entry names a variable that is not set
 */
export function foundryBlockscoutExplorer(
  foundry: FoundryConfig | undefined,
  chainId: number,
  userKey: string | undefined,
): ChainExplorer | undefined {
  const entry = foundry ? foundryExplorerFor(foundry, chainId) : undefined;
  if (!entry?.url || etherscanFamily.test(URL.parse(entry.url)?.hostname ?? "")) return undefined;
  return {
    url: {
      url: entry.url,
      source: `[etherscan] ${entry.name} in foundry.toml`,
      shown: entry.shownUrl,
      secrets: entry.secrets,
    },
    ...(userKey === undefined && entry.key ? { apiKey: entry.key } : {}),
  };
}
