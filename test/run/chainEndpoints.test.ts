import { describe, expect, it } from "@jest/globals";
import { endpointEntries } from "../../src/run/targets/chainEndpoints.js";
import { type ChainEndpoints, resolveTargets, type TargetRequest } from "../../src/run/targets/targets.js";

const names = { urls: "--endpoint", keys: "--endpoint-key", sites: "--endpoint-site" };
const tenderly = "https://api.tenderly.co/api/v1/account/acme/project/web3/etherscan/verify/network/10";
const oklink = "https://www.oklink.com/api/v5/explorer/contract/verify-source-code-plugin/XLAYER";

function request(
  services: TargetRequest["services"],
  chainIds: number[],
  endpoints: Record<number, ChainEndpoints>,
  more: Partial<TargetRequest> = {},
): TargetRequest {
  return {
    services,
    chains: chainIds.map((id) => ({ claims: [{ id, source: "--chain-id" }] })),
    endpointsFor: async (id) => endpoints[id],
    howToGiveChainKey: (id, service) => `give --endpoint-key ${id}=${service}=VARIABLE`,
    howToNameExplorer: "",
    howToGiveEtherscanKey: "set ETHERSCAN_API_KEY",
    howToReachLocalChain: "",
    ...more,
  };
}

describe("a chain's own endpoints, in the one form the CLI and the Action take", () => {
  it("reads CHAIN=SERVICE=URL and CHAIN=SERVICE=VARIABLE, each key from its variable", () => {
    const entries = endpointEntries(
      {
        urls: [
          `10=etherscan=${tenderly}`,
          ` 196 = etherscan = ${oklink} `,
          "10=sourcify=https://verify.example/server",
        ],
        keys: ["10=etherscan=TENDERLY_ACCESS_KEY", "196=etherscan=OKLINK_KEY"],
        sites: ["196=etherscan=https://www.oklink.com/xlayer/"],
      },
      names,
      { TENDERLY_ACCESS_KEY: "tenderly-secret", OKLINK_KEY: "oklink-secret" },
    );
    expect(entries).toEqual({
      10: {
        etherscan: {
          url: { url: tenderly, source: "--endpoint 10=etherscan" },
          apiKey: { value: "tenderly-secret", source: "TENDERLY_ACCESS_KEY" },
        },
        sourcify: { url: { url: "https://verify.example/server", source: "--endpoint 10=sourcify" } },
      },
      196: {
        etherscan: {
          url: { url: oklink, source: "--endpoint 196=etherscan" },
          apiKey: { value: "oklink-secret", source: "OKLINK_KEY" },
          siteUrl: "https://www.oklink.com/xlayer",
        },
      },
    });
  });

  it.each<[{ urls?: string[]; keys?: string[]; sites?: string[] }, string]>([
    [
      { urls: ["10=etherscan"] },
      '--endpoint takes CHAIN=SERVICE=URL (e.g. 10=etherscan=https://api.tenderly.co/api/v1/account/ACCOUNT/project/PROJECT/etherscan/verify/network/10), got "10=etherscan".',
    ],
    [
      { urls: ["ten=etherscan=https://x.example"] },
      '--endpoint: "ten" is not a chain id (e.g. 10=etherscan=https://api.tenderly.co/api/v1/account/ACCOUNT/project/PROJECT/etherscan/verify/network/10).',
    ],
    [
      { urls: ["10=tenderly=https://x.example"] },
      '--endpoint: "tenderly" is not a service: one of blockscout, etherscan, sourcify, routescan (e.g. 10=etherscan=https://api.tenderly.co/api/v1/account/ACCOUNT/project/PROJECT/etherscan/verify/network/10).',
    ],
    [
      { keys: ["ETHKEY-RT1-123456"] },
      "--endpoint-key takes CHAIN=SERVICE=VARIABLE (e.g. 10=etherscan=TENDERLY_ACCESS_KEY), got entry 1.",
    ],
    [
      { keys: ["ETHKEY-RT1-123456=etherscan=X"] },
      "--endpoint-key: entry 1 is not a chain id (e.g. 10=etherscan=TENDERLY_ACCESS_KEY).",
    ],
    [
      { keys: ["10=ETHKEY-RT1-123456=X"] },
      "--endpoint-key: entry 1 is not a service: one of blockscout, etherscan, sourcify, routescan (e.g. 10=etherscan=TENDERLY_ACCESS_KEY).",
    ],
    [
      { urls: ["10=etherscan=ftp://x.example"] },
      '--endpoint 10=etherscan: "ftp://x.example" is not an http(s) URL.',
    ],
    [
      { urls: ["10=etherscan=https://x.example", "10=etherscan=https://y.example"] },
      "--endpoint names chain 10's Etherscan endpoint twice.",
    ],
    [{ keys: ["10=sourcify=KEY"] }, "--endpoint-key: Sourcify takes no key (chain 10)."],
    [
      { sites: ["10=blockscout=https://x.example"] },
      "--endpoint-site: a Blockscout explorer's pages are its own; name its URL in the endpoints (chain 10).",
    ],
    [
      { sites: ["10=etherscan=javascript:alert(1)"] },
      '--endpoint-site 10=etherscan: "javascript:alert(1)" is not an http(s) URL.',
    ],
    [
      { sites: ["10=etherscan=https://x.example", "10=etherscan=https://y.example"] },
      "--endpoint-site names chain 10's Etherscan site twice.",
    ],
    [
      { keys: ["10=etherscan=abc-secret-value!"] },
      "--endpoint-key: chain 10's Etherscan entry is not the name of an environment variable (e.g. 10=etherscan=TENDERLY_ACCESS_KEY): write the variable's name, never the key itself (what was written is not shown).",
    ],
    [
      { keys: ["10=etherscan=NOT_SET_ANYWHERE"] },
      "--endpoint-key reads chain 10's Etherscan key from NOT_SET_ANYWHERE, which is not set.",
    ],
    [
      { keys: ["10=etherscan=EMPTY"] },
      "--endpoint-key reads chain 10's Etherscan key from EMPTY, which is empty.",
    ],
  ])("refuses %j in words", (given, message) => {
    expect(() =>
      endpointEntries({ urls: given.urls ?? [], keys: given.keys ?? [], sites: given.sites }, names, {
        EMPTY: " ",
      }),
    ).toThrow(expect.objectContaining({ shortMessage: expect.stringContaining(message) }));
  });

  it("refuses a URL that carries credentials, and a list longer than a person types", () => {
    expect(() =>
      endpointEntries({ urls: ["10=etherscan=https://x.example/api?apikey=SECRET"], keys: [] }, names, {}),
    ).toThrow(expect.objectContaining({ code: "invalid_input" }));
    expect(() =>
      endpointEntries({ urls: Array(257).fill("10=etherscan=https://x.example"), keys: [] }, names, {}),
    ).toThrow(expect.objectContaining({ shortMessage: "--endpoint takes at most 256 entries, got 257." }));
  });
});

