import type { FindExplorerOptions } from "./findExplorerByChainId.js";

/** Lookup settings the Action, task and CLI take from the environment. */
export interface ExplorerEnvironment {
  lookup: FindExplorerOptions;
  blockscoutApiUrl: { url: string; source: string } | undefined;
}

/**
 * Reads `EXPLORER_VERIFY_CHAIN_LIST_URL` (another published list, or `off` to use the shipped registry only),
 * `EXPLORER_VERIFY_CACHE_DIR` (where the list's copy is kept) and `EXPLORER_VERIFY_BLOCKSCOUT_API_URL` (another
 * root for the Blockscout API): mirrors, air-gapped runners and tests use them.
 *
 * @param env - the environment
 * @returns the lookup options and the Blockscout API root with the variable's name, unset where the variable is
 */
export function explorerEnvironment(env: NodeJS.ProcessEnv = process.env): ExplorerEnvironment {
  const listUrl = env.EXPLORER_VERIFY_CHAIN_LIST_URL?.trim();
  const cacheDir = env.EXPLORER_VERIFY_CACHE_DIR?.trim();
  const lookup: FindExplorerOptions = {};
  if (listUrl?.toLowerCase() === "off") lookup.refresh = false;
  else if (listUrl) lookup.chainListUrl = listUrl;
  if (cacheDir) lookup.cacheDir = cacheDir;
  const url = env.EXPLORER_VERIFY_BLOCKSCOUT_API_URL?.trim();
  const blockscoutApiUrl = url ? { url, source: "EXPLORER_VERIFY_BLOCKSCOUT_API_URL" } : undefined;
  return { lookup, blockscoutApiUrl };
}
