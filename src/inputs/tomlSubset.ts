import { InvalidInputError } from "../errors/index.js";

/** A TOML value as read: tables are plain objects, arrays plain arrays, integers and floats numbers. */
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;

/** A TOML table. */
export interface TomlTable {
  [key: string]: TomlValue;
}

const bareKey = /[A-Za-z0-9_-]/;
const escapes: Record<string, string> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", '"': '"', "\\": "\\" };

/**
 * Parses the TOML a `foundry.toml` is written in: tables (`[a.b]`, `[[a.b]]`), bare, quoted and dotted keys,
 * basic and literal strings (single- and multi-line), integers, floats, booleans, arrays and inline tables.
 * Dates are read as their text. No TOML parser ships with this package's dependencies, and forge's settings need
 * no more than this.
 *
 * @param text - the file's text
 * @param file - the file, for messages
 * @returns the document's root table
 * @throws {InvalidInputError} naming the line of the first thing it cannot read
 * @example
 * parseTomlSubset('[profile.default]\noptimizer = true\n', "foundry.toml") // { profile: { default: { optimizer: true } } }
 */
export function parseTomlSubset(text: string, file: string): TomlTable {
  return new TomlReader(text, file).document();
}

class TomlReader {
  #position = 0;
  readonly #text: string;
  readonly #file: string;

  constructor(text: string, file: string) {
    this.#text = text.replace(/^\uFEFF/, "");
    this.#file = file;
  }

  document(): TomlTable {
    const root: TomlTable = {};
    let current = root;
    for (;;) {
      this.#skipBlankLines();
      if (this.#position >= this.#text.length) return root;
      if (this.#peek() === "[") {
        const arrayOfTables = this.#text.startsWith("[[", this.#position);
        this.#position += arrayOfTables ? 2 : 1;
        const path = this.#key("]");
        this.#expect(arrayOfTables ? "]]" : "]");
        current = arrayOfTables ? this.#appendTable(root, path) : this.#table(root, path);
      } else {
        const path = this.#key("=");
        this.#expect("=");
        this.#assign(current, path, this.#value());
      }
      this.#endOfLine();
    }
  }

  #table(root: TomlTable, path: string[]): TomlTable {
    let table = root;
    for (const key of path) {
      const next = table[key] ?? {};
      const target = Array.isArray(next) ? next[next.length - 1] : next;
      if (typeof target !== "object" || target === null || Array.isArray(target))
        this.#fail(`${path.join(".")} is already a value, not a table`);
      table[key] = next;
      table = target as TomlTable;
    }
    return table;
  }

