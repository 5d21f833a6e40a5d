/**
 * What the jobs of one batch learn from an explorer for the jobs after them: how long its verdicts take, and whether
 * pre-checks find anything. One per batch, so a later batch (a rerun, another project) starts without assumptions.
 */
export class BatchMemory {
  readonly #explorers = new Map<string, ExplorerMemory>();

  /**
   * @param explorerBase - the explorer's normalised base URL
   * @returns what the batch has learned about that explorer so far
   */
  explorer(explorerBase: string): ExplorerMemory {
    let memory = this.#explorers.get(explorerBase);
    if (!memory) {
      memory = new ExplorerMemory();
      this.#explorers.set(explorerBase, memory);
    }
    return memory;
  }
}

/** Verdict waits remembered: enough for a stable median, few enough to follow an explorer that slows down. */
const rememberedVerdicts = 9;

/** Pre-checks and submissions that found no verified contract before the pre-check may be skipped. */
const unverifiedBeforeSkipping = 3;

/** What one explorer has shown the jobs of a batch. */
export class ExplorerMemory {
  readonly #verdictWaitsMs: number[] = [];
  #foundVerified = 0;
  #foundUnverified = 0;

  /**
   * Remembers how long after its submission answer a job's poll first saw the verdict.
   * @param waitMs - from the submission's answer to the sending of the poll that saw the verdict
   */
  noteVerdictWait(waitMs: number): void {
    this.#verdictWaitsMs.push(waitMs);
    if (this.#verdictWaitsMs.length > rememberedVerdicts) this.#verdictWaitsMs.shift();
  }

  /**
   * When to poll first: the median wait after which earlier jobs saw their verdict. A poll sent earlier would most
   * likely read `Pending in queue`, a request spent for nothing.
   * @returns milliseconds after the submission's answer, or undefined before any verdict was seen
   */
  firstPollWaitMs(): number | undefined {
    if (this.#verdictWaitsMs.length === 0) return undefined;
    const sorted = [...this.#verdictWaitsMs].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  }

  /**
   * Remembers what a pre-check, or a submission's answer, said about a contract before this run touched it.
   * @param verified - whether the contract was verified already
   */
  noteVerifiedBefore(verified: boolean): void {
    if (verified) this.#foundVerified++;
    else this.#foundUnverified++;
  }

  /**
   * Whether a pre-check still pays: it costs a request for every contract, and saves only a submission's body for
   * a contract verified already (whose submission is answered "already verified", one request too). Worth it while
   * at least half of the contracts looked at so far were verified (a rerun); not for fresh deployments.
   * @returns false once several contracts were found unverified and fewer than half were verified
   */
  preCheckPays(): boolean {
    if (this.#foundUnverified < unverifiedBeforeSkipping) return true;
    return this.#foundVerified * 2 >= this.#foundUnverified;
  }
}
