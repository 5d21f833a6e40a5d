import { InvalidInputError } from "../../errors/index.js";
import { httpUrlOf } from "../../kernel/httpUrl.js";
import { assertNoCredentialsInUrl, shownUrl } from "../../kernel/urlCredentials.js";
import { isService, type Service, services, serviceTitles } from "../../verify/verifier.js";
import type { NamedUrl } from "./blockscoutTarget.js";

/** A key, and the setting it came from (a variable's name, a config path): never the value's own words. */
export interface NamedKey {
  value: string;
  source: string;
}

/** Where one service's requests go for one chain, in the user's words: each part with the setting that named it. */
export interface ServiceEndpoint {
  /** The API: an Etherscan-compatible endpoint, a Sourcify-compatible server, a Blockscout explorer, Routescan's. */
  url?: NamedUrl | undefined;
  /** The key for this chain's endpoint of the service, sent nowhere else. */
  apiKey?: NamedKey | undefined;
  /** Where the endpoint's pages live (a Hardhat chain descriptor's `url`), for the records' links. */
  siteUrl?: string | undefined;
}

/** What a chain's own entries name, per service: over the run's settings and the built-in lists. */
export type ChainEndpoints = Partial<Record<Service, ServiceEndpoint>>;

/** One service's endpoint for one chain, decided: the URL (unset: the service's own), the key, the pages. */
export interface ChosenEndpoint {
  root: NamedUrl | undefined;
  apiKey: string | undefined;
  siteUrl: string | undefined;
  /** The chain's own URL, not the run's: another service in the same slot, kept apart in the ledger. */
  own: boolean;
  /** The run's key was left out: it belongs to the run's endpoint, and the chain's is another. */
  runKeyWithheld: boolean;
}

/**
 * Chooses one service's endpoint for one chain, in the one order: the chain's own entry, then the run's setting (or
 * the environment's), then the service's own. A key goes only with the endpoint it was given for: the chain's key to
 * the chain's endpoint (its own URL, or the run's when it names none), the run's key to the run's host, never to a
 * chain's URL on another host.
 *
 * @param own - the chain's own entry for the service
 * @param run - the run's URL and key for the service
 * @param builtIn - the service's own API URL
 */
export function chooseEndpoint(
  own: ServiceEndpoint | undefined,
  run: { root: NamedUrl | undefined; apiKey: string | undefined },
  builtIn: string,
): ChosenEndpoint {
  const ownUrl = own?.url;
  const runUrl = run.root?.url ?? builtIn;
  const other = ownUrl !== undefined && place(ownUrl.url, true) !== place(runUrl, true);
  // The run's key may go where the run's endpoint already takes it: the same host.
  const elsewhere = ownUrl !== undefined && place(ownUrl.url, false) !== place(runUrl, false);
  const runKey = run.apiKey?.trim() || undefined;
  return {
    root: ownUrl ?? run.root,
    apiKey: own?.apiKey?.value ?? (elsewhere ? undefined : runKey),
    siteUrl: own?.siteUrl,
    own: other,
    runKeyWithheld: elsewhere && own?.apiKey === undefined && runKey !== undefined,
  };
}

// Scheme, host and port, and with `withPath` the path (a trailing slash and the query aside).
function place(text: string, withPath: boolean): string {
  const url = URL.parse(text.trim());
  if (!url) return text.trim().toLowerCase();
  return `${url.protocol}//${url.host}${withPath ? url.pathname.replace(/\/+$/, "") : ""}`.toLowerCase();
}

/** The most entries a door's list takes, and the longest entry: a list is typed by a person. */
const maxEntries = 256;
const maxEntryLength = 2_048;
const variableName = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/**
 * The chains' own endpoints from the one form the CLI and the Action take: `CHAIN=SERVICE=URL` entries
 * (`--endpoint`, input `endpoints`), `CHAIN=SERVICE=VARIABLE` entries naming the environment variable that holds
 * the key for that chain's endpoint of that service (`--endpoint-key`, input `endpoint-keys`), and `CHAIN=SERVICE=URL`
 * entries naming the site where that endpoint's contract pages live (`--endpoint-site`, input `endpoint-sites`), for
 * the records' links. A key is never written in an entry: a list that could be copied into a repository sends no
 * secret anywhere by itself.
 *
 * @param given - the URL entries and the key entries, as given
 * @param names - the flags or inputs that gave them (`--endpoint`, `--endpoint-key`, `--endpoint-site`)
 * @param env - where the key variables are read
 * @returns each chain's entries, by chain id
 * @throws {InvalidInputError} for an entry that is not of the form, a chain id that is not one, an unknown service,
 *   a URL that is not http(s) or carries credentials, a key for Sourcify, a site for Blockscout (its pages are the
 *   explorer's), a variable unset or empty, or a chain and service named twice
 */
