/**
 * Runs work over every item, at most `limit` at a time, keeping the items' order in the answers.
 *
 * @param limit - the most items in progress at once
 * @param items - the items
 * @param work - what is done with one item
 * @returns each item's answer, in the items' order
 * @throws the first error of `work`
 */
export async function eachAtMost<T, R>(
  limit: number,
  items: readonly T[],
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
