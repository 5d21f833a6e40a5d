import { mkdir, open, rename, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { parsedJson } from "../kernel/jsonValues.js";
import { strangersHold } from "../kernel/strangersHold.js";
import * as z from "../kernel/zod.js";
import type { KnownExplorer } from "./knownExplorer.js";
import { listedExplorerUrlProblem, shownListedUrl } from "./listedExplorerUrl.js";
import { type ChainListTrust, maxChainListBytes } from "./publishedChainList.js";

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
 * The file the copy is kept in.
 *
 * @param cacheDir - the folder
 * @returns its path
 */
export function cachedChainListPath(cacheDir: string): string {
  return join(cacheDir, cacheFileName);
}

/** What reading the copy came to: the copy; none (no file, or a copy of another list); or a copy ignored, and why. */
export type CachedChainListRead =
  | { copy: CachedChainList; ignored?: undefined }
  | { copy?: undefined; ignored?: undefined }
  | { copy?: undefined; ignored: string };

/**
 * Reads the copy of a list, if one was kept. The copy decides where a key goes: it is believed only when it and its
 * folder are the user's own (see {@link strangersHold}) and it is not dated in the future; it is read up to the size
 * cap of the network list, and every instance it names is held to the list's rules (https; `http://` on loopback
 * only for a list the user named there). A copy that fails a check is ignored whole, with the reason.
 *
 * @param cacheDir - the folder
 * @param listUrl - the list it must be a copy of
 * @param trust - whether loopback `http://` instances are accepted
 * @returns the copy; nothing when there is none or it is of another list; or why it was ignored (`it is not JSON`)
 */
export async function readCachedChainList(
  cacheDir: string,
  listUrl: string,
  trust: ChainListTrust = {},
): Promise<CachedChainListRead> {
  const text = await readCopy(cacheDir);
  if (typeof text !== "string") return text ?? {};
  const json = parsedJson(text);
  if (json === undefined) return { ignored: "it is not JSON" };
  const parsed = cachedFile.safeParse(json);
  if (!parsed.success) return { ignored: "it is not a copy of the list" };
  if (parsed.data.listUrl !== listUrl) return {};
  if (parsed.data.fetchedAt > Date.now()) return { ignored: "it is dated in the future" };
  for (const chain of parsed.data.chains) {
    const problem = listedExplorerUrlProblem(chain.url, trust);
    if (problem) {
      return { ignored: `its explorer for chain ${chain.chainId}, ${shownListedUrl(chain.url)}, ${problem}` };
    }
  }
  return {
    copy: {
      listUrl,
      fetchedAt: parsed.data.fetchedAt,
      chains: new Map(parsed.data.chains.map((chain) => [chain.chainId, chain])),
    },
  };
}

// The copy's text, read up to one byte past the cap and never further (a device that never ends); or why it is ignored.
async function readCopy(cacheDir: string): Promise<string | { ignored: string } | undefined> {
  const handle = await open(cachedChainListPath(cacheDir)).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const folder = strangersHold(await stat(cacheDir));
    const file = strangersHold(await handle.stat());
    if (folder || file) {
      const why = folder ? `its folder ${folder}` : `it ${file}`;
      return { ignored: `${why}: keep both to yourself (the folder chmod 700, the copy 600, owned by you)` };
    }
    const bytes = await buffer(handle.createReadStream({ end: maxChainListBytes, autoClose: false }));
    if (bytes.length <= maxChainListBytes) return bytes.toString("utf8");
    return {
      ignored: `it is larger than ${maxChainListBytes / 1_048_576} MiB, which no copy of the list is`,
    };
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

/**
 * Keeps a copy of a list, written whole (a temporary file renamed over the old copy). A folder that cannot be
 * written only means no copy: the list is never required.
 *
 * @param cacheDir - the folder
 * @param list - the list just read
 */
export async function writeCachedChainList(cacheDir: string, list: CachedChainList): Promise<void> {
  const body = JSON.stringify({ ...list, chains: [...list.chains.values()] });
  const target = cachedChainListPath(cacheDir);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(cacheDir, { recursive: true, mode: 0o700 });
    // Created afresh (never through a link left at the name), the user's alone: a copy others may write is ignored.
    await writeFile(temporary, body, { flag: "wx", mode: 0o600 });
    await rename(temporary, target);
  } catch {
    // Read-only home, full disk: the next run asks the list again.
  }
}
