import { InvalidInputError } from "../../errors/index.js";
import { httpUrlOf } from "../../kernel/httpUrl.js";
import { shownUrl } from "../../kernel/urlCredentials.js";
import { type Door, nameIn } from "../settings.js";

/**
 * Checks a run's JSON-RPC URLs before anything is opened: the chain's, and those by chain id (the Action's `rpc-urls`).
 *
 * @param text - the chain's URL as given, or undefined
 * @param door - the door that gave them: the messages use its names
 * @param byChain - the URLs by chain id
 * @returns the chain's URL unchanged, or undefined
 * @throws {InvalidInputError} naming the setting, for a URL that is not http(s)
 */
export function checkedRpcUrl(
  text: string | undefined,
  door: Door,
  byChain: Record<number, string> = {},
): string | undefined {
  // The Action runs on a hosted runner, far from a chain on the user's machine.
  const example = door === "action" ? "https://rpc.example.org" : "http://127.0.0.1:8545";
  const wrong = (name: string, must: string, url: string) =>
    new InvalidInputError(
      name,
      `${nameIn({ name, input: name, flag: name }, door)} must ${must}, e.g. ${example}, got "${quoted(url)}".`,
    );
  if (text !== undefined && !httpUrlOf(text))
    throw wrong("rpc-url", "be the chain's http(s) JSON-RPC URL", text);
  const other = Object.values(byChain).find((url) => !httpUrlOf(url));
  if (other !== undefined) throw wrong("rpc-urls", "map chain ids to http(s) JSON-RPC URLs", other);
  return text;
}

// Quoted by its scheme and host alone, as the chain client names a chain: a provider's key sits in the path
// (`/v2/KEY`, `/v3/KEY`), where no pattern tells it from the rest of the path.
function quoted(url: string): string {
  const shown = shownUrl(url);
  const host = /^[^/?#]*\/\//.exec(shown)?.[0].length ?? 0;
  const path = shown.slice(host).search(/[/?#]/);
  return path === -1 ? shown : `${shown.slice(0, host + path)}/…`;
}
