/**
 * A duration as a person reads it: `800 ms`, `45 s`, `50 min`, `3 h`, `11574 days`.
 *
 * @param ms - milliseconds
 * @returns the text
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return "forever";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1_000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 172_800_000) return `${Math.round(ms / 3_600_000)} h`;
  return `${Math.round(ms / 86_400_000)} days`;
}
