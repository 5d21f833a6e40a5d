import { EOL } from "node:os";
import { neutraliseLines } from "../report/terminalText.js";

// The few runner commands the Action needs before its first request, written as the runner reads them
// (docs.github.com: "Workflow commands for GitHub Actions"). @actions/core does the rest once the work is under
// way: importing it loads its own HTTP client, which costs the first request about 100 ms (npm run bench:startup).

/**
 * Reads an input the way the runner passes it: `INPUT_<NAME>` with spaces as underscores, trimmed.
 *
 * @param name - the input's name in action.yml
 * @returns its value, or "" when not given
 */
export function readInput(name: string): string {
  return (process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

/**
 * Tells the runner to mask a value in every later log line.
 *
 * @param value - the secret
 */
export function maskSecret(value: string): void {
  command("add-mask", value);
}

/** Reads a secret input (a key, a token), masked before anything can log it: undefined when not given. */
export function readSecretInput(name: string): string | undefined {
  const value = readInput(name) || undefined;
  if (value) maskSecret(value);
  return value;
}

/**
 * Writes log lines, neutralised (no escape sequences, control characters, or workflow commands from the explorer's
 * text: see {@link neutraliseLines}); the Action's own commands go through the functions below.
 *
 * @param text - the text; `\n` separates lines
 */
export function logLine(text: string): void {
  process.stdout.write(`${neutraliseLines(text).split("\n").join(EOL)}${EOL}`);
}

/**
 * Begins a foldable group of log lines.
 *
 * @param title - the group's title
 */
export function startLogGroup(title: string): void {
  command("group", title);
}

/** Ends the group begun by {@link startLogGroup}. */
export function endLogGroup(): void {
  command("endgroup", "");
}

function command(name: string, message: string): void {
  const escaped = message.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  process.stdout.write(`::${name}::${escaped}${EOL}`);
}
