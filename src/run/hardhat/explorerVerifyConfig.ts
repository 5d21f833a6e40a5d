import { httpUrlOf } from "../../kernel/httpUrl.js";
import { headerValueText } from "../../kernel/requestHeaders.js";
import * as z from "../../kernel/zod.js";
import {
  isWholeNumberWithin,
  verificationDefaults,
  type WholeNumberRange,
  wholeNumberRequirement,
} from "../../options/verificationOptions.js";
import { type Service, services } from "../../verify/verifier.js";
import { runSettings, type Setting } from "../settings.js";

const nonEmpty = z.string().check(z.minLength(1, "must not be empty"));
const configurationVariable = z.object({ _type: z.literal("ConfigurationVariable"), name: z.string() });
const secret = z.union([nonEmpty, configurationVariable]);
const headers = z.record(z.string(), z.union([z.string(), configurationVariable]));
// A chain's own endpoint of a service: an http(s) URL, said so when it is not.
const endpointUrl = z.string().check(
  z.refine((text) => httpUrlOf(text) !== undefined, {
    error: (issue) => `must be an http(s) URL, got ${JSON.stringify(issue.input)}`,
  }),
);
const chainOverride = z.strictObject({
  apiKey: z.optional(secret),
  explorerUrl: z.optional(nonEmpty),
  headers: z.optional(headers),
  etherscan: z.optional(z.strictObject({ apiUrl: z.optional(endpointUrl), apiKey: z.optional(secret) })),
  sourcify: z.optional(z.strictObject({ apiUrl: z.optional(endpointUrl) })),
  routescan: z.optional(z.strictObject({ apiUrl: z.optional(endpointUrl), apiKey: z.optional(secret) })),
});

// Said as the Action and the CLI say it, for any wrong value (a string, a fraction): zod's own union message is "Invalid input".
function wholeNumberSetting(range: WholeNumberRange, auto: boolean) {
  return z.unknown().check(
    z.refine(
      (value) =>
        (auto && value === "auto") || (typeof value === "number" && isWholeNumberWithin(value, range)),
      {
        error: (issue) =>
          `must be ${wholeNumberRequirement(range, auto)}, got ${typeof issue.input === "string" ? JSON.stringify(issue.input) : String(issue.input)}`,
      },
    ),
  );
}

const keyedService = z.strictObject({
  apiKey: z.optional(secret),
  enabled: z.optional(z.boolean()),
  apiUrl: z.optional(nonEmpty),
});

const configSettings = (type: Setting["type"]) =>
  (runSettings as readonly Setting[]).filter((setting) => setting.config && setting.type === type);
const oneLine = nonEmpty.check(
  z.regex(headerValueText, "must be one line of text without control characters"),
);

const userConfigSchema = z.strictObject({
  etherscan: z.optional(keyedService),
  sourcify: z.optional(z.strictObject({ enabled: z.optional(z.boolean()), apiUrl: z.optional(nonEmpty) })),
  routescan: z.optional(keyedService),
  targets: z.optional(z.array(z.enum(services))),
  ignitionVerify: z.optional(z.boolean()),
  apiKey: z.optional(secret),
  headers: z.optional(headers),
  chains: z.optional(
    z.record(z.string().check(z.regex(/^[1-9]\d*$/, "must be a chain id, e.g. 10")), chainOverride),
  ),
  // The run's whole-number settings the config takes (timeoutSeconds, concurrency, …), from their one declaration.
  ...Object.fromEntries(
    configSettings("wholeNumber").map((setting) => [
      setting.name,
      z.optional(wholeNumberSetting(setting.range as WholeNumberRange, setting.auto === true)),
    ]),
  ),
  // The run's text settings the config takes (userAgent), checked as the doors check them.
  ...Object.fromEntries(configSettings("text").map((setting) => [setting.name, z.optional(oneLine)])),
});

