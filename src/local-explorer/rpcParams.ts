// How the contract module reads an RPC call's parameters, as Phoenix hands them over: query and body merged, every
// value possibly absent, a number or a string.

/** Parameters of one RPC call: query and body merged, as Plug does. */
export type RpcParams = Record<string, unknown>;

/** An uploaded multipart file. */
export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  content: string;
}

/**
 * A parameter as text.
 * @param value - the parameter
 * @returns its text; undefined when absent or null
 */
export function str(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

/** The first of `keys` the call lacks: absent or null, or empty too where `emptyIsMissing`. */
export function missingKey(params: RpcParams, keys: string[], emptyIsMissing = false): string | undefined {
  return keys.find(
    (key) => params[key] === undefined || params[key] === null || (emptyIsMissing && params[key] === ""),
  );
}

/** The optimizer runs a call gives (its integer prefix; 0 is a value), 200 when absent or not a number. */
export function runsOf(value: unknown): number {
  const runs = Number.parseInt(str(value) ?? "", 10);
  return Number.isNaN(runs) ? 200 : runs;
}

/**
 * A key for a submission's optional field, left out when the parameter was absent or empty.
 * @param key - the field's name
 * @param value - the parameter's text
 * @returns `{ [key]: value }`, or nothing
 */
export function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined || value === "" ? {} : { [key]: value }) as { [P in K]?: string };
}

/** The libraries of a flattened or single-file submission, name to address: up to ten numbered parameter pairs. */
export function numberedLibraries(
  params: RpcParams,
  keys: (i: number) => [name: string, address: string],
): Record<string, string> {
  const libraries: Record<string, string> = {};
  for (let i = 1; i <= 10; i++) {
    const [nameKey, addressKey] = keys(i);
    const name = str(params[nameKey]);
    const libraryAddress = str(params[addressKey]);
    if (name && libraryAddress) libraries[name] = libraryAddress;
  }
  return libraries;
}
