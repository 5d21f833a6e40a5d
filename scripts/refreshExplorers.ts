// Writes src/explorers/blockscoutChains.ts, the registry of Blockscout instances shipped with the package, from
// what can be read: viem's chains (a dependency), Hardhat's built-in chain descriptors (when Hardhat is installed)
// and, online, Blockscout's published list. Later sources win: the published list is Blockscout's own word.
//
//   npm run explorers:refresh             # all three sources; fails when the published list cannot be read
//   npm run explorers:refresh -- --offline   # viem and Hardhat only
//
// Never run by tests or CI: the committed file is what ships.
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fetchListJson } from "../src/explorers/fetchListJson.js";
import { type KnownExplorer, normaliseInstanceUrl } from "../src/explorers/knownExplorer.js";
import { listedExplorerUrlProblem } from "../src/explorers/listedExplorerUrl.js";
import {
  defaultChainListUrl,
  maxChainListBytes,
  parsePublishedChainList,
} from "../src/explorers/publishedChainList.js";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(repository, "src", "explorers", "blockscoutChains.ts");
const offline = process.argv.includes("--offline");
const listTimeoutMs = 30_000;

interface ViemChain {
  id: number;
  name: string;
  blockExplorers?: Record<string, { name?: string; url?: string }>;
}

async function fromViem(): Promise<KnownExplorer[]> {
  const chains = (await import("viem/chains")) as Record<string, unknown>;
  const found: KnownExplorer[] = [];
  for (const value of Object.values(chains)) {
    const chain = value as ViemChain;
    if (typeof chain !== "object" || chain === null || typeof chain.id !== "number") continue;
    for (const [key, explorer] of Object.entries(chain.blockExplorers ?? {})) {
      const named = `${key} ${explorer.name ?? ""} ${explorer.url ?? ""}`.toLowerCase();
      const url = explorer.url ? normaliseInstanceUrl(explorer.url) : undefined;
      if (!url || !named.includes("blockscout")) continue;
      found.push({ chainId: chain.id, name: chain.name, url });
      break;
    }
  }
  return found;
}

// Hardhat does not export its descriptors; they are read from where Hardhat 3 keeps them, when that file exists.
async function fromHardhat(): Promise<KnownExplorer[]> {
  let descriptors: Map<bigint, { name: string; blockExplorers?: { blockscout?: { url?: string } } }>;
  try {
    const hardhatPackage = createRequire(import.meta.url).resolve("hardhat/package.json");
    const file = join(
      dirname(hardhatPackage),
      "dist/src/internal/builtin-plugins/network-manager/chain-descriptors.js",
    );
    ({ DEFAULT_CHAIN_DESCRIPTORS: descriptors } = await import(pathToFileURL(file).href));
  } catch (error) {
    console.warn(`Hardhat's chain descriptors were not read: ${(error as Error).message}`);
    return [];
  }
  const found: KnownExplorer[] = [];
  for (const [chainId, descriptor] of descriptors) {
    const url = descriptor.blockExplorers?.blockscout?.url;
    const normalised = url ? normaliseInstanceUrl(url) : undefined;
    if (normalised) found.push({ chainId: Number(chainId), name: descriptor.name, url: normalised });
  }
  return found;
}

async function fromPublishedList(): Promise<KnownExplorer[]> {
  const list = await fetchListJson(defaultChainListUrl, listTimeoutMs, maxChainListBytes);
  return [...parsePublishedChainList(list).values()];
}

const sources: Array<[string, KnownExplorer[]]> = [
  ["viem", await fromViem()],
  ["Hardhat", await fromHardhat()],
];
if (!offline) sources.push(["Blockscout's published list", await fromPublishedList()]);

// The key goes to the instance found: a descriptor's plain-http one (a development chain's localhost) is not shipped.
const merged = new Map<number, KnownExplorer>();
for (const [, explorers] of sources) {
  for (const explorer of explorers) {
    if (listedExplorerUrlProblem(explorer.url) === undefined) merged.set(explorer.chainId, explorer);
  }
}
const chains = [...merged.values()].sort((a, b) => a.chainId - b.chainId);

const lines = chains.map(
  (chain) =>
    `  { chainId: ${chain.chainId}, name: ${JSON.stringify(chain.name)}, url: ${JSON.stringify(chain.url)} },`,
);
await writeFile(
  target,
  [
    "// Written by `npm run explorers:refresh` (scripts/refreshExplorers.ts): do not edit by hand.",
    `// Sources: ${sources.map(([name, explorers]) => `${name} (${explorers.length})`).join(", ")}.`,
    'import type { KnownExplorer } from "./knownExplorer.js";',
    "",
    "/** Blockscout instances by chain id, as shipped with the package. */",
    "export const shippedBlockscoutChains: readonly KnownExplorer[] = [",
    ...lines,
    "];",
    "",
  ].join("\n"),
);
console.log(
  `${chains.length} chains written to ${target} from ${sources.map(([name, explorers]) => `${name} (${explorers.length})`).join(", ")}`,
);
