import { type Clock, systemClock } from "../kernel/waits.js";
import type { ConcurrencyControl } from "./adaptiveConcurrency.js";
import type { WorkSlots } from "./workSlots.js";

/** How often a running pool asks its controls again, so a limit that rose is used before the next job ends. */
const poolRecheckMs = 100;

/**
 * Runs work items a few at a time, with two limits: a place among the overall `slots` (which other pools may share),
 * and as many as the pool's concurrency control allows now (a fixed number, or `auto` following the explorer's
 * quota). An item waiting for the control's turn never holds an overall place, so a slow explorer does not hold up
 * the others.
 *
 * @param items - the work, in order
 * @param limits - the overall places, the pool's control (made when the first item is about to start), and the clock
 *   that times the items
 * @returns the results in item order
 */
export async function inTargetPool<T, R>(
  items: T[],
  limits: { slots: WorkSlots; controlFor: () => ConcurrencyControl; clock?: Clock | undefined },
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  if (items.length === 0) return results;
  const control = limits.controlFor();
  const clock = limits.clock ?? systemClock;
  let next = 0;
  let running = 0;
  return new Promise<R[]>((resolve, reject) => {
    const recheck = setInterval(() => startWhatFits(), poolRecheckMs);
    const startWhatFits = (): void => {
      if (next === items.length && running === 0) {
        stop();
        resolve(results);
        return;
      }
      while (next < items.length && running < control.limit() && limits.slots.take()) {
        const index = next++;
        running++;
        const startedAt = clock.now();
        control.jobStarted();
        work(items[index] as T, index).then(
          (result) => {
            results[index] = result;
            running--;
            control.jobFinished(clock.now() - startedAt);
            // Every pool sharing the places hears of it, this one last.
            limits.slots.giveBack(startWhatFits);
          },
          (error: unknown) => {
            stop();
            limits.slots.giveBack();
            reject(error);
          },
        );
      }
    };
    // An item that ends, in this pool or another one sharing the places, may let a waiting item start.
    const stopListening = limits.slots.onFreed(startWhatFits);
    const stop = (): void => {
      clearInterval(recheck);
      stopListening();
    };
    startWhatFits();
  });
}
