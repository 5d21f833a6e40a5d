import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import * as z from "../schemas/zod.js";
import type { KnownExplorer } from "./knownExplorer.js";

/** A copy of the published list kept on disk between runs. */
export interface CachedChainList {
  /** The list's URL: a copy of another list is not this one. */
  listUrl: string;
  fetchedAt: number;
  chains: Map<number, KnownExplorer>;
}

const cacheFileName = "blockscout-chains.json";

const cachedFile = z.object({
  listUrl: z.string(),
  fetchedAt: z.number(),
  chains: z.array(z.object({ chainId: z.number(), name: z.string(), url: z.string() })),
});

/**
 * The folder the copy lives in when none is given: `$XDG_CACHE_HOME/explorer-verify`, else
 * `~/.cache/explorer-verify`.
 *
 * @returns the folder
 */
export function defaultCacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "explorer-verify");
}

/**
 * Reads the copy of a list, if one was kept.
 *
 * @param cacheDir - the folder
 * @param listUrl - the list it must be a copy of
 * @returns the copy, or undefined when there is none, it is unreadable, or it is of another list
 */
export async function readCachedChainList(
  cacheDir: string,
  listUrl: string,
): Promise<CachedChainList | undefined> {
  let text: string;
  try {
    text = await readFile(join(cacheDir, cacheFileName), "utf8");
  } catch {
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = cachedFile.safeParse(json);
  if (!parsed.success || parsed.data.listUrl !== listUrl) return undefined;
  return {
    listUrl,
    fetchedAt: parsed.data.fetchedAt,
    chains: new Map(parsed.data.chains.map((chain) => [chain.chainId, chain])),
  };
}

/**
 * Keeps a copy of a list, written whole (a temporary file renamed over the old copy). A folder that cannot be
 * written only means no copy: the list is never required.
 *
 * @param cacheDir - the folder
 * @param list - the list just read
 */
export async function writeCachedChainList(cacheDir: string, list: CachedChainList): Promise<void> {
  const body = JSON.stringify({
    listUrl: list.listUrl,
    fetchedAt: list.fetchedAt,
    chains: [...list.chains.values()],
  });
  const target = join(cacheDir, cacheFileName);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true });
    await writeFile(temporary, body);
    await rename(temporary, target);
  } catch {
    // Read-only home, full disk: the next run asks the list again.
  }
}
