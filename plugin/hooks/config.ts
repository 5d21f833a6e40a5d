import type { ConfigHooks } from "hardhat/types/hooks";
import * as z from "../../src/schemas/zod.js";

const configurationVariable = z.object({ _type: z.literal("ConfigurationVariable"), name: z.string() });

const userConfigSchema = z.strictObject({
  apiKey: z.optional(z.union([z.string().check(z.minLength(1, "must not be empty")), configurationVariable])),
  concurrency: z.optional(z.int().check(z.gte(1)).check(z.lte(64))),
  timeoutSeconds: z.optional(z.number().check(z.positive()).check(z.lte(86_400))),
});

export const defaultConcurrency = 4;
export const defaultTimeoutSeconds = 300;

export default async (): Promise<Partial<ConfigHooks>> => ({
  validateUserConfig: async (userConfig) => {
    if (userConfig.explorerVerify === undefined) return [];
    const parsed = userConfigSchema.safeParse(userConfig.explorerVerify);
    if (parsed.success) return [];
    return parsed.error.issues.map((issue) => ({
      path: ["explorerVerify", ...issue.path.map(String)],
      message:
        issue.code === "unrecognized_keys" ? `Unknown option: ${issue.keys.join(", ")}` : issue.message,
    }));
  },
  resolveUserConfig: async (userConfig, resolveConfigurationVariable, next) => {
    const resolved = await next(userConfig, resolveConfigurationVariable);
    const user = userConfig.explorerVerify ?? {};
    return {
      ...resolved,
      explorerVerify: {
        ...(user.apiKey === undefined ? {} : { apiKey: resolveConfigurationVariable(user.apiKey) }),
        concurrency: user.concurrency ?? defaultConcurrency,
        timeoutSeconds: user.timeoutSeconds ?? defaultTimeoutSeconds,
      },
    };
  },
});
