/**
 * Runs work items a few at a time, with two limits: at most `total` at once overall, and at most `perGroup` at once
 * for items of the same group (one explorer). An item waiting for its group's slot never holds an overall slot, so a
 * slow explorer does not hold up the others.
 *
 * @param items - the work, in order
 * @param groupOf - an item's group (its explorer)
 * @param limits - the overall and per-group limits (each at least 1)
 * @param work - what to do with an item
 * @returns the results in item order
 */
export async function inTargetPool<T, R>(
  items: T[],
  groupOf: (item: T, index: number) => string,
  limits: { total: number; perGroup: number },
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const waiting = items.map((_, index) => index);
  const runningByGroup = new Map<string, number>();
  let running = 0;
  return new Promise<R[]>((resolve, reject) => {
    const startWhatFits = (): void => {
      if (waiting.length === 0 && running === 0) {
        resolve(results);
        return;
      }
      for (let position = 0; position < waiting.length && running < limits.total; ) {
        const index = waiting[position] as number;
        const group = groupOf(items[index] as T, index);
        const inGroup = runningByGroup.get(group) ?? 0;
        if (inGroup >= limits.perGroup) {
          position++;
          continue;
        }
        waiting.splice(position, 1);
        running++;
        runningByGroup.set(group, inGroup + 1);
        work(items[index] as T, index).then((result) => {
          results[index] = result;
          running--;
          runningByGroup.set(group, (runningByGroup.get(group) ?? 1) - 1);
          startWhatFits();
        }, reject);
      }
    };
    startWhatFits();
  });
}
