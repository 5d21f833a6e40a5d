/**
 * The deepest nesting of objects and arrays taken in a stranger's JSON (a bundle, a manifest, a copied answer). A
 * standard JSON input nests about seven deep (`settings.outputSelection["*"]["*"]` and its list), a bundle holding
 * one three more, a manifest entry's constructor values as deep as their ABI types (structs of arrays of structs);
 * 64 leaves room for all of them. Deeper text is not taken: hashing, comparing and writing it walk it recursively,
 * and 100,000 levels overflow the stack.
 */
export const maxJsonDepth = 64;

/**
 * Whether a parsed JSON value nests deeper than a bound: objects and arrays, the outermost counting one. Counted
 * without recursion, and stops at the first level past the bound, so it is safe on any depth.
 *
 * @param value - a value from `JSON.parse`
 * @param limit - the deepest nesting taken (default {@link maxJsonDepth})
 * @returns true when some object or array lies deeper than `limit`
 */
export function nestsDeeperThan(value: unknown, limit = maxJsonDepth): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.value === null || typeof next.value !== "object") continue;
    if (next.depth > limit) return true;
    for (const field of Object.values(next.value)) pending.push({ value: field, depth: next.depth + 1 });
  }
  return false;
}

/**
 * {@link nestsDeeperThan} of a JSON text, counted before it is parsed (parsing 90 MB of `[[[…]]]` took 4.5 GB): one
 * pass, strings skipped, exact for well-formed JSON.
 */
export function textNestsDeeperThan(text: string, limit = maxJsonDepth): boolean {
  for (let at = 0, depth = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 0x22) {
      // To the closing quote, a backslash taking the character after it.
      do at += text.charCodeAt(at) === 0x5c ? 2 : 1;
      while (at < text.length && text.charCodeAt(at) !== 0x22);
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
    else if ((code === 0x5b || code === 0x7b) && ++depth > limit) return true;
  }
  return false;
}
