import { InvalidInputError } from "../../errors/index.js";
import { isService, type Service } from "../../verify/verifier.js";

/** The secret a service's key comes from, by name (never its value): for every chain, or for one. */
export interface KeySecret {
  service: Service;
  /** Unset: every chain of the service without a secret of its own. */
  chainId?: number | undefined;
  secret: string;
}

// What GitHub accepts as a secret's name (and a shell as an environment variable's), but a long run of letters and
// digits with no underscore: that is a key (Etherscan's are 34 of them), not a name.
const secretName = /^(?!(?=\D*\d)[A-Za-z0-9]{24,}$)[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads the setting `keySecrets`: `service=NAME` or `service:chain=NAME`, comma-separated. An entry is named by its
 * position, never quoted: it may hold a key.
 *
 * @param text - the setting's text; unset or empty: no secret named
 * @param field - the flag or input, for the message
 * @param keys - the keys the run was given: an entry holding one is refused without being shown
 * @returns the secrets named, in the order given
 * @throws {InvalidInputError} for an entry that is not one, a service that takes no key, a key, or a name given twice
 */
export function parseKeySecrets(
  text: string | undefined,
  field = "key-secrets",
  keys: ReadonlyArray<string | undefined> = [],
): KeySecret[] {
  const entries = (text ?? "").split(/[\s,]+/).filter((entry) => entry !== "");
  const named: KeySecret[] = [];
  for (const [index, entry] of entries.entries()) {
    const at = `${field}'s entry ${index + 1}`;
    const match = /^([a-z]+)(?::(\d+))?=(.+)$/.exec(entry);
    const service = match?.[1];
    const secret = match?.[3] ?? "";
    if (entry.split(/[=:]/).some((part) => keys.some((key) => key?.trim() && key.trim() === part)))
      throw new InvalidInputError(
        field,
        `${at} holds a key the run was given: that is the key, not its secret's name. Give the secret's name (e.g. etherscan=ETHERSCAN_API_KEY), and rotate the key if it was written anywhere.`,
      );
    if (!match || service === undefined || !isService(service) || !secretName.test(secret))
      throw new InvalidInputError(
        field,
        `${at} is not a key's secret: give service=SECRET_NAME or service:chain=SECRET_NAME, the secret's name and never the key, e.g. etherscan=ETHERSCAN_KEY or etherscan:10=ETHERSCAN_KEY_2.`,
      );
    if (service === "sourcify") throw new InvalidInputError(field, `${at}: Sourcify takes no key.`);
    const chainId = match[2] === undefined ? undefined : Number(match[2]);
    if (named.some((known) => known.service === service && known.chainId === chainId))
      throw new InvalidInputError(
        field,
        `${field} names ${service}${chainId === undefined ? "" : ` on chain ${chainId}`}'s secret twice.`,
      );
    named.push({ service, chainId, secret });
  }
  return named;
}

/**
 * @param explorer - a chain on a service
 * @returns the secret its key comes from: the chain's own, else the service's; unset: the run's one key
 */
export function keySecretOf(
  secrets: readonly KeySecret[],
  explorer: { service: Service; chainId?: number | undefined },
): string | undefined {
  const own = secrets.find(
    (entry) =>
      entry.service === explorer.service && entry.chainId !== undefined && entry.chainId === explorer.chainId,
  );
  return (own ?? secrets.find((entry) => entry.service === explorer.service && entry.chainId === undefined))
    ?.secret;
}

/**
 * @returns the field of a matrix row that names its secret: `etherscan-key-secret`
 */
export function keySecretField(service: Service): `${Service}-key-secret` {
  return `${service}-key-secret`;
}
