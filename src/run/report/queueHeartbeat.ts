import type { VerificationEvent } from "../../verify/events.js";
import { type Service, serviceTitles } from "../../verify/verifier.js";

/** How often a line says what still waits in a service's queue. */
const heartbeatIntervalMs = 15_000;

/**
 * While contracts wait for a service's verdict (submitted, not finished), says so every 15 s or so, one line per
 * service: `waiting     on 4 contracts on Blockscout, 20 s`. A queue that takes its time is then not silence.
 */
export class QueueHeartbeat {
  readonly #writeLine: (line: string) => void;
  /** Per service: the contracts submitted and not finished, with when each was submitted. */
  readonly #waiting = new Map<Service, Map<string, number>>();
  #timer: NodeJS.Timeout | undefined;

  /** @param writeLine - where the lines go */
  constructor(writeLine: (line: string) => void) {
    this.#writeLine = writeLine;
  }

  /**
   * @param service - the target the event is about
   * @param event - an engine event of that target
   */
  observe(service: Service, event: VerificationEvent): void {
    if (event.type !== "submitted" && event.type !== "finished") return;
    const waiting = this.#waiting.get(service) ?? new Map<string, number>();
    const key = event.address.toLowerCase();
    if (event.type === "submitted" && event.guid) waiting.set(key, waiting.get(key) ?? Date.now());
    if (event.type === "finished") waiting.delete(key);
    this.#waiting.set(service, waiting);
  }

  /** Starts the lines. */
  start(): void {
    this.#timer ??= setInterval(() => this.#beat(), heartbeatIntervalMs);
    this.#timer.unref();
  }

  /** Stops them. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #beat(): void {
    const now = Date.now();
    for (const [service, waiting] of this.#waiting) {
      if (waiting.size === 0) continue;
      const longestS = Math.round((now - [...waiting.values()].reduce((a, b) => Math.min(a, b))) / 1_000);
      this.#writeLine(
        `waiting     on ${waiting.size} contract${waiting.size === 1 ? "" : "s"} on ${serviceTitles[service]}, ${longestS} s`,
      );
    }
  }
}
