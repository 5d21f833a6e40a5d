import { InvalidInputError } from "../../errors/index.js";
import { isShippedExplorerHost } from "../../explorers/shippedRegistry.js";
import { type FoundryConfig, type FoundryExplorer, foundryExplorerFor } from "../../inputs/foundryConfig.js";
import { isLoopbackUrl } from "../../kernel/httpUrl.js";
import { shownUrl } from "../../kernel/urlCredentials.js";
import { otherServiceOf } from "./blockscoutTarget.js";
import type { ChainExplorer } from "./targets.js";

/**
 * The Blockscout explorer `foundry.toml`'s `[etherscan]` table names for a chain, as forge reads that table for every
 * verifier: its `url`, and its `key` when the user's own key is not set. An entry whose URL is Etherscan's or its
 * family's is left to forge.
 *
 * A pull request can change foundry.toml (and a manifest naming a file of the checkout to send): its url is taken only
 * on this machine or on the host of the chain's explorer in the shipped registry. Elsewhere the entry carries a
 * refusal, said if it is chosen; so does an entry naming a variable that is not set (forge's usual
 * `key = "${ETHERSCAN_API_KEY}"` beside a Blockscout url), which matters only when no other explorer is named.
 *
 * @param foundry - the project's settings, when it has a foundry.toml
 * @param userKey - the Blockscout key the user set (`EXPLORER_VERIFY_API_KEY`), which wins over the entry's
 * @returns the explorer, or undefined when the table names none for the chain
 */
export function foundryBlockscoutExplorer(
  foundry: FoundryConfig | undefined,
  chainId: number,
  userKey: string | undefined,
): ChainExplorer | undefined {
  const written = foundry?.etherscan.find((entry) => entry.chainId === chainId);
  if (!foundry || !written?.url || isAnotherService(written.url)) return undefined;
  const source = `[etherscan] ${written.name} in foundry.toml`;
  let entry: FoundryExplorer | undefined;
  try {
    entry = foundryExplorerFor(foundry, chainId, process.env, userKey === undefined);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    return { url: { url: written.url, source, shown: written.url, refusal: error.shortMessage } };
  }
  if (!entry?.url || isAnotherService(entry.url)) return undefined;
  const url = URL.parse(entry.url);
  const known =
    isLoopbackUrl(entry.url) || (url?.protocol === "https:" && isShippedExplorerHost(url.hostname, chainId));
  return {
    url: {
      url: entry.url,
      source,
      shown: entry.shownUrl,
      secrets: entry.secrets,
      ...(known
        ? {}
        : {
            refusal: `${source} names ${shownUrl(entry.shownUrl ?? entry.url)}, which is neither on this machine nor on the host of chain ${chainId}'s explorer in the shipped registry: a repository's file does not choose where the run sends its key and the files it reads. Give that explorer with --explorer-url.`,
          }),
    },
    ...(userKey === undefined && entry.key ? { apiKey: entry.key } : {}),
  };
}

const isAnotherService = (url: string) => otherServiceOf(url) !== undefined;
