/**
 * Places for work in progress, shared by several pools: at most `size` items run at once over all of them. A pool
 * takes a place before it starts an item and gives it back when the item ends; the others hear of it at once.
 */
export class WorkSlots {
  readonly size: number;
  #taken = 0;
  readonly #listeners = new Set<() => void>();

  /** @param size - the most items at once (at least 1; fractions are rounded down) */
  constructor(size: number) {
    this.size = Math.max(1, Math.floor(size));
  }

  /** @returns whether a place was free, and is now taken */
  take(): boolean {
    if (this.#taken >= this.size) return false;
    this.#taken++;
    return true;
  }

  /**
   * Gives a place back and tells every listener: the others first, so that a pool that keeps finishing items does
   * not keep the place from a pool that waits.
   *
   * @param giver - the listener of the pool that gives it back, told last
   */
  giveBack(giver?: () => void): void {
    this.#taken = Math.max(0, this.#taken - 1);
    const listeners = [...this.#listeners];
    for (const listener of listeners) if (listener !== giver) listener();
    if (giver && listeners.includes(giver)) giver();
  }

  /** @param listener - called whenever a place is given back */
  onFreed(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
