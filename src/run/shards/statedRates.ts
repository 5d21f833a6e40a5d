import { unstatedRequestsPerSecond } from "../../verifiers/serviceTransports.js";
import type { Service } from "../../verify/verifier.js";

/** An explorer's rate, as a plan knows it before anything is sent, and how many shards it allows at once. */
export interface ExplorerRate {
  /** Requests per second the user stated (`requestsPerSecond`); unset: none stated. */
  stated: number | undefined;
  /** The pace a shard keeps on the service when no rate is stated: no shard is planned below it. */
  pace: number;
  /** How many shards may verify on the explorer at once, each at its share of the stated rate (1 at least). */
  allows: number;
}

/**
 * How many shards an explorer's rate allows at once: a stated rate divided among shards gives each its share, and a
 * share below the service's own pace would make a shard slower than one run without a stated rate.
 *
 * @param requestsPerSecond - the rate the user stated for each explorer; unset: none
 */
export function explorerRate(service: Service, requestsPerSecond: number | undefined): ExplorerRate {
  const pace = unstatedRequestsPerSecond[service];
  return {
    stated: requestsPerSecond,
    pace,
    allows: requestsPerSecond === undefined ? 1 : Math.max(1, Math.floor(requestsPerSecond / pace)),
  };
}

/**
 * @param parts - how many shards the plan gave it
 * @param shards - those shards' names
 * @returns why the explorer was, or was not, split: for the plan's output
 */
export function splitReason(rate: ExplorerRate, parts: number, shards: readonly string[]): string {
  if (parts > 1)
    return `split over ${parts} shards (${shards.join(", ")}): its stated ${rate.stated} requests/s allows ${rate.allows} at once; each runs at ${formatRate((rate.stated as number) / parts)} requests/s`;
  if (rate.stated === undefined)
    return `not split: no rate is stated (requests-per-second), so two shards would each keep the service's ${rate.pace} requests/s, twice its rate together`;
  if (rate.allows === 1)
    return `not split: its stated ${rate.stated} requests/s allows one shard at once (a shard keeps at least the service's ${rate.pace} requests/s)`;
  return `not split: its stated ${rate.stated} requests/s would allow ${rate.allows} shards at once, but the balance needs no split`;
}

/**
 * @returns it for a person, to two decimals at most: `6.67`
 */
export function formatRate(requestsPerSecond: number): string {
  return String(Math.round(requestsPerSecond * 100) / 100);
}
