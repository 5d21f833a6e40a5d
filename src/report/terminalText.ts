// Text an explorer sent (messages, reasons, names) is printed to terminals, CI logs and the runner, which read
// escape sequences and workflow commands (`::add-mask::`, `::stop-commands::`, `##[group]`) in it. Each such
// string goes through here first.

// ESC-introduced sequences: CSI (colours, clear screen), OSC (titles, OSC-8 links; ended by BEL or ST), DCS/SOS/PM/APC
// strings, and two-character escapes. Their 8-bit C1 forms too.
const escapeSequence =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g;
// Line breaks of every kind become a space: a printed string stays on its line.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces
const lineBreak = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g;
// Remaining C0/C1 controls and DEL, and bidirectional overrides that make a terminal show text in another order.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const invisible = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// The runner reads a workflow command at the start of a line, after leading blanks.
const workflowCommandStart = /^(\s*)(::|##\[)/;

/**
 * Makes explorer-supplied text safe to print on one line of a terminal or a CI log: escape sequences and control
 * characters removed, line breaks and tabs flattened to spaces, and never the start of a workflow command.
 *
 * @param text - text that came from an explorer (or anything else not written by this package)
 * @returns the same words on one line, harmless to a terminal and to the runner
 * @example
 * neutraliseText("ok\n::add-mask::verified\u001b[2J") // "ok ::add-mask::verified"
 */
export function neutraliseText(text: string): string {
  const flat = text
    .replace(escapeSequence, "")
    .replace(lineBreak, " ")
    .replace(/\t/g, " ")
    .replace(invisible, "");
  return flat.replace(workflowCommandStart, "$1> $2");
}

/**
 * Takes the escape sequences and control characters out of a text and leaves its words as they are: line breaks
 * become `\n`, tabs stay. For text kept rather than printed now (a record's message).
 *
 * @param text - text that came from an explorer
 * @returns the same printable text
 */
export function withoutControls(text: string): string {
  // A stranger's \r would write over what came before it.
  return text
    .replace(escapeSequence, "")
    .replace(/\r\n?|[\v\f]/g, "\n")
    .replace(invisible, "");
}

/**
 * Makes a multi-line text (an error's message with its context lines) safe to print: each line as
 * {@link neutraliseText} leaves it.
 *
 * @param text - lines joined with `\n`
 * @returns the lines, each neutralised, joined with `\n`
 */
export function neutraliseLines(text: string): string {
  return text
    .split(/\r\n|\n/)
    .map((line) => neutraliseText(line))
    .join("\n");
}

/**
 * @param text - a sentence
 * @returns it with its first letter in lower case, to follow other words
 */
export function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}
