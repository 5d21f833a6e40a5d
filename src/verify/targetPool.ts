import { type Clock, systemClock } from "../kernel/waits.js";
import type { ConcurrencyControl } from "./adaptiveConcurrency.js";
import type { WorkSlots } from "./workSlots.js";

/** How often a running pool asks its controls again, so a limit that rose is used before the next job ends. */
const poolRecheckMs = 100;

/**
 * Runs work items a few at a time, with two limits: a place among the overall `slots` (which other pools may share),
 * and for the items of one group (one explorer) as many as that group's concurrency control allows now (a fixed
 * number, or `auto` following the explorer's quota). An item waiting for its group's turn never holds an overall
 * place, so a slow explorer does not hold up the others.
 *
 * @param items - the work, in order
 * @param groupOf - an item's group (its explorer)
 * @param limits - the overall places, each group's control (made once per group), and the clock that times the items
 * @returns the results in item order
 */
export async function inTargetPool<T, R>(
  items: T[],
  groupOf: (item: T, index: number) => string,
  limits: { slots: WorkSlots; controlFor: (group: string) => ConcurrencyControl; clock?: Clock | undefined },
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  if (items.length === 0) return results;
  const waiting = items.map((_, index) => index);
  const runningByGroup = new Map<string, number>();
  const controls = new Map<string, ConcurrencyControl>();
  const controlOf = (group: string): ConcurrencyControl => {
    const control = controls.get(group) ?? limits.controlFor(group);
    controls.set(group, control);
    return control;
  };
  const clock = limits.clock ?? systemClock;
  let running = 0;
  return new Promise<R[]>((resolve, reject) => {
    const recheck = setInterval(() => startWhatFits(), poolRecheckMs);
    const startWhatFits = (): void => {
      if (waiting.length === 0 && running === 0) {
        stop();
        resolve(results);
        return;
      }
      for (let position = 0; position < waiting.length; ) {
        const index = waiting[position] as number;
        const group = groupOf(items[index] as T, index);
        const control = controlOf(group);
        const inGroup = runningByGroup.get(group) ?? 0;
        if (inGroup >= control.limit()) {
          position++;
          continue;
        }
        if (!limits.slots.take()) break;
        waiting.splice(position, 1);
        running++;
        runningByGroup.set(group, inGroup + 1);
        const startedAt = clock.now();
        control.jobStarted();
        work(items[index] as T, index).then(
          (result) => {
            results[index] = result;
            running--;
            runningByGroup.set(group, (runningByGroup.get(group) ?? 1) - 1);
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