describe("the hall's resolver with a chain's own endpoints", () => {
  it("takes the chain's own entry first, then the run's, then the built-in, each key with its own endpoint", async () => {
    const { targets } = await resolveTargets(
      request(
        ["etherscan", "sourcify"],
        [10, 196, 1],
        {
          10: {
            etherscan: {
              url: { url: tenderly, source: "--endpoint 10=etherscan" },
              apiKey: { value: "T-KEY", source: "T" },
            },
            sourcify: { url: { url: "https://verify.example/server/", source: "--endpoint 10=sourcify" } },
          },
          196: {
            etherscan: {
              url: { url: oklink, source: "--endpoint 196=etherscan" },
              apiKey: { value: "O-KEY", source: "O" },
              siteUrl: "https://www.oklink.com/xlayer",
            },
          },
        },
        { keys: { etherscan: "RUN-KEY" } },
      ),
    );
    expect(targets).toEqual([
      expect.objectContaining({
        service: "etherscan",
        chainId: 10,
        apiUrl: tenderly,
        apiKey: "T-KEY",
        siteUrl: undefined,
        reason: "from --endpoint 10=etherscan",
        ledgerKey:
          "etherscan/chain-10/api.tenderly.co/api/v1/account/acme/project/web3/etherscan/verify/network/10",
      }),
      expect.objectContaining({
        service: "sourcify",
        chainId: 10,
        apiUrl: "https://verify.example/server",
        siteUrl: "https://verify.example/server",
        ledgerKey: "sourcify/chain-10/verify.example/server",
      }),
      expect.objectContaining({
        service: "etherscan",
        chainId: 196,
        apiUrl: oklink,
        apiKey: "O-KEY",
        siteUrl: "https://www.oklink.com/xlayer",
      }),
      expect.objectContaining({ service: "sourcify", chainId: 196, apiUrl: "https://sourcify.dev/server" }),
      expect.objectContaining({
        service: "etherscan",
        chainId: 1,
        apiUrl: "https://api.etherscan.io/v2/api",
        apiKey: "RUN-KEY",
        siteUrl: "https://etherscan.io",
        reason: "Etherscan API v2",
      }),
      expect.objectContaining({ service: "sourcify", chainId: 1 }),
    ]);
    for (const target of targets) if (target.chainId === 1) expect(target).not.toHaveProperty("ledgerKey");
  });

  it("never sends the run's key to a chain's own endpoint: without the chain's key, it says how to give one", async () => {
    const refusal = await resolveTargets(
      request(
        ["etherscan"],
        [10],
        { 10: { etherscan: { url: { url: tenderly, source: "--endpoint 10=etherscan" } } } },
        {
          keys: { etherscan: "RUN-KEY" },
        },
      ),
    ).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "invalid_input",
      shortMessage:
        "Chain 10's Etherscan-compatible endpoint (--endpoint 10=etherscan) needs an API key of its own: the run's key goes to the run's endpoint only; give --endpoint-key 10=etherscan=VARIABLE.",
    });
  });

  it("sends the run's key to a chain's entry on the run's own host, and a chain's key to the run's URL", async () => {
    const { targets } = await resolveTargets(
      request(
        ["etherscan", "routescan"],
        [10, 8453],
        {
          10: {
            etherscan: { url: { url: "https://api.etherscan.io/v2/api/", source: "a descriptor" } },
            routescan: {
              url: {
                url: "https://api.routescan.io/v2/network/mainnet/evm/10/etherscan/api",
                source: "--endpoint 10=routescan",
              },
            },
          },
          8453: {
            etherscan: { apiKey: { value: "CHAIN-KEY", source: "K" } },
            routescan: {
              url: {
                url: "https://api.routescan.io/v2/network/mainnet/evm/8453/etherscan/api",
                source: "--endpoint 8453=routescan",
              },
            },
          },
        },
        { keys: { etherscan: "RUN-KEY", routescan: "ROUTE-KEY" } },
      ),
    );
    expect(targets).toEqual([
      expect.objectContaining({ service: "etherscan", chainId: 10, apiKey: "RUN-KEY" }),
      expect.objectContaining({ service: "routescan", chainId: 10, apiKey: "ROUTE-KEY" }),
      expect.objectContaining({ service: "etherscan", chainId: 8453, apiKey: "CHAIN-KEY" }),
      expect.objectContaining({
        service: "routescan",
        chainId: 8453,
        apiUrl: "https://api.routescan.io/v2/network/mainnet/evm/8453/etherscan/api",
        // The run's key goes to the run's host: Routescan's own.
        apiKey: "ROUTE-KEY",
        siteUrl: "https://routescan.io",
      }),
    ]);
  });

  it("refuses a chain's key over plain http to a host that is not this machine, naming the entry", async () => {
    const refusal = await resolveTargets(
      request(["etherscan"], [10], {
        10: {
          etherscan: {
            url: { url: "http://scan.example/api", source: "--endpoint 10=etherscan" },
            apiKey: { value: "K", source: "K" },
          },
        },
      }),
    ).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "invalid_input",
      shortMessage: expect.stringContaining(
        "--endpoint 10=etherscan is plain http (scan.example), and the API key would travel in clear",
      ),
    });
  });
});

describe("a chain's own Blockscout explorer", () => {
  it("comes before the run's explorer and the door's settings for the chain, with its own key", async () => {
    const { targets } = await resolveTargets(
      request(
        ["blockscout"],
        [10],
        {
          10: {
            blockscout: {
              url: { url: "https://own.blockscout.example", source: "--endpoint 10=blockscout" },
              apiKey: { value: "OWN-KEY", source: "OWN" },
            },
          },
        },
        {
          explorerUrl: { url: "https://run.blockscout.example", source: "--explorer-url" },
          explorerFor: async () => ({
            url: { url: "https://settings.example", source: "foundry.toml" },
            apiKey: "SETTINGS-KEY",
          }),
          keys: { blockscout: "RUN-KEY" },
        },
      ),
    );
    expect(targets).toEqual([
      expect.objectContaining({
        service: "blockscout",
        instanceUrl: "https://own.blockscout.example",
        apiKey: "OWN-KEY",
      }),
    ]);
  });
});
