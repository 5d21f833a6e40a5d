import type { SourcifyAllChains } from "../schemas/sourcify.js";

type Results = SourcifyAllChains["results"];

/** What Sourcify holds for an address on one chain, read off the all-chains answer. */
export type ChainAnswer = Results[number] | undefined;

/**
 * The all-chains lookups of one Sourcify server in a run: when the run targets Sourcify on several chains, the first
 * chain to look an address up asks `GET /v2/contract/all-chains/{address}` once, and every chain reads its answer from
 * it, once (a later lookup of that chain, after a submission, asks its own chain again).
 */
export class SourcifyAllChainsLookups {
  readonly #chains = new Set<number>();
  readonly #answers = new Map<string, Promise<Results | undefined>>();
  readonly #read = new Set<string>();

  /** @param chainId - a chain the run verifies on this server */
  join(chainId: number): void {
    this.#chains.add(chainId);
  }

  /**
   * @param ask - asks the all-chains route (through the asking chain's transport)
   * @returns the chain's entry (undefined: not verified there), or `per-chain` when this chain asks its own route:
   *   one chain in the run, its answer already read, or the all-chains route did not answer
   */
  async lookUp(
    address: string,
    chainId: number,
    ask: () => Promise<Results>,
  ): Promise<{ found: ChainAnswer } | "per-chain"> {
    const key = address.toLowerCase();
    const read = `${chainId}:${key}`;
    if (this.#chains.size < 2 || this.#read.has(read)) return "per-chain";
    this.#read.add(read);
    let answer = this.#answers.get(key);
    if (!answer) {
      // A refusal of the route (an older server) leaves every chain to its own lookup.
      answer = ask().catch(() => undefined);
      this.#answers.set(key, answer);
    }
    const results = await answer;
    if (!results) return "per-chain";
    return {
      found: results.find(
        (result) => String(result.chainId) === String(chainId) && result.address.toLowerCase() === key,
      ),
    };
  }
}
