import type { VerificationEvent } from "../verify/events.js";

/**
 * A one-line description of an engine event for progress output, or undefined for events not worth a line.
 *
 * @param event - the event
 * @returns the line, or undefined
 */
export function progressLine(event: VerificationEvent): string | undefined {
  switch (event.type) {
    case "checking":
      return undefined;
    case "submitted":
      return `submitted   ${event.contract} at ${event.address}${event.input === "single" ? "" : ` (${event.input} input)`}${event.guid ? `, guid ${event.guid}` : ""}`;
    case "waiting":
      return `waiting     ${event.contract}: ${event.reason}; trying again in ${Math.round(event.delayMs / 1_000)} s`;
    case "preflight":
      return `preflight   ${event.contract}: ${event.diagnosis}`;
    case "notice":
      return `notice      ${event.contract}: ${event.message}`;
    case "linking-proxy":
      return `linking     proxy ${event.address} to ${event.implementation}`;
    case "pending":
      return `pending     ${event.contract}: ${event.message}`;
    case "finished": {
      const { result } = event;
      const status = result.status === "already-verified" ? "already verified" : result.status;
      return `${status.padEnd(11)} ${event.contract} at ${event.address}${result.message && result.status !== "verified" && result.status !== "already-verified" ? `: ${result.message}` : ""}`;
    }
    case "transport":
      return event.event.type === "rate-limited"
        ? `rate limit  the explorer asked to wait ${event.event.waitMs} ms; waiting`
        : `retrying    ${event.event.reason} (attempt ${event.event.attempt + 1})`;
  }
}
