import { jest } from "@jest/globals";

/**
 * Runs work on Jest's timers and moves them on by `ms` once `ready()` holds (the event loop's own turns stay real,
 * so sockets are served meanwhile), then hands the timers back: a time limit of the machine's comes at the moment
 * the test says, after what it waits for, however busy the machine.
 *
 * @param ms - how far the timers move
 * @param ready - true once the work is where the time should pass (a request at the server, say)
 * @param work - the work, started on Jest's timers
 * @returns what the work returns
 */
export async function afterFakeTime<T>(ms: number, ready: () => boolean, work: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
  let running: Promise<T>;
  try {
    running = work();
    let settled = false;
    running.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!ready() && !settled) await new Promise((resolve) => setImmediate(resolve));
    await jest.advanceTimersByTimeAsync(ms);
  } finally {
    jest.useRealTimers();
  }
  return running;
}
