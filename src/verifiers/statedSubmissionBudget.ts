import type { BudgetHold, BudgetReading, SubmissionBudget } from "../verify/verifier.js";

/** What a service stated about the submissions it takes before its budget resets. */
export interface StatedAllowance {
  left: number;
  /** In ms since the epoch. */
  resetsAt: number | undefined;
  /** The statement, for a person. */
  statedAs: string;
}

/** The answer to the question, or why there is none (the service refused the question). */
export type AllowanceAnswer = StatedAllowance | { unstated: string };

/**
 * A budget of submissions asked once, at the first hold, and shared by every contract that spends it: a contract
 * holds one submission before its first request, spends it when it sends (and one more for each later sending), and
 * gives it back when it ends without sending. A contract that finds every submission left held waits for one of the
 * holders: it is refused only once the run has spent them all.
 */
export class StatedSubmissionBudget implements SubmissionBudget {
  readonly #ask: (endsAt: number) => Promise<AllowanceAnswer>;
  #asked: Promise<AllowanceAnswer> | undefined;
  #answer: AllowanceAnswer | undefined;
  #used = 0;
  #held = 0;
  #waiting: Array<() => void> = [];

  /**
   * @param ask - asks the service, once, within the deadline of the contract asking first; throws a refusal that stops every request to it
   * @param shareOf - how many runs (a plan's shards) share the budget at once: this one plans against that fraction
   *   of what the service states is left
   */
  constructor(ask: (endsAt: number) => Promise<AllowanceAnswer>, shareOf = 1) {
    this.#ask =
      shareOf <= 1
        ? ask
        : (endsAt) =>
            ask(endsAt).then((answer) =>
              "unstated" in answer
                ? answer
                : {
                    ...answer,
                    left: Math.floor(answer.left / shareOf),
                    statedAs: `${answer.statedAs}, this shard's 1/${shareOf}`,
                  },
            );
  }

  async hold(endsAt: number): Promise<BudgetHold> {
    this.#asked ??= this.#ask(endsAt).then((answer) => {
      this.#answer = answer;
      return answer;
    });
    const answer = await this.#asked;
    if ("unstated" in answer) return { kind: "unstated" };
    for (;;) {
      if (this.#used + this.#held < answer.left) {
        this.#held++;
        return this.#holding(answer);
      }
      if (this.#held === 0) return { kind: "spent", reading: this.#stated(answer) };
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
  }

  reading(): BudgetReading | undefined {
    const answer = this.#answer;
    if (!answer) return undefined;
    return "unstated" in answer ? { state: "unstated", reason: answer.unstated } : this.#stated(answer);
  }

  #holding(answer: StatedAllowance): BudgetHold {
    let held = true;
    const letGo = (): void => {
      held = false;
      this.#held--;
      for (const wake of this.#waiting.splice(0)) wake();
    };
    return {
      kind: "held",
      spend: () => {
        if (held) {
          this.#used++;
          letGo();
          return true;
        }
        if (this.#used + this.#held >= answer.left) return false;
        this.#used++;
        return true;
      },
      release: () => {
        if (held) letGo();
      },
      refund: () => {
        this.#used--;
        for (const wake of this.#waiting.splice(0)) wake();
      },
    };
  }

  #stated(answer: StatedAllowance): BudgetReading & { state: "stated" } {
    return {
      state: "stated",
      unit: "submissions",
      stated: answer.left,
      used: this.#used,
      left: Math.max(0, answer.left - this.#used),
      resetsAt: answer.resetsAt,
      statedAs: answer.statedAs,
    };
  }
}
