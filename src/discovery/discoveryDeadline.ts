import { deadlineReached } from "../errors/index.js";
/**
 * Waits for work, or for the deadline, whichever comes first.
 *
 * @param work - the work (a trace, say), which goes on unheeded if the deadline comes first
 * @param deadline - ms since the epoch; infinite for none
 * @returns what the work returns
 * @throws {TimeoutError} ({@link isDeadlineReached}) when the deadline comes first; the work's own errors
 */
export async function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  if (!Number.isFinite(deadline)) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(deadlineReached()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** {@link beforeDeadline}, refused at once when the deadline has come already. */
export function readBefore<T>(work: Promise<T>, deadline: number): Promise<T> {
  if (Date.now() >= deadline) return Promise.reject(deadlineReached());
  return beforeDeadline(work, deadline);
}
