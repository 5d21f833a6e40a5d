import { progressLine } from "../report/progressLine.js";
import { formatResultsTable } from "../report/resultsTable.js";
import type { VerificationEvent } from "../verify/events.js";
import type { VerificationResult } from "../verify/job.js";
import { paint } from "./terminal.js";

const statusColours = {
  verified: "green",
  "already ": "green",
  pending: "yellow",
  waiting: "yellow",
  "rate limit": "yellow",
  failed: "red",
  timeout: "red",
} as const;

/**
 * The CLI's output, as the Hardhat task's: a line per state change and a table with links for a person, or with
 * `--json` exactly one JSON document on stdout (the lines then go to stderr, so pipes stay clean).
 */
export class CliReporter {
  readonly #json: boolean;

  /** @param json - whether stdout is reserved for the JSON document */
  constructor(json: boolean) {
    this.#json = json;
  }

  get #stream(): NodeJS.WriteStream {
    return this.#json ? process.stderr : process.stdout;
  }

  /** @param line - a line for a person */
  info(line: string): void {
    this.#stream.write(`${line}\n`);
  }

  /** @param event - an engine event */
  readonly event = (event: VerificationEvent): void => {
    const line = progressLine(event);
    if (!line) return;
    const status = Object.entries(statusColours).find(([word]) => line.startsWith(word));
    this.info(status ? paint(status[1], line, this.#stream) : line);
  };

  /** @param results - the final records */
  finish(results: readonly VerificationResult[]): void {
    if (this.#json) {
      process.stdout.write(`${JSON.stringify({ results })}\n`);
      return;
    }
    process.stdout.write(`\n${formatResultsTable(results)}\n`);
  }
}
