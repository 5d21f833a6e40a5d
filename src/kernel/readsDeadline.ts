/**
 * The run's read budget, as one value: the moment the chain reads before any verification must end (a manifest's
 * deployed code, the chain id, what the jobs created, the proxies' kinds and parts), and the seconds it was given, for
 * the words. The request that starts a run makes it once and hands it to every such read, so that a slow chain holds
 * the run past it in none of them, nor in all of them one after another.
 */
export interface ReadsDeadline {
  /** Ms since the epoch. */
  readonly endsAt: number;
  readonly seconds: number;
}

/**
 * The run's read budget from now.
 *
 * @param seconds - the budget
 * @returns the deadline
 */
export function readsDeadline(seconds: number): ReadsDeadline {
  return { endsAt: Date.now() + seconds * 1_000, seconds };
}
