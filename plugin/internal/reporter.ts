import { progressLine } from "../../src/report/progressLine.js";
import { formatResultsTable } from "../../src/report/resultsTable.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import type { VerificationResult } from "../../src/verify/job.js";

/**
 * The task's output: progress lines and a table for a person, or exactly one JSON document on stdout with
 * `--json` (progress then goes to stderr, so pipes stay clean).
 */
export class Reporter {
  readonly #json: boolean;

  /** @param json - whether stdout is reserved for the JSON document */
  constructor(json: boolean) {
    this.#json = json;
  }

  /** @param line - a line for a person */
  info(line: string): void {
    if (this.#json) process.stderr.write(`${line}\n`);
    else console.log(line);
  }

  /** @param event - an engine event */
  readonly event = (event: VerificationEvent): void => {
    const line = progressLine(event);
    if (line) this.info(line);
  };

  /** @param results - the final records */
  finish(results: readonly VerificationResult[]): void {
    if (this.#json) {
      process.stdout.write(`${JSON.stringify({ results })}\n`);
      return;
    }
    console.log(`\n${formatResultsTable(results)}`);
  }
}
