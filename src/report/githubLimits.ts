import type { VerificationResult } from "../verify/job.js";
import { lowerFirst } from "./terminalText.js";

// What GitHub keeps of a step's surfaces (docs.github.com): a job summary of at most 1 MiB per step (a larger one is
// dropped whole, with an error annotation), outputs of at most 1 MB per job, a comment of at most 65,536
// characters. Explorer text (a failure's message, the explorer's details) is anyone's and can be any length, so
// each message is cut first, and then the whole is fitted under the surface's limit, each cut said in a line.

/** The most characters of one explorer message shown in the summary, the outputs, the comment and the log. */
export const maxMessageChars = 2_000;

/** A job summary stays below this (GitHub's 1 MiB per step, less room for the closing note of an interrupted run). */
export const maxJobSummaryBytes = 1_000_000;

/** The `results` output stays below this: GitHub keeps 1 MB of outputs per job, and other steps may set some. */
export const maxResultsOutputBytes = 768 * 1_024;

// Shorter and shorter messages, tried in turn until the whole fits.
const messageCaps = [maxMessageChars, 500, 100, 0];

/**
 * Cuts a text to a number of characters, saying how many were cut.
 *
 * @param text - explorer text
 * @param maxChars - the most characters kept
 * @returns the text, or its start and `… (N characters cut)`
 * @example
 * capMessage("x".repeat(2_500)) // "xxx…x… (500 characters cut)"
 */
export function capMessage(text: string, maxChars = maxMessageChars): string {
  if (text.length <= maxChars) return text;
  // Never between the two halves of a surrogate pair.
  const end = maxChars > 0 && /[\ud800-\udbff]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  const rest = text.slice(end);
  // Characters, not UTF-16 units: a pair of surrogates is one.
  const cut = rest.length - (rest.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0);
  return `${text.slice(0, end)}… (${cut.toLocaleString("en-US")} characters cut)`;
}

/**
 * The records with each explorer text (`message`, `error.details`) cut to a number of characters.
 *
 * @param results - the records
 * @param maxChars - the most characters kept of each text
 * @returns new records; the others' fields as they were
 */
export function withMessagesCapped(
  results: readonly VerificationResult[],
  maxChars = maxMessageChars,
): VerificationResult[] {
  return results.map((result) => ({
    ...result,
    ...(result.message === undefined ? {} : { message: capMessage(result.message, maxChars) }),
    ...(result.error?.details === undefined
      ? {}
      : { error: { ...result.error, details: capMessage(result.error.details, maxChars) } }),
  }));
}

/**
 * Renders the records with messages cut shorter and shorter ({@link maxMessageChars}, then 500, 100, none) until the
 * text fits a limit.
 *
 * @param results - the records
 * @param fits - whether a rendering fits the surface
 * @param render - the surface's rendering of records
 * @returns the first rendering that fits, or undefined when none does (too many records)
 */
export function fitWithin(
  results: readonly VerificationResult[],
  fits: (text: string) => boolean,
  render: (results: readonly VerificationResult[], cutNote: string | undefined) => string,
): { text: string; cutNote: string | undefined } | undefined {
  for (const messageCap of messageCaps) {
    const cutNote = messagesCutNote(results, messageCap);
    const text = render(withMessagesCapped(results, messageCap), cutNote);
    if (fits(text)) return { text, cutNote };
  }
  return undefined;
}

/**
 * Whether a text is at most a number of bytes in UTF-8.
 *
 * @param maxBytes - the limit
 * @returns the check, for {@link fitWithin}
 */
export function fitsBytes(maxBytes: number): (text: string) => boolean {
  return (text) => Buffer.byteLength(text, "utf8") <= maxBytes;
}

/**
 * The `results` output: the records as JSON, under {@link maxResultsOutputBytes}: messages cut as
 * {@link fitWithin} does, and when even that is too long, the first records that fit.
 *
 * @param results - the records
 * @returns the JSON, and what was cut in one line (undefined when nothing was)
 */
export function resultsOutput(results: readonly VerificationResult[]): {
  json: string;
  cutLine: string | undefined;
} {
  const { text, cutNote, kept } = fitWithinOrFirst(results, fitsBytes(maxResultsOutputBytes), (records) =>
    JSON.stringify(records),
  );
  const cutLine =
    kept < results.length
      ? `The results output holds the first ${kept.toLocaleString("en-US")} of ${results.length.toLocaleString("en-US")} records, without their messages: GitHub keeps at most 1 MB of a job's outputs (the counts cover every record).`
      : cutNote && `In the results output: ${lowerFirst(cutNote)}`;
  return { json: text, cutLine };
}

/**
 * Renders the records as {@link fitWithin} does, and when none fits, the first records that do, without messages.
 *
 * @param results - the records
 * @param fits - whether a rendering fits the surface
 * @param render - the surface's rendering of records
 * @returns the rendering, and how many of the records it holds
 */
export function fitWithinOrFirst(
  results: readonly VerificationResult[],
  fits: (text: string) => boolean,
  render: (results: readonly VerificationResult[], cutNote: string | undefined) => string,
): { text: string; cutNote: string | undefined; kept: number } {
  const fitted = fitWithin(results, fits, render);
  if (fitted) return { ...fitted, kept: results.length };
  const records = withMessagesCapped(results, 0);
  const cutNote = messagesCutNote(results, 0);
  // Halving: the most of the first records whose rendering fits.
  let [kept, high] = [0, records.length];
  while (kept < high) {
    const middle = Math.ceil((kept + high) / 2);
    if (fits(render(records.slice(0, middle), cutNote))) kept = middle;
    else high = middle - 1;
  }
  return { text: render(records.slice(0, kept), cutNote), cutNote, kept };
}

// One sentence on the messages a cap cut, or undefined when it cut none.
function messagesCutNote(results: readonly VerificationResult[], messageCap: number): string | undefined {
  const cut = results.filter(
    (result) =>
      (result.message?.length ?? 0) > messageCap || (result.error?.details?.length ?? 0) > messageCap,
  ).length;
  if (cut === 0) return undefined;
  const records = cut === 1 ? "1 record" : `${cut.toLocaleString("en-US")} records`;
  return messageCap === 0
    ? `The explorer's text of ${records} is left out, to stay within GitHub's limits.`
    : `The explorer's text of ${records} is cut to ${messageCap.toLocaleString("en-US")} characters, to stay within GitHub's limits.`;
}
