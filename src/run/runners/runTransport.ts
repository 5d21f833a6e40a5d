import type { TransportSettings } from "../../verifiers/serviceTransports.js";
import type { VerificationEventListener } from "../../verify/events.js";

/** What a run says of its requests' pace and answers; unset, each service's own. */
export interface RunPace {
  requestsPerSecond?: number | undefined;
  maxResponseBytes?: number | undefined;
}

/**
 * A run's transport settings: its pace and answer cap, and its transport events told as the engine's.
 *
 * @param pace - requests per second and the answers' cap, when the run sets them
 * @returns the settings every target's requests are sent with
 */
export function runTransport(
  pace: RunPace,
  onEvent: VerificationEventListener | undefined,
): TransportSettings {
  return {
    ...(pace.maxResponseBytes === undefined ? {} : { maxResponseBytes: pace.maxResponseBytes }),
    ...(pace.requestsPerSecond === undefined ? {} : { requestsPerSecond: pace.requestsPerSecond }),
    onEvent: (event) => onEvent?.({ type: "transport", event }),
  };
}
