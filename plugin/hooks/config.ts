import type { ConfigHooks } from "hardhat/types/hooks";
import { z } from "zod";

const configurationVariable = z.object({ _type: z.literal("ConfigurationVariable"), name: z.string() });

const userConfigSchema = z
  .object({
    apiKey: z.union([z.string().min(1, "must not be empty"), configurationVariable]).optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    timeoutSeconds: z.number().positive().max(86_400).optional(),
  })
  .strict();

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
