import type { AsyncLocalStorage as AsyncLocalStorageType } from "node:async_hooks";

// Taken with getBuiltinModule, not `import`: an ES import of a built-in builds its module facade at start-up.
const { AsyncLocalStorage } = process.getBuiltinModule("node:async_hooks");

/** The moment (ms since the epoch) by which the work in progress must end. */
const scope: AsyncLocalStorageType<number> = new AsyncLocalStorage<number>();

/**
 * Runs work under a deadline that every request it makes, and every wait of the transport on its behalf, answers
 * to: a rate-limit wait that would run past it is refused at once, and request time limits shrink to fit it. The
 * client is shared by many jobs with different deadlines, so the deadline travels with the work, not the client.
 *
 * @param endsAt - when the work must end, in ms since the epoch
 * @param work - the work
 * @returns what the work returns
 */
export function withRequestDeadline<T>(endsAt: number, work: () => Promise<T>): Promise<T> {
  return scope.run(endsAt, work);
}

/**
 * The deadline of the work this call belongs to.
 *
 * @returns when it must end (ms since the epoch), or undefined outside {@link withRequestDeadline}
 */
export function currentRequestDeadline(): number | undefined {
  return scope.getStore();
}
