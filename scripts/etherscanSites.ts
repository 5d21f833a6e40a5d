// Writes src/explorers/etherscanSites.ts: where each chain's Etherscan pages live (the site Etherscan API v2 serves
// the chain for), read from viem's chains (a dependency) by their Etherscan-family explorers. A chain the table lacks
// is looked up at run time in Etherscan's own chain list (`/v2/chainlist`).
//
//   npx tsx scripts/etherscanSites.ts
//
// Never run by tests or CI: the committed file is what ships.
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const target = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "explorers", "etherscanSites.ts");

// Etherscan's own hosts and the sites of the chains its API v2 serves (Basescan, Arbiscan, …); not Routescan's
// or Blockscout's, which answer another API.
const etherscanFamily = /(^|\.)(etherscan\.io|[a-z]+scan\.(com|io|org|xyz|build))$/;
const otherServices = /routescan|blockscout|oklink/;

interface ViemChain {
  id: number;
  blockExplorers?: Record<string, { url?: string; apiUrl?: string }>;
}

const chains = (await import("viem/chains")) as Record<string, unknown>;
const sites = new Map<number, string>();
for (const value of Object.values(chains)) {
  const chain = value as ViemChain;
  if (typeof chain !== "object" || chain === null || typeof chain.id !== "number") continue;
  for (const explorer of Object.values(chain.blockExplorers ?? {})) {
    if (!explorer.url || !explorer.apiUrl) continue;
    const host = new URL(explorer.apiUrl).hostname;
    if (!etherscanFamily.test(host) || otherServices.test(host)) continue;
    if (!sites.has(chain.id)) sites.set(chain.id, explorer.url.replace(/\/+$/, ""));
    break;
  }
}
const rows = [...sites]
  .sort(([a], [b]) => a - b)
  .map(([id, url]) => `  [${id}, ${JSON.stringify(url)}],`)
  .join("\n");
await writeFile(
  target,
  `// Written by scripts/etherscanSites.ts from viem's chains: do not edit by hand.

/** Where each chain's Etherscan pages live, by chain id. */
export const etherscanSites: ReadonlyMap<number, string> = new Map([
${rows}
]);
`,
);
console.log(`Wrote ${sites.size} chains to ${target}`);
