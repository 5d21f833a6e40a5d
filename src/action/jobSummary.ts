import type { VerificationResult } from "../verify/job.js";

const statusText: Record<VerificationResult["status"], string> = {
  verified: "✅ verified",
  "already-verified": "✅ already verified",
  pending: "⏳ pending",
  failed: "❌ failed",
  timeout: "⌛ timeout",
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Writes the run page's job summary: a table with a row per contract, its address linked to the explorer.
 * @param results - the records
 * @param explorer - the explorer's base URL
 */
export async function writeJobSummary(
  results: readonly VerificationResult[],
  explorer: string,
): Promise<void> {
  const header = ["Contract", "Address", "Status", "Time", "Message"].map((data) => ({ data, header: true }));
  const rows = results.map((r) => [
    escapeHtml(r.contract),
    `<a href="${escapeHtml(r.url)}">${r.address}</a>`,
    statusText[r.status],
    `${(r.durationMs / 1_000).toFixed(1)} s`,
    escapeHtml(r.message ?? ""),
  ]);
  const { summary } = await import("@actions/core");
  await summary
    .addHeading("Contract verification", 2)
    .addRaw(`Explorer: <a href="${escapeHtml(explorer)}">${escapeHtml(explorer)}</a>`, true)
    .addTable([header, ...rows])
    .write();
}
