/** Grace for answers in flight once a run is interrupted. */
export const interruptionGraceMs = 5_000;

/** A run's watch over SIGINT and SIGTERM. */
export interface Interruption {
  /** The signal received, once one is. */
  readonly signal: NodeJS.Signals | undefined;
  /** Settles {@link interruptionGraceMs} after the signal: answers still in flight then are not awaited. */
  readonly graceOver: Promise<void>;
  dispose(): void;
}

/**
 * Watches for SIGINT and SIGTERM while a run works: the first one is noted (no new submission starts) and its
 * grace begins; the process is not ended here, so the run can write what it knows before it exits.
 *
 * @param onSignal - told once, when the first signal comes
 */
export function watchInterruption(onSignal: (signal: NodeJS.Signals) => void): Interruption {
  let received: NodeJS.Signals | undefined;
  let endGrace: () => void = () => {};
  const graceOver = new Promise<void>((resolve) => {
    endGrace = resolve;
  });
  const handler = (signal: NodeJS.Signals): void => {
    if (received) return;
    received = signal;
    onSignal(signal);
    setTimeout(endGrace, interruptionGraceMs).unref();
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  return {
    get signal() {
      return received;
    },
    graceOver,
    dispose: () => {
      process.off("SIGINT", handler);
      process.off("SIGTERM", handler);
    },
  };
}