/**
 * Checks the Hardhat config's `explorerVerify` section against the settings every door takes.
 *
 * @param section - `explorerVerify` as the user wrote it
 * @returns what is wrong, each with its path from `explorerVerify`; none when it is right
 */
export function explorerVerifyConfigIssues(section: unknown): Array<{ path: string[]; message: string }> {
  if (section === undefined) return [];
  const parsed = userConfigSchema.safeParse(section);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: ["explorerVerify", ...issue.path.map(String)],
    message:
      issue.code === "unrecognized_keys"
        ? `Unknown option: ${issue.keys.join(", ")}`
        : // A chain id that is not one: the key's own message, not zod's "Invalid key in record".
          issue.code === "invalid_key"
          ? (issue.issues[0]?.message ?? issue.message)
          : issue.message,
  }));
}

interface Endpoint<Secret> {
  apiUrl?: string;
  apiKey?: Secret;
}

/** One chain's entry of `explorerVerify.chains`. */
interface ChainSection<Secret> {
  apiKey?: Secret;
  /** The chain's explorer, e.g. `https://optimism.blockscout.com`. */
  explorerUrl?: string;
  headers?: Record<string, Secret>;
  /**
   * The chain's own Etherscan-compatible endpoint (Tenderly, OKLink, a self-hosted scan) and its key, over
   * `chainDescriptors[id].blockExplorers.etherscan.apiUrl` and `explorerVerify.etherscan`. The key serves this
   * chain's endpoint only (the one the chain descriptor names too); the run's key never goes to another host.
   */
  etherscan?: Endpoint<Secret>;
  /** The chain's own Sourcify-compatible server (API v2), over `explorerVerify.sourcify.apiUrl`. */
  sourcify?: { apiUrl?: string };
  /** The chain's own Routescan endpoint and key, over `explorerVerify.routescan`. */
  routescan?: Endpoint<Secret>;
}

/** The `explorerVerify` section as a user writes it; `Secret` is a string or a configuration variable. */
export interface ExplorerVerifyUserSection<Secret> {
  /**
   * The explorer's API key: `configVariable("BLOCKSCOUT_API_KEY")`, or a string. A variable left unset means no
   * key. A Blockscout API key (`proapi_…`) serves every chain Blockscout hosts, through api.blockscout.com.
   */
  apiKey?: Secret;
  /** Request headers sent to the explorer (a gateway's token, a User-Agent); values may be config variables. */
  headers?: Record<string, Secret>;
  /** Per chain id: another key, the explorer's URL, more headers (added to, and overriding, `headers`). */
  chains?: Record<string, ChainSection<Secret>>;
  /** Contracts verified at once: 1 to 64, or `auto` (from the explorer's stated quota and 429s, at most 16). Default `auto`. */
  concurrency?: number | "auto";
  /** Time each contract may take, in seconds (and the run's read budget): a whole number from 1 to 86400. Default 300. */
  timeoutSeconds?: number;
  /** Requests started per second to each explorer: 1 to 1000. Default: the explorer's stated quota. */
  requestsPerSecond?: number;
  /**
   * The User-Agent sent to Blockscout explorers instead of explorer-verify's own: a browser's (`Mozilla/5.0 …`) passes
   * an explorer whose bot protection refuses tools.
   */
  userAgent?: string;
  /**
   * Where to verify. Default: Blockscout, plus Etherscan when `etherscan` is set, Sourcify when enabled, and
   * Routescan when `routescan` is set. `--targets` on the command line wins over it.
   */
  targets?: Service[];
  /** Etherscan API v2: one key for every chain (`configVariable("ETHERSCAN_API_KEY")`). */
  etherscan?: Endpoint<Secret> & { enabled?: boolean };
  /** Sourcify API v2: no key. */
  sourcify?: { enabled?: boolean; apiUrl?: string };
  /** Routescan (Etherscan-compatible): a key is optional (`configVariable("ROUTESCAN_API_KEY")`). */
  routescan?: Endpoint<Secret> & { enabled?: boolean };
  /**
   * `ignition verify <id>` and `ignition deploy … --verify` verify through explorer-verify (every target, the ledger,
   * proxies) instead of hardhat-verify. Default false: Hardhat Ignition's own verification.
   */
  ignitionVerify?: boolean;
}

