import { isSuccess, type VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";
import { targetTotalsLine, totalsLine } from "./contractCounts.js";
import { statusWord } from "./statusWord.js";
import { neutraliseText } from "./terminalText.js";

const statusIcons: Record<VerificationResult["status"], string> = {
  verified: "✅",
  "already-verified": "✅",
  pending: "⏳",
  failed: "❌",
  timeout: "⌛",
};

// A record's status: its icon, and the word every door uses for it (a proxy's link made by this run is `linked`).
const statusText = (result: Pick<VerificationResult, "status" | "format">) =>
  `${statusIcons[result.status]} ${statusWord(result)}`;

// HTML's own characters, and those markdown would read if the summary's HTML block were ever broken: each as a
// character reference, so no text of the explorer's becomes a tag, a link, an image, a heading or emphasis.
const htmlAndMarkdown = /[&<>"'`*_[\]()!#|~\\{}:]/g;
const htmlAttribute = /[&<>"'`]/g;
// What GitHub links in rendered text: mentions (`@user`, `@org/team`: each notifies), and issue references (`#123`,
// `owner/repo#123`, `GH-123`: each links, and shows a back-link on that issue). A character reference does not stop
// them (GitHub finds them in the text once it is rendered), but GitHub links nothing inside <code>: each is wrapped in
// one, and shows as the explorer wrote it.
const githubReference = /(?:[\w.-]+\/[\w.-]+)?#\d+|@[A-Za-z0-9][A-Za-z0-9-]*(?:\/[\w.-]+)?|\bGH-\d+/gi;

/**
 * Makes text safe inside an HTML cell of the job summary: on one line (a blank line would end the HTML block and
 * let markdown render), with no character that HTML or markdown would read, and no mention or issue reference that
 * GitHub would link (each in a `<code>` element).
 *
 * @param text - text from the explorer or a result record
 * @returns HTML text
 * @example
 * summaryText("ping @octocat about #12") // "ping <code>@octocat</code> about <code>&#35;12</code>"
 */
export function summaryText(text: string): string {
  const escaped = (part: string) =>
    part.replace(htmlAndMarkdown, (character) => `&#${character.charCodeAt(0)};`);
  const flat = neutraliseText(text);
  let html = "";
  let last = 0;
  for (const reference of flat.matchAll(githubReference)) {
    html += `${escaped(flat.slice(last, reference.index))}<code>${escaped(reference[0])}</code>`;
    last = reference.index + reference[0].length;
  }
  return html + escaped(flat.slice(last));
}

/**
 * A link for the summary, only to an http(s) address (a link is the one thing in a cell that can be followed).
 *
 * @param url - the address
 * @param label - the text shown
 * @returns an `<a>` element, or the label alone
 */
export function summaryLink(url: string, label: string): string {
  return /^https?:\/\//i.test(url)
    ? `<a href="${neutraliseText(url).replace(htmlAttribute, (c) => `&#${c.charCodeAt(0)};`)}">${summaryText(label)}</a>`
    : summaryText(label);
}

const columns = ["Contract", "Address", "Status", "Time", "Message"];

// Written here rather than with @actions/core's addTable, which leaves an empty cell's <td> unclosed.
function tableHtml(results: readonly VerificationResult[]): string {
  const row = (cells: readonly string[], tag: "th" | "td") =>
    `<tr>${cells.map((cell) => `<${tag}>${cell}</${tag}>`).join("")}</tr>`;
  const rows = results.map((r) =>
    row(
      [
        summaryText(r.contract),
        summaryLink(r.url, r.address),
        statusText(r),
        `${(r.durationMs / 1_000).toFixed(1)} s`,
        summaryText(r.message ?? ""),
      ],
      "td",
    ),
  );
  return `<table>${row(columns, "th")}${rows.join("")}</table>`;
}

// A run over several targets: a row per contract, a column per target with its status linked to that target's page.
function targetsTableHtml(
  results: readonly VerificationResult[],
  targets: readonly string[],
  optionalTargets: readonly Service[],
): string {
  const row = (cells: readonly string[], tag: "th" | "td") =>
    `<tr>${cells.map((cell) => `<${tag}>${cell}</${tag}>`).join("")}</tr>`;
  const contracts = new Map<
    string,
    { contract: string; address: string; byTarget: Map<string, VerificationResult> }
  >();
  for (const r of results) {
    const key = `${r.chainId ?? ""} ${r.address.toLowerCase()} ${r.format === "proxy" ? "proxy" : ""}`;
    const entry = contracts.get(key) ?? { contract: r.contract, address: r.address, byTarget: new Map() };
    entry.byTarget.set(r.target ?? "blockscout", r);
    contracts.set(key, entry);
  }
  const rows = [...contracts.values()].map((entry) =>
    row(
      [
        summaryText(entry.contract),
        summaryText(entry.address),
        ...targets.map((target) => {
          const r = entry.byTarget.get(target);
          if (!r) return "–";
          const optional =
            !isSuccess(r) && optionalTargets.includes(target as Service) ? " (optional target)" : "";
          const cell = `${summaryLink(r.url, statusText(r))}${optional}`;
          return r.message && r.status !== "verified" ? `${cell}<br>${summaryText(r.message)}` : cell;
        }),
      ],
      "td",
    ),
  );
  return `<table>${row(["Contract", "Address", ...targets.map(summaryText)], "th")}${rows.join("")}</table>`;
}

/**
 * The results as HTML, for the job summary and the pull request comment: the explorer, a totals line, and a table
 * with a row per contract, its address linked to the explorer (over several targets, a column per target, each
 * status linked to that target's page); results on several chains get a section per chain,
 * each with its explorer and totals. Every text is escaped for HTML and markdown and kept inside its cell, and no
 * line is blank (a blank line would end the HTML block in markdown).
 *
 * @param results - the records
 * @param explorer - the explorer's base URL
 * @param optionalTargets - the targets whose failures only warn: each such failure says so
 * @returns HTML lines, each ending with a line break
 */
export function resultsHtml(
  results: readonly VerificationResult[],
  explorer: string,
  optionalTargets: readonly Service[] = [],
): string {
  const lines = ["<h2>Contract verification</h2>"];
  const targets = [...new Set(results.map((r) => r.target ?? "blockscout"))];
  if (targets.length > 1) {
    lines.push(
      `<p>${summaryText(targetTotalsLine(results, targets, optionalTargets))}</p>`,
      targetsTableHtml(results, targets, optionalTargets),
    );
    return lines.map((line) => `${line}\n`).join("");
  }
  const chains = [...new Set(results.map((r) => r.chainId))];
  if (chains.length <= 1) {
    lines.push(
      `<p>Explorer: ${summaryLink(explorer, explorer)}</p>`,
      `<p>${summaryText(totalsLine(results))}</p>`,
      tableHtml(results),
    );
  } else {
    // One section per chain, in chain id order; records without a chain (manifest entries) last.
    lines.push(`<p>${summaryText(totalsLine(results))} on ${chains.length} chains</p>`);
    const ordered = [...chains].sort(
      (a, b) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER),
    );
    for (const chainId of ordered) {
      const group = results.filter((r) => r.chainId === chainId);
      const groupExplorer = group[0]?.explorer ?? explorer;
      lines.push(
        `<h3>${chainId === undefined ? "Other contracts" : `Chain ${chainId}`}</h3>`,
        `<p>Explorer: ${summaryLink(groupExplorer, groupExplorer)}</p>`,
        `<p>${summaryText(totalsLine(group))}</p>`,
        tableHtml(group),
      );
    }
  }
  return lines.map((line) => `${line}\n`).join("");
}
