import { afterEach, describe, expect, it } from "@jest/globals";
import { configVariable } from "hardhat/config";
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import type { HardhatUserConfig } from "hardhat/types/config";
import explorerVerify from "../../plugin/index.js";
import { type ConfigValue, configEndpoints } from "../../src/run/hardhat/hardhatConfigFacts.js";
import { resolveTargets } from "../../src/run/targets/targets.js";

const tenderly = "https://api.tenderly.co/api/v1/account/acme/project/web3/etherscan/verify/network/777001";
const oklink = "https://www.oklink.com/api/v5/explorer/contract/verify-source-code-plugin/XLAYER";

async function runtime(config: Record<string, unknown>) {
  return createHardhatRuntimeEnvironment({ plugins: [explorerVerify], ...config } as HardhatUserConfig);
}

const read = async (variable: ConfigValue | undefined) =>
  variable === undefined ? undefined : await variable.get().catch(() => undefined);

const variables: string[] = [];
afterEach(() => {
  for (const name of variables.splice(0)) delete process.env[name];
});

describe("a chain's own endpoints in the Hardhat config", () => {
  it("reads the chain descriptor's Etherscan entry as hardhat-verify 3 does, under explorerVerify.chains", async () => {
    process.env.CONFIG_ENDPOINTS_TENDERLY = "tenderly-key";
    process.env.CONFIG_ENDPOINTS_OKLINK = "oklink-key";
    variables.push("CONFIG_ENDPOINTS_TENDERLY", "CONFIG_ENDPOINTS_OKLINK");
    const hre = await runtime({
      chainDescriptors: {
        777001: {
          name: "Examplenet",
          blockExplorers: {
            etherscan: { name: "Tenderly", url: "https://dashboard.tenderly.co/", apiUrl: tenderly },
          },
        },
        196: {
          name: "X Layer",
          blockExplorers: {
            etherscan: { url: "https://www.oklink.com/xlayer", apiUrl: "https://descriptor.example/api" },
          },
        },
      },
      explorerVerify: {
        etherscan: { apiKey: "RUN-KEY" },
        chains: {
          "777001": { etherscan: { apiKey: configVariable("CONFIG_ENDPOINTS_TENDERLY") } },
          "196": {
            etherscan: { apiUrl: oklink, apiKey: configVariable("CONFIG_ENDPOINTS_OKLINK") },
            sourcify: { apiUrl: "https://verify.example/server" },
          },
        },
      },
    });
    const { targets } = await resolveTargets({
      services: ["etherscan", "sourcify"],
      chains: [777001, 196, 1].map((id) => ({ claims: [{ id, source: "network" }] })),
      keys: { etherscan: "RUN-KEY" },
      endpointsFor: (id) => configEndpoints(hre.config, id, read),
      howToNameExplorer: "",
      howToGiveEtherscanKey: "",
      howToReachLocalChain: "",
    });
    expect(targets).toEqual([
      expect.objectContaining({
        service: "etherscan",
        chainId: 777001,
        apiUrl: tenderly,
        apiKey: "tenderly-key",
        siteUrl: "https://dashboard.tenderly.co",
        reason: "from chainDescriptors[777001].blockExplorers.etherscan.apiUrl",
      }),
      expect.objectContaining({
        service: "sourcify",
        chainId: 777001,
        apiUrl: "https://sourcify.dev/server",
      }),
      // The config's URL over the descriptor's; the descriptor's site went with the descriptor's URL.
      expect.objectContaining({
        service: "etherscan",
        chainId: 196,
        apiUrl: oklink,
        apiKey: "oklink-key",
        siteUrl: undefined,
        reason: 'from explorerVerify.chains["196"].etherscan.apiUrl',
      }),
      expect.objectContaining({
        service: "sourcify",
        chainId: 196,
        apiUrl: "https://verify.example/server",
        reason: 'from explorerVerify.chains["196"].sourcify.apiUrl',
      }),
      // Hardhat's built-in descriptor for chain 1 names Etherscan's site only: the run's endpoint and key.
      expect.objectContaining({
        service: "etherscan",
        chainId: 1,
        apiUrl: "https://api.etherscan.io/v2/api",
        apiKey: "RUN-KEY",
        siteUrl: "https://etherscan.io",
      }),
      expect.objectContaining({ service: "sourcify", chainId: 1 }),
    ]);
  });

  it("refuses a chain's endpoint that is not an http(s) URL, and an unknown field, in the config's words", async () => {
    const error = await runtime({
      explorerVerify: {
        chains: { "10": { etherscan: { apiUrl: "api.tenderly.co/x" }, sourcify: { apiKey: "K" } } },
      },
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(
      'explorerVerify.chains.10.etherscan.apiUrl: must be an http(s) URL, got "api.tenderly.co/x"',
    );
    expect(message).toContain("explorerVerify.chains.10.sourcify: Unknown option: apiKey");
  });
});
