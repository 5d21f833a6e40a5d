/**
 * When a run's chain reads before any verification must end: its timeout from now. A door takes it once, before it
 * reads its inputs, and hands the same moment to every step that reads the chain before verifying (a manifest's
 * deployed code, the chain id, the proxies' kinds and parts), so that a slow chain holds the run past its timeout in
 * none of them, nor in all of them one after another.
 *
 * @param timeoutSeconds - the run's timeout
 * @returns the moment, in ms since the epoch
 */
export function readsDeadline(timeoutSeconds: number): number {
  return Date.now() + timeoutSeconds * 1_000;
}