  #appendTable(root: TomlTable, path: string[]): TomlTable {
    const parent = this.#table(root, path.slice(0, -1));
    const key = path[path.length - 1] as string;
    const list = parent[key] ?? [];
    if (!Array.isArray(list)) this.#fail(`${path.join(".")} is already a table, not an array of tables`);
    const table: TomlTable = {};
    list.push(table);
    parent[key] = list;
    return table;
  }

  #assign(table: TomlTable, path: string[], value: TomlValue): void {
    const parent = this.#table(table, path.slice(0, -1));
    const key = path[path.length - 1] as string;
    if (Object.hasOwn(parent, key)) this.#fail(`${path.join(".")} is given twice`);
    parent[key] = value;
  }

  // `a.b."c d"`, up to `end` (not consumed).
  #key(end: string): string[] {
    const path: string[] = [];
    for (;;) {
      this.#skipSpaces();
      const quote = this.#peek();
      if (quote === '"' || quote === "'") path.push(this.#string());
      else {
        const start = this.#position;
        while (bareKey.test(this.#peek())) this.#position++;
        if (start === this.#position) this.#fail(`expected a key before "${end}"`);
        path.push(this.#text.slice(start, this.#position));
      }
      this.#skipSpaces();
      if (this.#peek() !== ".") return path;
      this.#position++;
    }
  }

  #value(): TomlValue {
    this.#skipSpaces();
    const char = this.#peek();
    if (char === '"' || char === "'") return this.#string();
    if (char === "[") return this.#array();
    if (char === "{") return this.#inlineTable();
    const match = /^[^\s,\]}#]+/.exec(this.#text.slice(this.#position));
    if (!match) this.#fail("expected a value");
    const word = match[0];
    this.#position += word.length;
    if (word === "true") return true;
    if (word === "false") return false;
    const number = word.replace(/_/g, "");
    if (/^[+-]?(?:0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+)$/.test(number)) return Number(number.replace(/^\+/, ""));
    if (/^[+-]?(?:\d+)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(number) || /^[+-]?(?:inf|nan)$/.test(number))
      return Number(number.replace(/inf$/, "Infinity").replace(/nan$/, "NaN"));
    // A date or time: kept as written.
    if (/^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(word)) return word;
    return this.#fail(`"${word}" is not a TOML value (a string needs quotes)`);
  }

  #array(): TomlValue[] {
    this.#position++;
    const items: TomlValue[] = [];
    for (;;) {
      this.#skipBlankLines();
      if (this.#peek() === "]") {
        this.#position++;
        return items;
      }
      items.push(this.#value());
      this.#skipBlankLines();
      if (this.#peek() === ",") this.#position++;
      else if (this.#peek() !== "]") this.#fail('expected "," or "]" in an array');
    }
  }

  #inlineTable(): TomlTable {
    this.#position++;
    const table: TomlTable = {};
    this.#skipSpaces();
    if (this.#peek() === "}") {
      this.#position++;
      return table;
    }
    for (;;) {
      const path = this.#key("=");
      this.#expect("=");
      this.#assign(table, path, this.#value());
      this.#skipSpaces();
      const char = this.#peek();
      this.#position++;
      if (char === "}") return table;
      if (char !== ",") this.#fail('expected "," or "}" in an inline table');
    }
  }

  #string(): string {
    const quote = this.#peek();
    const multiLine = this.#text.startsWith(quote.repeat(3), this.#position);
    const delimiter = multiLine ? quote.repeat(3) : quote;
    this.#position += delimiter.length;
    // A newline right after the opening delimiter is not part of a multi-line string.
    if (multiLine && this.#text.startsWith("\n", this.#position)) this.#position++;
    else if (multiLine && this.#text.startsWith("\r\n", this.#position)) this.#position += 2;
    let value = "";
    for (;;) {
      if (this.#position >= this.#text.length) this.#fail("a string is not closed");
      if (this.#text.startsWith(delimiter, this.#position)) {
        this.#position += delimiter.length;
        return value;
      }
      const char = this.#text[this.#position] as string;
      if (char === "\n" && !multiLine) this.#fail("a string is not closed before the end of the line");
      this.#position++;
      if (char !== "\\" || quote === "'") {
        value += char;
        continue;
      }
      const escaped = this.#text[this.#position] ?? "";
      this.#position++;
      if (escaped in escapes) value += escapes[escaped];
      else if (escaped === "u" || escaped === "U") {
        const length = escaped === "u" ? 4 : 8;
        const hex = this.#text.slice(this.#position, this.#position + length);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length)
          this.#fail(`\\${escaped}${hex} is not an escape`);
        value += String.fromCodePoint(Number.parseInt(hex, 16));
        this.#position += length;
      } else if (multiLine && /\s/.test(escaped)) {
        // A line-ending backslash joins the lines, dropping the whitespace that follows.
        while (/\s/.test(this.#peek())) this.#position++;
      } else this.#fail(`\\${escaped} is not an escape`);
    }
  }

  #expect(text: string): void {
    this.#skipSpaces();
    if (!this.#text.startsWith(text, this.#position)) this.#fail(`expected "${text}"`);
    this.#position += text.length;
  }

  #endOfLine(): void {
    this.#skipSpaces();
    if (this.#peek() === "#") this.#skipComment();
    const char = this.#peek();
    if (char !== "" && char !== "\n" && char !== "\r") this.#fail("expected the end of the line");
  }

  #skipSpaces(): void {
    while (this.#peek() === " " || this.#peek() === "\t") this.#position++;
  }

  #skipComment(): void {
    while (this.#peek() !== "" && this.#peek() !== "\n") this.#position++;
  }

  #skipBlankLines(): void {
    for (;;) {
      this.#skipSpaces();
      const char = this.#peek();
      if (char === "#") this.#skipComment();
      else if (char === "\n" || char === "\r") this.#position++;
      else return;
    }
  }

  #peek(): string {
    return this.#text[this.#position] ?? "";
  }

  #fail(problem: string): never {
    const line = this.#text.slice(0, this.#position).split("\n").length;
    throw new InvalidInputError("foundry.toml", `${this.#file} line ${line}: ${problem}.`);
  }
}
