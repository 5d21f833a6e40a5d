/** Appends items to a list in order, where `list.push(...items)` throws RangeError past some hundred thousand. */
export function appendAll<T>(list: T[], items: Iterable<T>): void {
  for (const item of items) list.push(item);
}
