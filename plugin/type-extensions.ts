import "hardhat/types/config";
import type { ResolvedConfigurationVariable, SensitiveString } from "hardhat/types/config";
import type { ExplorerVerifySection, ExplorerVerifyUserSection } from "../src/run/commands/requestFacts.js";

// The section's one declaration is the hall's (src/run/hardhat/explorerVerifyConfig.ts), documented there.
declare module "hardhat/types/config" {
  interface HardhatUserConfig {
    explorerVerify?: ExplorerVerifyUserConfig;
  }

  interface ExplorerVerifyUserConfig extends ExplorerVerifyUserSection<SensitiveString> {}

  type ExplorerVerifyChainUserConfig = NonNullable<ExplorerVerifyUserConfig["chains"]>[string];

  interface HardhatConfig {
    explorerVerify: ExplorerVerifyConfig;
  }

  interface ExplorerVerifyConfig extends ExplorerVerifySection<ResolvedConfigurationVariable> {}

  type ExplorerVerifyChainConfig = ExplorerVerifyConfig["chains"][string];
}
