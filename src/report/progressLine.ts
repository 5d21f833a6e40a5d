import { formatDuration } from "../kernel/durationText.js";
import type { VerificationEvent } from "../verify/events.js";
import { statusWord } from "./statusRows.js";
import { neutraliseText } from "./terminalText.js";

/**
 * A one-line description of an engine event for progress output, or undefined for events not worth a line. Text
 * from the explorer in it is neutralised (see {@link neutraliseText}): the line is safe for a terminal and a runner.
 *
 * @param event - the event
 * @returns the line, or undefined
 */
export function progressLine(event: VerificationEvent): string | undefined {
  const line = describeEvent(event);
  return line === undefined ? undefined : neutraliseText(line);
}

function describeEvent(event: VerificationEvent): string | undefined {
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
      return event.implementation
        ? `linking     proxy ${event.address} to ${event.implementation}`
        : `linking     proxy ${event.address}: the explorer finds its implementation`;
    case "pending":
      return `pending     ${event.contract}: ${event.message}`;
    case "finished": {
      const { result } = event;
      const status = statusWord(result);
      const creator = result.createdBy ? ` (created by ${result.createdBy.factory})` : "";
      return `${status.padEnd(11)} ${event.contract} at ${event.address}${creator}${result.message && result.status !== "verified" && result.status !== "already-verified" ? `: ${result.message}` : ""}`;
    }
    case "transport": {
      const transport = event.event;
      switch (transport.type) {
        case "rate-limited":
          return `rate limit  the explorer asked to wait ${transport.waitMs} ms; waiting`;
        case "waiting":
          return transport.reason === "quota"
            ? `waiting     the explorer's stated quota is used up; the next request goes in ${formatDuration(transport.waitMs)}`
            : `waiting     the explorer asked to wait; the next request goes in ${formatDuration(transport.waitMs)}`;
        case "retry":
          return `retrying    ${transport.reason} (attempt ${transport.attempt + 1})`;
        case "fallback":
          return `fallback    ${transport.reason}: asking the chain's instance ${transport.to} instead`;
      }
    }
  }
}
