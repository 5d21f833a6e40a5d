/**
 * The HTTP client module, loaded with the first request rather than with the code that sends it: undici is the
 * largest module a run loads, and a command that sends nothing (`--help`, a mistake in the input) never pays for it.
 *
 * @returns the module that sends requests
 */
export function loadHttpClient(): Promise<typeof import("./httpRequest.js")> {
  return import("./httpRequest.js");
}
