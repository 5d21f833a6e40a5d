import { verifiedLines } from "../../report/contractCounts.js";
import { progressLine } from "../../report/progressLine.js";
import { formatResultsTable } from "../../report/resultsTable.js";
import { paint } from "../../report/terminalColour.js";
import { neutraliseLines } from "../../report/terminalText.js";
import type { VerificationEvent } from "../../verify/events.js";
import { isSuccess, type VerificationResult } from "../../verify/job.js";
import type { Service } from "../../verify/verifier.js";
import type { RunBudgets } from "./runBudgets.js";
import type { ShardReport } from "./runResults.js";

/** An engine event, tagged with its chain in a run over several chains, and with its target in a run over several. */
export type RunEvent = VerificationEvent & { chainId?: number; target?: Service };

/** How a door wants its output. */
export interface RunReporterOptions {
  /**
   * Stdout is reserved for exactly one JSON document `{ "results": [...] }` (with `"budgets": {...}` beside the
   * results when a service stated one); lines for a person go to stderr.
   */
  json: boolean;
  /** A table with links closes the run (a terminal); without it, each closing line carries its message (a CI log). */
  table: boolean;
  /** Where a line for a person goes. Default: stdout, or stderr with `json`. */
  writeLine?: (line: string) => void;
  /** Colour the status words when the stream is a terminal. */
  colour?: boolean;
}

const statusColours = {
  verified: "green",
  "already ": "green",
  pending: "yellow",
  waiting: "yellow",
  "rate limit": "yellow",
  failed: "red",
  timeout: "red",
} as const;

// The first line of a failure's message, cut to what a progress line holds; the table's notes hold it whole.
const maxReasonChars = 160;
function shortReason(message: string): string {
  const [first = ""] = message.split("\n");
  return first.length > maxReasonChars ? `${first.slice(0, maxReasonChars - 1)}…` : first;
}

/**
 * The one output of a run, for every door: a line per state change (a poll that finds a contract in the same pending
 * state as the last one prints nothing), then a table with links and each record's
 * message below it (diagnosis included), or with `json` exactly one JSON document on stdout. Explorer text is
 * neutralised before it is printed, so no line can start a workflow command or carry an escape sequence.
 */
export class RunReporter {
  readonly #options: RunReporterOptions;
  readonly #footnotes: string[] = [];
  /** The last pending message shown per submission: the engine emits one per poll, a person needs one per change. */
  readonly #pendingShown = new Map<string, string>();

  /** @param options - JSON or table, where lines go */
  constructor(options: RunReporterOptions) {
    this.#options = options;
  }

  get #stream(): NodeJS.WriteStream {
    return this.#options.json ? process.stderr : process.stdout;
  }

  /** @param line - a line for a person (neutralised line by line: it may hold an explorer's words) */
  info(line: string): void {
    this.#write(neutraliseLines(line));
  }

  #write(line: string): void {
    if (this.#options.writeLine) this.#options.writeLine(line);
    else this.#stream.write(`${line}\n`);
  }

  /** @param event - an engine event, tagged with its chain and its target when the run has several */
  readonly event = (event: VerificationEvent | RunEvent): void => {
    if (event.type === "pending" && this.#repeatsPending(event)) return;
    let shown = event;
    // Before a table, whose notes carry each message, the closing line says how the contract ended, and a failure
    // why, in short.
    if (event.type === "finished" && this.#options.table && !this.#options.json) {
      const { message, ...result } = event.result;
      const short = isSuccess(event.result) || message === undefined ? undefined : shortReason(message);
      shown = { ...event, result: short === undefined ? result : { ...result, message: short } };
    }
    const line = progressLine(shown);
    if (!line) return;
    const { chainId, target } = event as RunEvent;
    const tags = [chainId === undefined ? undefined : `chain ${chainId}`, target].filter(Boolean);
    const tagged = tags.length === 0 ? line : `[${tags.join(", ")}] ${line}`;
    const status = this.#options.colour
      ? Object.entries(statusColours).find(([word]) => line.startsWith(word))
      : undefined;
    this.#write(status ? paint(status[1], tagged, this.#stream) : tagged);
  };

  #repeatsPending(event: Extract<VerificationEvent, { type: "pending" }>): boolean {
    // Per submission: a new attempt, or the same contract on another target polled in turn, is its own state.
    const { chainId, target } = event as RunEvent;
    const submission = `${target ?? ""} ${chainId ?? ""} ${event.address} ${event.contract} ${event.guid}`;
    if (this.#pendingShown.get(submission) === event.message) return true;
    this.#pendingShown.set(submission, event.message);
    return false;
  }

  /** @param line - a line printed after the results (to stderr with `json`) */
  footnote(line: string): void {
    this.#footnotes.push(line);
  }

  /**
   * @param results - the final records: the JSON document, or the table and its notes; then each target's closing
   *   line (its contracts verified of all, counted once each), then the footnotes
   * @param budgets - per service, what the run spent of its stated budget and what is left (the document's `budgets`)
   * @param optionalTargets - the targets whose failures only warn: their closing lines say so
   * @param shard - in a shard's run, what the merge needs to know of it (the document's `shard`)
   */
  finish(
    results: readonly VerificationResult[],
    budgets: RunBudgets = {},
    optionalTargets: readonly Service[] = [],
    shard?: ShardReport,
  ): void {
    const document = {
      results,
      ...(Object.keys(budgets).length > 0 ? { budgets } : {}),
      ...(shard ? { shard } : {}),
    };
    if (this.#options.json) process.stdout.write(`${JSON.stringify(document)}\n`);
    else if (this.#options.table) this.info(`\n${this.#table(results)}`);
    const closing = verifiedLines(results, optionalTargets);
    if (closing.length > 0) this.info(this.#options.json ? closing.join("\n") : `\n${closing.join("\n")}`);
    for (const line of this.#footnotes) this.info(this.#options.json ? line : `\n${line}`);
  }

  // The run is over: a table that cannot be drawn is said, and the records are printed as the JSON document is.
  #table(results: readonly VerificationResult[]): string {
    try {
      return formatResultsTable(results);
    } catch (error) {
      const fault = error instanceof Error ? error.message : String(error);
      return `The results table could not be drawn (${fault}); the records:\n${JSON.stringify({ results }, null, 2)}`;
    }
  }
}