export function endpointEntries(
  given: { urls: readonly string[]; keys: readonly string[]; sites?: readonly string[] },
  names: Record<"urls" | "keys" | "sites", string>,
  env: NodeJS.ProcessEnv = process.env,
): Record<number, ChainEndpoints> {
  const chains: Record<number, ChainEndpoints> = {};
  const entryOf = (chainId: number, service: Service): ServiceEndpoint => {
    const chain = chains[chainId] ?? {};
    const endpoint = chain[service] ?? {};
    chain[service] = endpoint;
    chains[chainId] = chain;
    return endpoint;
  };
  for (const [field, list] of [
    ["urls", given.urls],
    ["keys", given.keys],
    ["sites", given.sites ?? []],
  ] as const) {
    const name = names[field];
    // The input's or flag's bare name, as every refusal's field is.
    const refused = (message: string) => new InvalidInputError(name.replace(/^(Input |--)/, ""), message);
    const form = field === "keys" ? "CHAIN=SERVICE=VARIABLE" : "CHAIN=SERVICE=URL";
    if (list.length > maxEntries)
      throw refused(`${name} takes at most ${maxEntries} entries, got ${list.length}.`);
    for (const [index, text] of list.entries()) {
      const entry = text.trim();
      // A key's entry names a variable; one holding the key itself is never quoted, only placed.
      const quoted = (part: string) => (field === "keys" ? `entry ${index + 1}` : `"${shownUrl(part)}"`);
      if (entry.length > maxEntryLength)
        throw refused(`${name}: an entry is longer than ${maxEntryLength} characters.`);
      const [chainText = "", serviceText = "", ...rest] = entry.split("=");
      const value = rest.join("=").trim();
      const chainId = Number(chainText.trim());
      const example = {
        urls: "e.g. 10=etherscan=https://api.tenderly.co/api/v1/account/ACCOUNT/project/PROJECT/etherscan/verify/network/10",
        keys: "e.g. 10=etherscan=TENDERLY_ACCESS_KEY",
        sites: "e.g. 196=etherscan=https://www.oklink.com/xlayer",
      }[field];
      if (rest.length === 0 || value === "")
        throw refused(`${name} takes ${form} (${example}), got ${quoted(entry)}.`);
      if (!Number.isSafeInteger(chainId) || chainId <= 0 || String(chainId) !== chainText.trim())
        throw refused(`${name}: ${quoted(chainText.trim())} is not a chain id (${example}).`);
      const service = serviceText.trim();
      if (!isService(service))
        throw refused(
          `${name}: ${quoted(service)} is not a service: one of ${services.join(", ")} (${example}).`,
        );
      const endpoint = entryOf(chainId, service);
      const title = serviceTitles[service];
      if (field !== "keys") {
        const what = field === "urls" ? "endpoint" : "site";
        if (field === "urls" ? endpoint.url : endpoint.siteUrl)
          throw refused(`${name} names chain ${chainId}'s ${title} ${what} twice.`);
        if (field === "sites" && service === "blockscout")
          throw refused(
            `${name}: a Blockscout explorer's pages are its own; name its URL in the endpoints (chain ${chainId}).`,
          );
        const source = `${name} ${chainId}=${service}`;
        if (!httpUrlOf(value)) throw refused(`${source}: "${shownUrl(value)}" is not an http(s) URL.`);
        assertNoCredentialsInUrl(value, name.replace(/^(Input |--)/, ""));
        if (field === "urls") endpoint.url = { url: value, source };
        else endpoint.siteUrl = value.replace(/\/+$/, "");
        continue;
      }
      if (service === "sourcify") throw refused(`${name}: Sourcify takes no key (chain ${chainId}).`);
      if (endpoint.apiKey) throw refused(`${name} names chain ${chainId}'s ${title} key twice.`);
      if (!variableName.test(value))
        throw refused(
          `${name}: chain ${chainId}'s ${title} entry is not the name of an environment variable (${example}): write the variable's name, never the key itself (what was written is not shown).`,
        );
      const key = env[value]?.trim();
      if (!key)
        throw refused(
          `${name} reads chain ${chainId}'s ${title} key from ${value}, which is ${env[value] === undefined ? "not set" : "empty"}.`,
        );
      endpoint.apiKey = { value: key, source: value };
    }
  }
  return chains;
}
