import { createReadStream } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { parsedJson } from "../kernel/jsonValues.js";
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
 * Reads the copy of a list, if one was kept. The copy is anyone's file: it is read up to the size cap of the
 * network list, and every instance it names is held to the list's rules (https; `http://` on loopback only for a
 * list the user named there). A copy that fails either check is ignored whole, with the reason.
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
  const text = await readCappedText(cachedChainListPath(cacheDir), maxChainListBytes);
  if (text === undefined) return {};
  if (text === tooLarge) {
    return {
      ignored: `it is larger than ${maxChainListBytes / 1_048_576} MiB, which no copy of the list is`,
    };
  }
  const json = parsedJson(text);
  if (json === undefined) return { ignored: "it is not JSON" };
  const parsed = cachedFile.safeParse(json);
  if (!parsed.success) return { ignored: "it is not a copy of the list" };
  if (parsed.data.listUrl !== listUrl) return {};
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

const tooLarge = Symbol("too large");

// Read up to one byte past the cap, never further: any file (or a device that never ends) costs at most that.
async function readCappedText(path: string, maxBytes: number): Promise<string | typeof tooLarge | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of createReadStream(path, { end: maxBytes })) chunks.push(Buffer.from(chunk));
  } catch {
    return undefined;
  }
  const bytes = Buffer.concat(chunks);
  return bytes.length > maxBytes ? tooLarge : bytes.toString("utf8");
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
