import type { TransportSettings } from "../../verifiers/serviceTransports.js";
import type { VerificationEventListener } from "../../verify/events.js";

/**
 * A run's transport settings: its pace and answer cap, and its transport events told as the engine's.
 *
 * @param pace - requests per second and the answers' cap, when the run sets them (unset: each service's own)
 * @returns the settings every target's requests are sent with
 */
export function runTransport(
  pace: { requestsPerSecond?: number | undefined; maxResponseBytes?: number | undefined },
  onEvent: VerificationEventListener | undefined,
): TransportSettings {
  return {
    ...(pace.maxResponseBytes === undefined ? {} : { maxResponseBytes: pace.maxResponseBytes }),
    ...(pace.requestsPerSecond === undefined ? {} : { requestsPerSecond: pace.requestsPerSecond }),
    onEvent: (event) => onEvent?.({ type: "transport", event }),
  };
}
