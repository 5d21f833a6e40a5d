/** One input of `action.yml`: its keys (`description`, `required`, `default`) and their scalar values as text. */
export type ActionInputFields = Record<string, string>;

/**
 * Reads the `inputs:` block of an `action.yml` (or its `outputs:`): each input at two spaces, its keys at four, every
 * value a one-line scalar (plain, 'single' or "double" quoted). Anything else (block scalars, flow collections,
 * anchors, deeper nesting, tabs) is refused with the line it is on, so that the file can never be misread silently;
 * the package depends on no YAML parser, and this block needs none.
 *
 * @param text - the file's text
 * @param block - the block to read
 * @returns the inputs by name, in file order
 * @throws {Error} naming the line this reader does not handle
 */
export function readActionInputsBlock(
  text: string,
  block: "inputs" | "outputs" = "inputs",
): Map<string, ActionInputFields> {
  const lines = text.split(/\r?\n/);
  const start = lines.indexOf(`${block}:`);
  if (start === -1) throw new Error(`action.yml has no top-level ${block}: block`);
  const inputs = new Map<string, ActionInputFields>();
  let current: ActionInputFields | undefined;
  for (let index = start + 1; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const where = `action.yml line ${index + 1}`;
    if (line.trim() === "" || /^\s*#/.test(line)) continue;
    if (!line.startsWith(" ")) break;
    if (line.includes("\t")) throw new Error(`${where}: a tab`);
    const entry = /^( +)([A-Za-z0-9_-]+):(?: (.*))?$/.exec(line);
    if (!entry) throw new Error(`${where}: not a "key: value" line`);
    const [, indent = "", key = "", rest = ""] = entry;
    if (indent.length === 2) {
      if (rest.trim() !== "") throw new Error(`${where}: input ${key} has a value instead of keys`);
      if (inputs.has(key)) throw new Error(`${where}: input ${key} given twice`);
      current = {};
      inputs.set(key, current);
    } else if (indent.length === 4 && current) {
      if (key in current) throw new Error(`${where}: ${key} given twice`);
      current[key] = scalar(rest, where);
    } else {
      throw new Error(`${where}: indentation this reader does not handle`);
    }
  }
  return inputs;
}

function scalar(text: string, where: string): string {
  const value = text.trim();
  if (value.startsWith('"')) {
    const end = closingDoubleQuote(value);
    if (
      end === -1 ||
      value
        .slice(end + 1)
        .replace(/\s+#.*$/, "")
        .trim() !== ""
    )
      throw new Error(`${where}: a double-quoted value that does not end on its line`);
    // JSON's escapes are a subset of YAML's; one outside it makes JSON.parse throw, which is a refusal too.
    return JSON.parse(value.slice(0, end + 1)) as string;
  }
  if (value.startsWith("'")) {
    const match = /^'((?:[^']|'')*)'(?:\s+#.*)?$/.exec(value);
    if (!match) throw new Error(`${where}: a single-quoted value that does not end on its line`);
    return (match[1] ?? "").replace(/''/g, "'");
  }
  if (value === "" || /^[[{|>&*!%@`]/.test(value))
    throw new Error(`${where}: a value this reader does not handle: ${value || "(empty)"}`);
  const plain = value.replace(/\s+#.*$/, "");
  // YAML ends a plain scalar at ": ", and a parser then fails on the rest (GitHub's included): quote such a value.
  if (/:(\s|$)/.test(plain))
    throw new Error(`${where}: a plain value with ": " in it, which YAML does not allow`);
  return plain;
}

function closingDoubleQuote(value: string): number {
  for (let index = 1; index < value.length; index++) {
    if (value[index] === "\\") index++;
    else if (value[index] === '"') return index;
  }
  return -1;
}
