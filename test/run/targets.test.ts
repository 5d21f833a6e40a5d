import { describe, expect, it, jest } from "@jest/globals";
import { readsDeadline } from "../../src/kernel/readsDeadline.js";
import { agreedChainId } from "../../src/run/targets/chainAgreement.js";
import { resolveTargets } from "../../src/run/targets/targets.js";
import { stall, startJsonRpcStandIn } from "../support/jsonRpcStandIn.js";

describe("the hall's resolver", () => {
  it("refuses a URL that carries credentials, in every door's words, before anything is printed or sent", async () => {
    for (const url of ["http://user:hunter2@127.0.0.1:9", "https://explorer.example/api?apikey=K-SECRET"]) {
      const refusal = await resolveTargets({
        services: ["blockscout"],
        chains: [{ claims: [] }],
        explorerUrl: { url, source: "--explorer-url" },
        howToNameExplorer: "",
        howToGiveEtherscanKey: "",
        howToReachLocalChain: "",
      }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({
        code: "invalid_input",
        shortMessage:
          "--explorer-url: The explorer URL carries credentials (user:password@ or a key in its query); give the explorer's address alone, and the key as the API key, which is kept out of every log.",
      });
    }
  });

  it("takes the chain alone when the targets leave Blockscout out: nothing is looked up", async () => {
    const { targets } = await resolveTargets({
      services: ["sourcify"],
      chains: [{ claims: [{ id: 10, source: "--chain-id" }] }],
      howToNameExplorer: "",
      howToGiveEtherscanKey: "",
      howToReachLocalChain: "",
    });
    expect(targets).toMatchObject([
      { service: "sourcify", chainId: 10, apiUrl: "https://sourcify.dev/server", required: true },
    ]);
  });

  it("awaits an RPC's chain id no longer than the run's timeout: a chain that never answers is refused in words", async () => {
    const chain = await startJsonRpcStandIn(() => stall);
    // The 2 s are Jest's: they pass once the chain has the request, however long the machine took to send it.
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    try {
      const refused = resolveTargets({
        services: ["sourcify"],
        chains: [{ claims: [], rpc: { url: chain.url, source: "--rpc-url" } }],
        howToNameExplorer: "",
        howToGiveEtherscanKey: "",
        howToReachLocalChain: "",
        reads: readsDeadline(2),
      }).catch((error: unknown) => error);
      while (chain.received.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await jest.advanceTimersByTimeAsync(2_000);
      const refusal = await refused;
      expect(refusal).toMatchObject({
        code: "invalid_input",
        shortMessage:
          "Cannot read the chain id from --rpc-url: it did not answer eth_chainId within the run's timeout (2 s).",
      });
      expect(chain.received.map((call) => call.method)).toEqual(["eth_chainId"]);
    } finally {
      jest.useRealTimers();
      await chain.close();
    }
  });

  it("says what a chain answered in one sentence, ending in one period", async () => {
    const chain = await startJsonRpcStandIn(() => ({ result: "banana" }));
    try {
      const refusal = await resolveTargets({
        services: ["sourcify"],
        chains: [{ claims: [], rpc: { url: chain.url, source: "--rpc-url" } }],
        howToNameExplorer: "",
        howToGiveEtherscanKey: "",
        howToReachLocalChain: "",
      }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({
        code: "invalid_input",
        shortMessage: expect.stringMatching(
          /^Cannot read the chain id from --rpc-url: eth_chainId: the chain's answer has an unexpected shape.*[^.]\.$/,
        ),
      });
    } finally {
      await chain.close();
    }
  });

  it("says a local chain with no JSON-RPC needs one, in the door's words, before any lookup", async () => {
    const refusal = await resolveTargets({
      services: ["blockscout"],
      chains: [{ claims: [{ id: 1337, source: "the deployment chain-1337" }] }],
      howToNameExplorer: "give an explorer",
      howToGiveEtherscanKey: "",
      howToReachLocalChain: "give its own --network",
      lookup: { refresh: false, cacheDir: false },
    }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "invalid_input",
      shortMessage: "Chain 1337 is a local chain, which no public explorer serves: give its own --network.",
    });
  });

  it("refuses chains that disagree, naming both", () => {
    expect(() =>
      agreedChainId([
        { id: 11155111, source: "--chain-id" },
        { id: 7788, source: "the deployment broadcast/Deploy.s.sol/7788/run-latest.json" },
      ]),
    ).toThrow(
      "Chain ids disagree: --chain-id says chain 11155111, but the deployment broadcast/Deploy.s.sol/7788/run-latest.json says chain 7788. Nothing was sent.",
    );
  });

  it("refuses a key or a header in clear to a host that is not this machine, naming the setting", async () => {
    const refusal = resolveTargets({
      services: ["blockscout"],
      chains: [{ claims: [] }],
      explorerUrl: { url: "http://blockscout.corp.example", source: "--explorer-url" },
      keys: { blockscout: "K-SECRET-1234" },
      howToNameExplorer: "",
      howToGiveEtherscanKey: "",
      howToReachLocalChain: "",
    });
    await expect(refusal).rejects.toThrow(
      "--explorer-url is plain http (blockscout.corp.example), and the API key would travel in clear: use https, or send no key or header to it. Nothing was sent.",
    );
    // On loopback (0.0.0.0 too, as `npx hardhat node` prints it), or without a secret, plain http is fine.
    for (const url of ["http://127.0.0.1:9", "http://0.0.0.0:9"])
      await expect(
        resolveTargets({
          services: ["blockscout"],
          chains: [{ claims: [] }],
          explorerUrl: { url, source: "--explorer-url" },
          keys: { blockscout: "K-SECRET-1234" },
          howToNameExplorer: "",
          howToGiveEtherscanKey: "",
          howToReachLocalChain: "",
        }),
      ).resolves.toMatchObject({ targets: [{ instanceUrl: url }] });
  });

  const foundryEntry = (url: string) => ({
    url: url.replace(`\${EXPL_TOKEN}`, "tok_SECRET999"),
    source: "[etherscan] gnosis in foundry.toml",
    shown: url,
    secrets: ["tok_SECRET999"],
  });
  const blockscoutOn = (explorerUrl: ReturnType<typeof foundryEntry>, apiKey?: string) =>
    resolveTargets({
      services: ["blockscout"],
      chains: [{ claims: [{ id: 10, source: "--chain-id" }] }],
      explorerUrl,
      ...(apiKey ? { keys: { blockscout: apiKey } } : {}),
      howToNameExplorer: "",
      howToGiveEtherscanKey: "",
      howToReachLocalChain: "",
    });

  it("sends what a foundry.toml variable in the URL expands to, but shows and records the instance with it masked", async () => {
    const { targets } = await blockscoutOn(foundryEntry(`http://127.0.0.1:9/\${EXPL_TOKEN}/api`));
    expect(targets).toMatchObject([
      {
        api: { rpc: "http://127.0.0.1:9/tok_SECRET999/api" },
        instanceUrl: "http://127.0.0.1:9/***",
        ledgerKey: `http://127.0.0.1:9/\${EXPL_TOKEN}/api`,
        shownUrl: `http://127.0.0.1:9/\${EXPL_TOKEN}/api`,
      },
    ]);
  });

  it("refuses a foundry.toml variable in a plain-http URL to a host that is not this machine, naming the entry", async () => {
    await expect(
      blockscoutOn(foundryEntry(`http://blockscout.corp.example/api/\${EXPL_TOKEN}/x`)),
    ).rejects.toThrow(
      "[etherscan] gnosis in foundry.toml is plain http (blockscout.corp.example), and the secrets in its URL would travel in clear: use https, or send no key or header to it. Nothing was sent.",
    );
  });

  it("names EXPLORER_VERIFY_BLOCKSCOUT_API_URL when the Blockscout API's root is the plain-http one", async () => {
    process.env.EXPLORER_VERIFY_BLOCKSCOUT_API_URL = "http://blockscout-api.corp.example";
    try {
      await expect(
        blockscoutOn(foundryEntry("https://optimism.blockscout.com"), "proapi_abc"),
      ).rejects.toThrow(
        "EXPLORER_VERIFY_BLOCKSCOUT_API_URL is plain http (blockscout-api.corp.example), and the API key would travel in clear: use https, or send no key or header to it. Nothing was sent.",
      );
    } finally {
      delete process.env.EXPLORER_VERIFY_BLOCKSCOUT_API_URL;
    }
  });
});
