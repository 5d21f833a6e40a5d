/** Replaces secrets in text; built once per client from its API key. */
export type Redactor = (text: string) => string;

const placeholder = "***";

/**
 * Builds a function that replaces every occurrence of the given secrets (raw and URL-encoded) with `***`.
 *
 * @param secrets - values that must never be shown (empty and undefined entries are ignored)
 * @returns the redacting function
 */
export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redactor {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams({ k: secret }).toString().slice(2));
  }
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const form of ordered) out = out.split(form).join(placeholder);
    return out;
  };
}
