/**
 * The spellings an explorer may echo a key in: raw, percent-encoded (both cases), form-encoded, JSON-escaped
 * (with `\/` and as `\uXXXX` throughout), script `\xXX` escapes, HTML character references (with and without `;`),
 * hexadecimal, and base64 (standard and URL-safe; of UTF-16 too).
 * @param key - the key
 * @returns spelling name to text
 */
export function keySpellings(key: string): Record<string, string> {
  const hexUnits = (upper: boolean) =>
    [...key]
      .map((c) => {
        const hex = c.charCodeAt(0).toString(16).padStart(4, "0");
        return `\\u${upper ? hex.toUpperCase() : hex}`;
      })
      .join("");
  return {
    raw: key,
    percentUpper: encodeURIComponent(key),
    percentLower: encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    form: new URLSearchParams({ k: key }).toString().slice(2),
    jsonSlash: JSON.stringify(key).slice(1, -1).replace(/\//g, "\\/"),
    jsonUnicode: hexUnits(false),
    jsonUnicodeUpper: hexUnits(true),
    htmlDecimal: [...key].map((c) => `&#${c.charCodeAt(0)};`).join(""),
    htmlHex: [...key].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join(""),
    htmlNamed: key.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;"),
    base64: Buffer.from(key).toString("base64"),
    base64Url: Buffer.from(key).toString("base64url"),
    base64Inside: Buffer.from(`user:${key}`).toString("base64"),
    hex: Buffer.from(key).toString("hex"),
    percentTwice: encodeURIComponent(encodeURIComponent(key)),
    htmlWithoutSemicolon: [...key].map((c) => `&#${c.charCodeAt(0)}`).join(""),
    scriptHex: [...key].map((c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join(""),
    base64Utf16: Buffer.from(key, "utf16le").toString("base64"),
  };
}

/**
 * The spellings of {@link keySpellings} (and recognisable parts of the key) that occur in a text.
 * @param text - output to search
 * @param key - the key
 * @returns names of the spellings found; empty when the text is clean
 */
export function keySpellingsIn(text: string, key: string): string[] {
  const found = Object.entries(keySpellings(key))
    .filter(([name, spelling]) => name !== "base64Inside" && text.includes(spelling))
    .map(([name]) => name);
  // A cut through the key must not leave a recognisable half of it either.
  const half = key.slice(0, Math.ceil(key.length / 2));
  if (!found.includes("raw") && text.includes(half)) found.push("half");
  return found;
}