/** The `explorerVerify` section resolved: defaults filled, each secret wrapped so that it is read when used. */
export interface ExplorerVerifySection<Wrapped> {
  apiKey?: Wrapped;
  headers: Record<string, Wrapped>;
  chains: Record<string, ChainSection<Wrapped> & { headers: Record<string, Wrapped> }>;
  concurrency: number | "auto";
  timeoutSeconds: number;
  requestsPerSecond?: number;
  userAgent?: string;
  targets: Service[];
  etherscan: Endpoint<Wrapped>;
  sourcify: { apiUrl?: string };
  routescan: Endpoint<Wrapped>;
  /** `ignition verify` (and `ignition deploy --verify`) through explorer-verify. */
  ignitionVerify: boolean;
}

/**
 * Resolves the `explorerVerify` section: the defaults filled in, and, as hardhat-verify reads its config, a service
 * configured (and not disabled) made a target. A secret is only wrapped: its value is read (and a missing one
 * noticed) when a run asks for it.
 *
 * @param user - the section as written (checked by {@link explorerVerifyConfigIssues})
 * @param wrap - Hardhat's configuration variable resolver
 * @returns the resolved section
 */
export function resolveExplorerVerifyConfig<Secret, Wrapped>(
  user: ExplorerVerifyUserSection<Secret>,
  wrap: (secret: Secret) => Wrapped,
): ExplorerVerifySection<Wrapped> {
  const wrapped = (given: Secret | undefined) => (given === undefined ? {} : { apiKey: wrap(given) });
  const endpoint = (given: Endpoint<Secret> | undefined): Endpoint<Wrapped> => ({
    ...(given?.apiUrl === undefined ? {} : { apiUrl: given.apiUrl }),
    ...wrapped(given?.apiKey),
  });
  const headersOf = (given: Record<string, Secret> = {}) =>
    Object.fromEntries(Object.entries(given).map(([name, value]) => [name, wrap(value)]));
  return {
    ...wrapped(user.apiKey),
    headers: headersOf(user.headers),
    chains: Object.fromEntries(
      Object.entries(user.chains ?? {}).map(([chainId, chain]) => [
        chainId,
        {
          ...wrapped(chain.apiKey),
          ...(chain.explorerUrl === undefined ? {} : { explorerUrl: chain.explorerUrl }),
          headers: headersOf(chain.headers),
          ...(chain.etherscan === undefined ? {} : { etherscan: endpoint(chain.etherscan) }),
          ...(chain.sourcify === undefined ? {} : { sourcify: { ...chain.sourcify } }),
          ...(chain.routescan === undefined ? {} : { routescan: endpoint(chain.routescan) }),
        },
      ]),
    ),
    concurrency: user.concurrency ?? verificationDefaults.concurrency,
    timeoutSeconds: user.timeoutSeconds ?? verificationDefaults.timeoutSeconds,
    ...(user.requestsPerSecond === undefined ? {} : { requestsPerSecond: user.requestsPerSecond }),
    ...(user.userAgent === undefined ? {} : { userAgent: user.userAgent }),
    targets: user.targets ?? [
      "blockscout",
      ...(user.etherscan && user.etherscan.enabled !== false ? (["etherscan"] as const) : []),
      ...(user.sourcify?.enabled ? (["sourcify"] as const) : []),
      ...(user.routescan && user.routescan.enabled !== false ? (["routescan"] as const) : []),
    ],
    etherscan: endpoint(user.etherscan),
    sourcify: { ...(user.sourcify?.apiUrl === undefined ? {} : { apiUrl: user.sourcify.apiUrl }) },
    routescan: endpoint(user.routescan),
    ignitionVerify: user.ignitionVerify ?? false,
  };
}
