/**
 * Groups items by a key, each group in the items' order, the groups in the order their keys first appear: what
 * `Map.groupBy` does, which Node 20 (still run by Hardhat 2 projects) lacks.
 *
 * @param items - the items
 * @param keyOf - an item's key
 * @returns the groups by key
 */
export function groupedBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
