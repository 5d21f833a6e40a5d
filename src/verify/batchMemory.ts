import type { Deadline } from "./deadline.js";
import type { VerificationFormat } from "./job.js";
import type { PeerVerdict, PeerVerdicts, PollingOptions } from "./pollSchedule.js";
import { ceilingReachedAfterMs, intervalReachedAfterMs } from "./pollSchedule.js";

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
    const memory = this.#explorers.get(explorerBase) ?? new ExplorerMemory();
    this.#explorers.set(explorerBase, memory);
    return memory;
  }
}

/** Verdict waits remembered: enough for a stable median, few enough to follow an explorer that slows down. */
const rememberedVerdicts = 9;

/**
 * Pre-checks and submissions that found no verified contract before the pre-check may be skipped. One: a pre-check
 * costs the same one request as the submission it might spare, since Blockscout's `verifysourcecode` answers
 * "already verified" before it queues anything (blockscout-api.md §10), and the submissions' answers keep teaching
 * the batch, so pre-checks come back as soon as half the contracts seen were verified (a rerun).
 */
const unverifiedBeforeSkipping = 1;

/** What one explorer has shown the jobs of a batch. */
export class ExplorerMemory implements PeerVerdicts {
  readonly #verdictWaitsMs: number[] = [];
  readonly #verdictListeners = new Set<(peer: PeerVerdict) => void>();
  #foundVerified = 0;
  #foundUnverified = 0;
  #preChecksUnanswered = 0;
  #scouting = false;
  #scoutListeners: Array<(waitMs: number | undefined) => void> = [];
  #preCheckListeners: Array<() => void> = [];

  /**
   * Claims the first job's role of finding out how long verdicts take, while no verdict has been seen: the scout
   * polls on the default schedule, the other jobs wait for what it finds ({@link scoutedVerdictWait}).
   * @returns true for the job that becomes the scout (it must call {@link scoutDone})
   */
  claimScout(): boolean {
    if (this.#scouting || this.#verdictWaitsMs.length > 0) return false;
    this.#scouting = true;
    return true;
  }

  /** The scout's polling ended (with or without a verdict): jobs still waiting for it poll for themselves. */
  scoutDone(): void {
    this.#scouting = false;
    this.#tellScoutListeners(this.firstPollWaitMs());
  }

  /**
   * Waits until the scout has seen a verdict, on the deadline's clock.
   * @returns the verdict wait it saw; undefined when it saw none or the limit came first
   */
  async scoutedVerdictWait(deadline: Deadline, limitMs: number): Promise<number | undefined> {
    if (!this.#scouting) return this.firstPollWaitMs();
    const told = new AbortController();
    let seenMs: number | undefined;
    this.#scoutListeners.push((waitMs) => {
      seenMs = waitMs;
      told.abort();
    });
    await deadline.wait(limitMs, told.signal);
    return seenMs;
  }

  #tellScoutListeners(waitMs: number | undefined): void {
    for (const listener of this.#scoutListeners.splice(0)) listener(waitMs);
  }

  /**
   * Remembers how long after its submission answer a job's poll first saw the verdict, and tells the jobs still
   * polling (see `afterPeerVerdict`).
   * @param waitMs - from the submission's answer to the sending of the poll that saw the verdict
   * @param submittedAt - when that submission set out, in ms since the epoch
   */
  noteVerdictWait(waitMs: number, submittedAt = Date.now() - waitMs): void {
    this.#verdictWaitsMs.push(waitMs);
    if (this.#verdictWaitsMs.length > rememberedVerdicts) this.#verdictWaitsMs.shift();
    this.#tellScoutListeners(this.firstPollWaitMs());
    for (const listener of [...this.#verdictListeners]) listener({ submittedAt, verdictAfterMs: waitMs });
  }

  onVerdict(listener: (peer: PeerVerdict) => void): () => void {
    this.#verdictListeners.add(listener);
    return () => this.#verdictListeners.delete(listener);
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

  /** A pre-check ended, answered or not. */
  preCheckEnded(): void {
    this.#preChecksUnanswered = Math.max(0, this.#preChecksUnanswered - 1);
    for (const listener of this.#preCheckListeners.splice(0)) listener();
  }

  /** @returns when the next pre-check on its way ends (at once when none is) */
  nextPreCheckEnd(): Promise<void> {
    if (this.#preChecksUnanswered === 0) return Promise.resolve();
    return new Promise((resolve) => this.#preCheckListeners.push(resolve));
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
   * Until then, one pre-check finds out, and the jobs that start while it is on its way wait for it (a rerun then
   * submits nothing).
   * @returns `pays` (the caller's pre-check now counts as on its way: {@link preCheckEnded} must follow) or `skip`;
   *   `wait` while the pre-check that decides is on its way (see {@link nextPreCheckEnd})
   */
  claimPreCheck(): "pays" | "skip" | "wait" {
    const decision = this.#preCheckDecision();
    if (decision === "pays") this.#preChecksUnanswered++;
    return decision;
  }

  #preCheckDecision(): "pays" | "skip" | "wait" {
    if (this.#foundUnverified >= unverifiedBeforeSkipping)
      return this.#foundVerified * 2 >= this.#foundUnverified ? "pays" : "skip";
    if (this.#foundVerified > 0) return "pays";
    return this.#foundUnverified + this.#preChecksUnanswered < unverifiedBeforeSkipping ? "pays" : "wait";
  }
}

/**
 * How long a job waits before its first poll: from what earlier jobs saw, or else what the batch's first polling job
 * sees. A poll before the verdict is likely ready is a request spent on `Pending in queue`; but the scout is waited
 * for only while that saves polls, and never for more than half the time left: its guid may be the one stuck. A job
 * that waited in vain polls at once, at the pace its own schedule would have reached.
 * @param answeredAt - when the submission was answered, in ms since the epoch
 * @returns the wait before the first poll, counted from the answer, and the interval to start from
 */
export async function firstPollStart(
  memory: ExplorerMemory | undefined,
  deadline: Deadline,
  answeredAt: number,
  polling: PollingOptions,
): Promise<{ firstWaitMs?: number; firstIntervalMs?: number }> {
  if (!memory) return {};
  const scoutLimitMs = Math.min(ceilingReachedAfterMs(polling), deadline.remainingMs() / 2);
  const learnedMs = memory.firstPollWaitMs() ?? (await memory.scoutedVerdictWait(deadline, scoutLimitMs));
  const waitedMs = deadline.now() - answeredAt;
  if (learnedMs !== undefined) return { firstWaitMs: Math.max(0, learnedMs - waitedMs) };
  return {
    firstWaitMs: Math.max(polling.initialIntervalMs, waitedMs),
    firstIntervalMs: intervalReachedAfterMs(polling, waitedMs),
  };
}

/**
 * Whether a job's pre-check pays. Where the explorer answers "already verified" to a submission before compiling
 * anything (`verifysourcecode`), a pre-check that rarely finds a verified contract costs more requests than it saves;
 * where it compiles first (synchronous actions), the pre-check always pays.
 * @param memory - what the batch learned of the explorer, if anything
 * @param format - the job's format
 * @returns true to pre-check
 */
export async function preCheckPays(
  memory: ExplorerMemory | undefined,
  format: VerificationFormat,
): Promise<boolean> {
  if (!memory || (format !== "standard-json" && format !== "single-file")) return true;
  for (;;) {
    const decision = memory.claimPreCheck();
    if (decision !== "wait") return decision === "pays";
    await memory.nextPreCheckEnd();
  }
}
