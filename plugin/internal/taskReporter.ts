import { progressLine } from "../../src/report/progressLine.js";
import { formatResultsTable } from "../../src/report/resultsTable.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import type { VerificationResult } from "../../src/verify/job.js";
import type { ChainTaggedEvent } from "../../src/verify/verifyBatch.js";

/**
 * The task's output: progress lines and a table for a person, or exactly one JSON document on stdout with
 * `--json` (progress then goes to stderr, so pipes stay clean). A diagnosis is printed once per contract: the
 * preflight line that found it says it, and the later lines and notes leave it out.
 */
export class TaskReporter {
  readonly #json: boolean;
  /** Per address, the diagnoses a line has shown already. */
  readonly #diagnosesShown = new Map<string, string[]>();
  readonly #footnotes: string[] = [];

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
    let shown = event;
    if (event.type === "finished") {
      // Without --json the table's notes carry each message; the progress line only says how it ended.
      const message = this.#json ? this.#withoutShownDiagnoses(event.result) : undefined;
      const { message: _message, ...result } = event.result;
      shown = { ...event, result: message ? { ...result, message } : result };
    }
    const line = progressLine(shown);
    // A batch over several chains tags its events with the chain (the same address may be on each).
    const chainId = (event as ChainTaggedEvent).chainId;
    if (line) this.info(chainId === undefined ? line : `[chain ${chainId}] ${line}`);
    if (event.type === "preflight" && event.diagnosis.trim() !== "") {
      const key = event.address.toLowerCase();
      this.#diagnosesShown.set(key, [...(this.#diagnosesShown.get(key) ?? []), event.diagnosis.trim()]);
    }
  };

  /** @param line - a line to print after the results (to stderr with --json) */
  footnote(line: string): void {
    this.#footnotes.push(line);
  }

  /** @param results - the final records */
  finish(results: readonly VerificationResult[]): void {
    if (this.#json) {
      process.stdout.write(`${JSON.stringify({ results })}\n`);
      for (const line of this.#footnotes) process.stderr.write(`${line}\n`);
      return;
    }
    const shown = results.map((result) => {
      const { message: _message, ...rest } = result;
      const message = this.#withoutShownDiagnoses(result);
      return message ? { ...rest, message } : rest;
    });
    console.log(`\n${formatResultsTable(shown)}`);
    if (this.#footnotes.length > 0) console.log(`\n${this.#footnotes.join("\n")}`);
  }

  #withoutShownDiagnoses(result: VerificationResult): string | undefined {
    let message = result.message;
    for (const diagnosis of this.#diagnosesShown.get(result.address.toLowerCase()) ?? []) {
      message = message
        ?.replace(diagnosis, "")
        .replace(/\s{2,}/g, " ")
        .trim();
    }
    return message || undefined;
  }
}
