import "hardhat/types/config";
import type { ResolvedConfigurationVariable, SensitiveString } from "hardhat/types/config";

declare module "hardhat/types/config" {
  interface HardhatUserConfig {
    explorerVerify?: ExplorerVerifyUserConfig;
  }

  interface ExplorerVerifyUserConfig {
    /** The explorer's API key: `configVariable("BLOCKSCOUT_API_KEY")`, or a string. */
    apiKey?: SensitiveString;
    /** Contracts verified at once. Default 4. */
    concurrency?: number;
    /** Deadline per contract, in seconds. Default 300. */
    timeoutSeconds?: number;
  }

  interface HardhatConfig {
    explorerVerify: ExplorerVerifyConfig;
  }

  interface ExplorerVerifyConfig {
    apiKey?: ResolvedConfigurationVariable;
    concurrency: number;
    timeoutSeconds: number;
  }
}
