import type { ConfigHooks } from "hardhat/types/hooks";
import {
  explorerVerifyConfigIssues,
  resolveExplorerVerifyConfig,
} from "../../src/run/commands/requestFacts.js";

export default async (): Promise<Partial<ConfigHooks>> => ({
  validateUserConfig: async (userConfig) => explorerVerifyConfigIssues(userConfig.explorerVerify),
  resolveUserConfig: async (userConfig, resolveConfigurationVariable, next) => ({
    ...(await next(userConfig, resolveConfigurationVariable)),
    explorerVerify: resolveExplorerVerifyConfig(
      userConfig.explorerVerify ?? {},
      resolveConfigurationVariable,
    ),
  }),
});
