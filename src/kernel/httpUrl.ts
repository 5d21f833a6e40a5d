/**
 * A URL the product may call: text that parses as an http or https URL.
 *
 * @param text - the URL as given
 * @returns the parsed URL, or undefined for text that is not one, or another scheme
 */
export function httpUrlOf(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
}
