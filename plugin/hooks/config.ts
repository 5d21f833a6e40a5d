import type {
  ConfigurationVariableResolver,
  ResolvedConfigurationVariable,
  SensitiveString,
} from "hardhat/types/config";
import type { ConfigHooks } from "hardhat/types/hooks";
import * as z from "../../src/kernel/zod.js";
import {
  isWholeNumberWithin,
  verificationDefaults,
  type WholeNumberRange,
  wholeNumberRequirement,
} from "../../src/options/verificationOptions.js";
import { runSettings, type Setting } from "../../src/run/settings.js";
import { services } from "../../src/verify/verifier.js";

const configurationVariable = z.object({ _type: z.literal("ConfigurationVariable"), name: z.string() });
const secret = z.union([z.string().check(z.minLength(1, "must not be empty")), configurationVariable]);
const headers = z.record(z.string(), z.union([z.string(), configurationVariable]));
// A chain's own endpoint of a service: an http(s) URL, said so when it is not.
const endpointUrl = z.string().check(
  z.refine(
    (text) => {
      try {
        return ["http:", "https:"].includes(new URL(text).protocol);
      } catch {
        return false;
      }
    },
    { error: (issue) => `must be an http(s) URL, got ${JSON.stringify(issue.input)}` },
  ),
);
const chainOverride = z.strictObject({
  apiKey: z.optional(secret),
  explorerUrl: z.optional(z.string().check(z.minLength(1, "must not be empty"))),
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

const apiUrl = z.string().check(z.minLength(1, "must not be empty"));
const etherscanConfig = z.strictObject({
  apiKey: z.optional(secret),
  enabled: z.optional(z.boolean()),
  apiUrl: z.optional(apiUrl),
});
const sourcifyConfig = z.strictObject({ enabled: z.optional(z.boolean()), apiUrl: z.optional(apiUrl) });
const routescanConfig = z.strictObject({
  apiKey: z.optional(secret),
  enabled: z.optional(z.boolean()),
  apiUrl: z.optional(apiUrl),
});

const configNumbers = (runSettings as readonly Setting[]).filter(
  (setting) => setting.config && setting.type === "wholeNumber",
);
// The run's text settings the config takes (userAgent), checked as the doors check them.
const configTexts = (runSettings as readonly Setting[]).filter(
  (setting) => setting.config && setting.type === "text",
);
const oneLine = z
  .string()
  .check(
    z.minLength(1, "must not be empty"),
    z.regex(/^[\t\x20-\x7e\x80-\xff]*$/, "must be one line of text without control characters"),
  );

const userConfigSchema = z.strictObject({
  etherscan: z.optional(etherscanConfig),
  sourcify: z.optional(sourcifyConfig),
  routescan: z.optional(routescanConfig),
  targets: z.optional(z.array(z.enum(services))),
  apiKey: z.optional(secret),
  headers: z.optional(headers),
  chains: z.optional(
    z.record(z.string().check(z.regex(/^[1-9]\d*$/, "must be a chain id, e.g. 10")), chainOverride),
  ),
  // The run's whole-number settings the config takes (timeoutSeconds, concurrency, …), from their one declaration.
  ...Object.fromEntries(
    configNumbers.map((setting) => [
      setting.name,
      z.optional(wholeNumberSetting(setting.range as WholeNumberRange, setting.auto === true)),
    ]),
  ),
  ...Object.fromEntries(configTexts.map((setting) => [setting.name, z.optional(oneLine)])),
});

// A chain's endpoint as resolved: its key wrapped, read only when the task asks for it.
function resolveEndpoint(
  given: { apiUrl?: string | undefined; apiKey?: SensitiveString | undefined },
  resolveConfigurationVariable: ConfigurationVariableResolver,
): { apiUrl?: string; apiKey?: ResolvedConfigurationVariable } {
  return {
    ...(given.apiUrl === undefined ? {} : { apiUrl: given.apiUrl }),
    ...(given.apiKey === undefined ? {} : { apiKey: resolveConfigurationVariable(given.apiKey) }),
  };
}

export default async (): Promise<Partial<ConfigHooks>> => ({
  validateUserConfig: async (userConfig) => {
    if (userConfig.explorerVerify === undefined) return [];
    const parsed = userConfigSchema.safeParse(userConfig.explorerVerify);
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
  },
  resolveUserConfig: async (userConfig, resolveConfigurationVariable, next) => {
    const resolved = await next(userConfig, resolveConfigurationVariable);
    const user = userConfig.explorerVerify ?? {};
    // Resolving only wraps a variable: its value is read (and a missing one noticed) when the task asks for it.
    const resolveHeaders = (
      given: Record<string, string | { _type: "ConfigurationVariable"; name: string }> = {},
    ) =>
      Object.fromEntries(
        Object.entries(given).map(([name, value]) => [name, resolveConfigurationVariable(value)]),
      );
    return {
      ...resolved,
      explorerVerify: {
        ...(user.apiKey === undefined ? {} : { apiKey: resolveConfigurationVariable(user.apiKey) }),
        headers: resolveHeaders(user.headers),
        chains: Object.fromEntries(
          Object.entries(user.chains ?? {}).map(([chainId, chain]) => [
            chainId,
            {
              ...(chain.apiKey === undefined ? {} : { apiKey: resolveConfigurationVariable(chain.apiKey) }),
              ...(chain.explorerUrl === undefined ? {} : { explorerUrl: chain.explorerUrl }),
              headers: resolveHeaders(chain.headers),
              ...(chain.etherscan === undefined
                ? {}
                : { etherscan: resolveEndpoint(chain.etherscan, resolveConfigurationVariable) }),
              ...(chain.sourcify === undefined ? {} : { sourcify: { ...chain.sourcify } }),
              ...(chain.routescan === undefined
                ? {}
                : { routescan: resolveEndpoint(chain.routescan, resolveConfigurationVariable) }),
            },
          ]),
        ),
        concurrency: user.concurrency ?? verificationDefaults.concurrency,
        timeoutSeconds: user.timeoutSeconds ?? verificationDefaults.timeoutSeconds,
        ...(user.requestsPerSecond === undefined ? {} : { requestsPerSecond: user.requestsPerSecond }),
        ...(user.userAgent === undefined ? {} : { userAgent: user.userAgent }),
        // As hardhat-verify reads its config: a service configured (and not disabled) is a target.
        targets: user.targets ?? [
          "blockscout",
          ...(user.etherscan && user.etherscan.enabled !== false ? (["etherscan"] as const) : []),
          ...(user.sourcify?.enabled ? (["sourcify"] as const) : []),
          ...(user.routescan && user.routescan.enabled !== false ? (["routescan"] as const) : []),
        ],
        etherscan: {
          ...(user.etherscan?.apiKey === undefined
            ? {}
            : { apiKey: resolveConfigurationVariable(user.etherscan.apiKey) }),
          ...(user.etherscan?.apiUrl === undefined ? {} : { apiUrl: user.etherscan.apiUrl }),
        },
        sourcify: { ...(user.sourcify?.apiUrl === undefined ? {} : { apiUrl: user.sourcify.apiUrl }) },
        routescan: {
          ...(user.routescan?.apiKey === undefined
            ? {}
            : { apiKey: resolveConfigurationVariable(user.routescan.apiKey) }),
          ...(user.routescan?.apiUrl === undefined ? {} : { apiUrl: user.routescan.apiUrl }),
        },
      },
    };
  },
});
