/** HTML that is already safe to emit: built by {@link html}, never from unescaped text. */
export class SafeHtml {
  /** @param text - markup known to be safe */
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

const replacements: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for an HTML element or a quoted attribute value.
 * @param text - any text, e.g. a contract name or a source file from a submission
 * @returns the text with `& < > " '` replaced by entities
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => replacements[character] ?? character);
}

type Interpolated = SafeHtml | string | number | bigint | boolean | null | undefined | Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/**
 * A template tag that escapes every interpolated value unless it is {@link SafeHtml}; arrays are joined, and
 * `null`, `undefined` and `false` render nothing.
 *
 * @example html`<td>${record.contractName}</td>`
 */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, position) => out + render(values[position - 1]) + text));
}

/**
 * A link target from explorer text: only paths of this explorer, so a stored value can never become a
 * `javascript:` URL.
 * @param kind - the page kind
 * @param id - an address or a transaction hash
 * @returns the path, or undefined when `id` is not hexadecimal
 */
export function pagePath(kind: "address" | "tx", id: string): string | undefined {
  return /^0x[0-9a-fA-F]+$/.test(id) ? `/${kind}/${id.toLowerCase()}` : undefined;
}
