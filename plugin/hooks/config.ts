import type { ConfigHooks } from "hardhat/types/hooks";
import {
  explorerVerifyConfigIssues,
  resolveExplorerVerifyConfig,
} from "../../src/run/commands/requestFacts.js";
import { withIgnitionVerify } from "../ignition/verifyOverride.js";

export default async (): Promise<Partial<ConfigHooks>> => ({
  validateUserConfig: async (userConfig) => explorerVerifyConfigIssues(userConfig.explorerVerify),
  resolveUserConfig: async (userConfig, resolveConfigurationVariable, next) => {
    const resolved = await next(userConfig, resolveConfigurationVariable);
    const explorerVerify = resolveExplorerVerifyConfig(
      userConfig.explorerVerify ?? {},
      resolveConfigurationVariable,
    );
    return {
      ...resolved,
      explorerVerify,
      tasks: withIgnitionVerify(resolved, explorerVerify.ignitionVerify),
    };
  },
});
