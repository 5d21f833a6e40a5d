/** Replaces secrets in text; built once per client from its API key. */
export type Redactor = (text: string) => string;

const placeholder = "***";

/** Shorter base64 (or hexadecimal: twice as long) runs would match unrelated text too often. */
const shortestBase64Form = 8;

/**
 * Builds a function that replaces every occurrence of the given secrets with `***`, in the spellings a server
 * (an explorer, GitHub's API) may echo them in: raw; percent-encoded in either case, once or more (`%2541`; `+` for a
 * space); JSON- or script-escaped (`\"`, `\\`, `\/`, `\u0061` and `\x61` in either case); HTML character references
 * (`&#97;`, `&#x61;`, with or without the `;`, `&amp;`…); and, for the whole secret, hexadecimal, and standard and
 * URL-safe base64 of its UTF-8 or UTF-16 at any alignment (inside a longer base64 text, such as a `Basic` credential or
 * an `Authorization` header echoed whole), itself in any of those spellings (`\/`, `%2B`, `&#43;`) and broken over
 * lines. Each character may come in any of its spellings, mixed.
 *
 * @param secrets - values that must never be shown (empty and undefined entries are ignored)
 * @returns the redacting function
 * @example
 * createRedactor(["k/y"])('{"url":"?apikey=k%2fy","echo":"k\\/y"}') // '{"url":"?apikey=***","echo":"***"}'
 */
export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redactor {
  const wanted = [...new Set(secrets.filter((secret): secret is string => !!secret))];
  if (wanted.length === 0) return (text) => text;
  // Longer secrets first, so that one containing another is replaced whole.
  wanted.sort((a, b) => b.length - a.length);
  const base64Forms = [...new Set(wanted.flatMap(base64Spellings))].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    [
      ...wanted.map((secret) => spellingsPattern(secret, "")),
      ...wanted
        .map((secret) => Buffer.from(secret, "utf8").toString("hex"))
        .filter((hex) => hex.length >= 2 * shortestBase64Form)
        .map(anyCaseHex),
      ...base64Forms.map((form) => spellingsPattern(form, base64LineBreak, base64CharacterSpellings)),
    ].join("|"),
    "g",
  );
  return (text) => text.replace(pattern, placeholder);
}

// Base64 is often broken into lines (MIME, PEM): a line break, raw or JSON-escaped, may come between two characters.
const base64LineBreak = "(?:\\r?\\n|(?:\\\\r)?\\\\n)?";

// A pattern matching the text with each character in any of its spellings, and `between` between two characters.
function spellingsPattern(
  text: string,
  between: string,
  spellingsOf: (character: string) => string[] = characterSpellings,
): string {
  return [...text].map((character) => `(?:${spellingsOf(character).join("|")})`).join(between);
}

// In base64 only `+`, `/`, `=` (and base64url's `-`, `_`) are escaped by JSON, URLs or HTML: letters and digits
// come raw, which keeps the pattern quick to scan with.
function base64CharacterSpellings(character: string): string[] {
  return /^[A-Za-z0-9]$/.test(character) ? [character] : characterSpellings(character);
}

function characterSpellings(character: string): string[] {
  const codePoint = character.codePointAt(0) ?? 0;
  const spellings = [escapeRegExp(character)];
  const bytes = [...Buffer.from(character, "utf8")];
  spellings.push(bytes.map((byte) => `%(?:25)*${anyCaseHex(byte.toString(16).padStart(2, "0"))}`).join(""));
  if (character === " ") spellings.push("\\+");
  const units = character.length === 1 ? [codePoint] : [character.charCodeAt(0), character.charCodeAt(1)];
  // One backslash or more: a JSON text quoted inside another JSON text doubles them.
  spellings.push(units.map((unit) => `\\\\+u${anyCaseHex(unit.toString(16).padStart(4, "0"))}`).join(""));
  if (codePoint < 0x100) spellings.push(`\\\\+x${anyCaseHex(codePoint.toString(16).padStart(2, "0"))}`);
  if (character === "/" || character === '"' || character === "\\")
    spellings.push(`\\\\+${escapeRegExp(character)}`);
  // HTML reads a numeric reference without its `;` too, where no digit follows.
  spellings.push(
    `&#0*${codePoint}(?![0-9]);?`,
    `&#[xX]0*${anyCaseHex(codePoint.toString(16))}(?![0-9a-fA-F]);?`,
  );
  const named = namedReferences[character];
  if (named) spellings.push(named);
  return spellings;
}

const namedReferences: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function anyCaseHex(hex: string): string {
  return [...hex]
    .map((digit) => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit))
    .join("");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}

// The secret's base64 as it appears inside a longer base64 text, at each of the three byte alignments: only the
// characters that depend on the secret's bytes alone.
function base64Spellings(secret: string): string[] {
  return [Buffer.from(secret, "utf8"), Buffer.from(secret, "utf16le")].flatMap(base64Forms);
}

function base64Forms(bytes: Buffer): string[] {
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const form = encoded.slice(first, end);
    if (form.length < shortestBase64Form) continue;
    forms.push(form, form.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return forms;
}
