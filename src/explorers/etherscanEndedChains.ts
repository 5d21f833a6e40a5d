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
 * The chain's name and the day it ended when Etherscan API v2 has stopped serving it at `now` (ms since the epoch);
 * undefined while Etherscan serves it.
 */
export function etherscanEndedChain(chainId: number, now: number = Date.now()): EndedChain | undefined {
  const ended = endedChains.get(chainId);
  return ended && now >= Date.parse(`${ended.endedOn}T00:00:00Z`) ? ended : undefined;
}
