import "hardhat/types/config";
import type { ResolvedConfigurationVariable, SensitiveString } from "hardhat/types/config";

declare module "hardhat/types/config" {
  interface HardhatUserConfig {
    explorerVerify?: ExplorerVerifyUserConfig;
  }

  interface ExplorerVerifyUserConfig {
    /**
     * The explorer's API key: `configVariable("BLOCKSCOUT_API_KEY")`, or a string. A variable left unset means no
     * key. A Blockscout API key (`proapi_…`) serves every chain Blockscout hosts, through api.blockscout.com.
     */
    apiKey?: SensitiveString;
    /** Request headers sent to the explorer (a gateway's token, a User-Agent); values may be config variables. */
    headers?: Record<string, SensitiveString>;
    /** Per chain id: another key, the explorer's URL, more headers (added to, and overriding, `headers`). */
    chains?: Record<string, ExplorerVerifyChainUserConfig>;
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
    targets?: Array<"blockscout" | "etherscan" | "sourcify" | "routescan">;
    /** Etherscan API v2: one key for every chain (`configVariable("ETHERSCAN_API_KEY")`). */
    etherscan?: { apiKey?: SensitiveString; enabled?: boolean; apiUrl?: string };
    /** Sourcify API v2: no key. */
    sourcify?: { enabled?: boolean; apiUrl?: string };
    /** Routescan (Etherscan-compatible): a key is optional (`configVariable("ROUTESCAN_API_KEY")`). */
    routescan?: { apiKey?: SensitiveString; enabled?: boolean; apiUrl?: string };
    /**
     * `ignition verify <id>` and `ignition deploy … --verify` verify through explorer-verify (every target, the ledger,
     * proxies) instead of hardhat-verify. Default false: Hardhat Ignition's own verification.
     */
    ignitionVerify?: boolean;
  }

  interface ExplorerVerifyChainUserConfig {
    apiKey?: SensitiveString;
    /** The chain's explorer, e.g. `https://optimism.blockscout.com`. */
    explorerUrl?: string;
    headers?: Record<string, SensitiveString>;
    /**
     * The chain's own Etherscan-compatible endpoint (Tenderly, OKLink, a self-hosted scan) and its key, over
     * `chainDescriptors[id].blockExplorers.etherscan.apiUrl` and `explorerVerify.etherscan`. The key serves this
     * chain's endpoint only (the one the chain descriptor names too); the run's key never goes to another host.
     */
    etherscan?: { apiUrl?: string; apiKey?: SensitiveString };
    /** The chain's own Sourcify-compatible server (API v2), over `explorerVerify.sourcify.apiUrl`. */
    sourcify?: { apiUrl?: string };
    /** The chain's own Routescan endpoint and key, over `explorerVerify.routescan`. */
    routescan?: { apiUrl?: string; apiKey?: SensitiveString };
  }

  interface HardhatConfig {
    explorerVerify: ExplorerVerifyConfig;
  }

  interface ExplorerVerifyConfig {
    apiKey?: ResolvedConfigurationVariable;
    headers: Record<string, ResolvedConfigurationVariable>;
    chains: Record<string, ExplorerVerifyChainConfig>;
    concurrency: number | "auto";
    timeoutSeconds: number;
    requestsPerSecond?: number;
    userAgent?: string;
    targets: Array<"blockscout" | "etherscan" | "sourcify" | "routescan">;
    etherscan: { apiKey?: ResolvedConfigurationVariable; apiUrl?: string };
    sourcify: { apiUrl?: string };
    routescan: { apiKey?: ResolvedConfigurationVariable; apiUrl?: string };
    ignitionVerify: boolean;
  }

  interface ExplorerVerifyChainConfig {
    apiKey?: ResolvedConfigurationVariable;
    explorerUrl?: string;
    headers: Record<string, ResolvedConfigurationVariable>;
    etherscan?: { apiUrl?: string; apiKey?: ResolvedConfigurationVariable };
    sourcify?: { apiUrl?: string };
    routescan?: { apiUrl?: string; apiKey?: ResolvedConfigurationVariable };
  }
}
