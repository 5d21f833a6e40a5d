import type { VerificationResult } from "../verify/job.js";
import type { Service } from "../verify/verifier.js";
import { targetTotalsLine, totalsLine } from "./contractCounts.js";
import { contractLines, rowsOfResults, type StatusRow, spanOf } from "./statusRows.js";
import { neutraliseText } from "./terminalText.js";

const statusIcons: Record<VerificationResult["status"], string> = {
  verified: "✅",
  "already-verified": "✅",
  pending: "⏳",
  failed: "❌",
  timeout: "⌛",
};

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

// A row's status: its icon and its word.
const statusText = (row: StatusRow) => `${statusIcons[row.status]} ${row.word}`;

/**
 * The results as HTML, for the job summary and the pull request comment: the explorers (each with its service and
 * chain when there are several), a totals line, and a table with a row per contract and a Chain column when the
 * results span chains. Over one service, its status, time and message, the address linked to the contract's page;
 * over several, a column per service, each status linked to that service's page. Every text is escaped for HTML and
 * markdown and kept inside its cell, and no line is blank (a blank line would end the HTML block in markdown).
 *
 * @param results - the records
 * @param optionalTargets - the targets whose failures only warn: each such failure says so
 * @param cutNote - what was cut to fit the surface, said after the table
 * @param listed - the records the table lists (the explorers, totals and columns are the whole run's)
 * @returns HTML lines, each ending with a line break
 */
export function resultsHtml(
  results: readonly VerificationResult[],
  optionalTargets: readonly Service[] = [],
  cutNote?: string,
  listed: readonly VerificationResult[] = results,
): string {
  const allRows = rowsOfResults(results);
  const rows = listed === results ? allRows : rowsOfResults(listed);
  const { services, chains } = spanOf(allRows);
  const totals =
    services.length > 1
      ? targetTotalsLine(results, services, optionalTargets)
      : totalsLine(results).replace(/^\d+ contracts?/, (all) =>
          chains > 1 ? `${all} on ${chains} chains` : all,
        );
  const chainHeader = chains > 1 ? ["Chain"] : [];
  const chainCells = (row: StatusRow) => (chains > 1 ? [String(row.chainId ?? "-")] : []);
  const table =
    services.length > 1
      ? tableHtml(
          ["Contract", ...chainHeader, "Address", ...services.map(summaryText)],
          contractLines(rows).map(([first, byService]) => [
            summaryText(first.contract),
            ...chainCells(first),
            summaryText(first.address),
            ...services.map((service) => {
              const row = byService.get(service);
              if (!row) return "–";
              const failed = row.status === "failed" || row.status === "timeout";
              const optional = failed && optionalTargets.includes(service) ? " (optional target)" : "";
              const cell = `${summaryLink(row.link, statusText(row))}${optional}`;
              return row.message && row.status !== "verified"
                ? `${cell}<br>${summaryText(row.message)}`
                : cell;
            }),
          ]),
        )
      : tableHtml(
          ["Contract", ...chainHeader, "Address", "Status", "Time", "Message"],
          rows.map((row) => [
            summaryText(row.contract),
            ...chainCells(row),
            summaryLink(row.link, row.address),
            statusText(row),
            `${((row.durationMs ?? 0) / 1_000).toFixed(1)} s`,
            summaryText(row.message ?? ""),
          ]),
        );
  return [
    "<h2>Contract verification</h2>",
    ...explorersHtml(allRows),
    `<p>${summaryText(totals)}</p>`,
    table,
    ...(cutNote ? [`<p>${summaryText(cutNote)}</p>`] : []),
  ]
    .map((line) => `${line}\n`)
    .join("");
}

// Where the rows were verified: one explorer, or each with its service and chain where the run spans several.
function explorersHtml(rows: readonly StatusRow[]): string[] {
  const { services, chains } = spanOf(rows);
  const places = new Map<string, string>();
  for (const { service, chainId, explorer } of rows.filter((row) => row.explorer)) {
    const where = [services.length > 1 && service, chains > 1 && `chain ${chainId ?? "-"}`];
    const said = where.filter(Boolean).join(" on ");
    const link = summaryLink(explorer, explorer);
    places.set(`${said} ${explorer}`, said ? `${summaryText(said)}: ${link}` : link);
  }
  const all = [...places.values()];
  return all.length === 0 ? [] : [`<p>${all.length === 1 ? "Explorer" : "Explorers"}: ${all.join("; ")}</p>`];
}

// Written here rather than with @actions/core's addTable, which leaves an empty cell's <td> unclosed.
function tableHtml(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const row = (cells: readonly string[], tag: "th" | "td") =>
    `<tr>${cells.map((cell) => `<${tag}>${cell}</${tag}>`).join("")}</tr>`;
  return `<table>${row(header, "th")}${rows.map((cells) => row(cells, "td")).join("")}</table>`;
}
