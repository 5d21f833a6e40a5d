/** A chain Etherscan API v2 stopped serving, and from which day (UTC). */
export interface EndedChain {
  name: string;
  /** The first day Etherscan no longer serves it, `YYYY-MM-DD`. */
  endedOn: string;
}

// Etherscan's changelog (docs.etherscan.io): Scroll and its testnet deprecated on 2026-04-16; Blast ends 2026-10-31.
const endedChains: ReadonlyMap<number, EndedChain> = new Map([
  [534352, { name: "Scroll", endedOn: "2026-04-16" }],
  [534351, { name: "Scroll Sepolia", endedOn: "2026-04-16" }],
  [81457, { name: "Blast", endedOn: "2026-10-31" }],
]);

/**
 * Whether Etherscan API v2 has stopped serving a chain.
 *
 * @param chainId - the chain
 * @param now - the moment asked about (ms since the epoch); default now
 * @returns the chain's name and the day it ended, or undefined while Etherscan serves it
 */
export function etherscanEndedChain(chainId: number, now: number = Date.now()): EndedChain | undefined {
  const ended = endedChains.get(chainId);
  return ended && now >= Date.parse(`${ended.endedOn}T00:00:00Z`) ? ended : undefined;
}
