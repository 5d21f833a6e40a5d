import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { closedLoopbackUrl } from "../support/blockscoutStandIns.js";
import { Deployer } from "../support/deployer.js";
import { type EtherscanEmulator, startRoutescanEmulator } from "../support/etherscanEmulator.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

const routescanKey = "ROUTESCAN-KEY-5678";
const engine = {
  polling: { initialIntervalMs: 20, maxIntervalMs: 100, backoffFactor: 1.5, unknownUidGrace: 3 },
  timeoutMs: 60_000,
  concurrency: 1,
  requestsPerSecond: 1_000,
};

let chain: HardhatChain;
let routescan: EtherscanEmulator;
let build: FixtureBuild;
let deployer: Deployer;

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  deployer = new Deployer(chain.rpcUrl);
  routescan = await startRoutescanEmulator({
    rpcUrl: chain.rpcUrl,
    chainIds: [31337],
    apiKeys: [routescanKey],
    testnets: [31337],
  });
}, 120_000);

afterAll(async () => {
  await routescan?.close();
  await chain?.stop();
});

function boxJob(address: string, extra: Partial<VerificationJob> = {}): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion: build.compilerVersion,
      contractName: "contracts/Box.sol:Box",
    },
    ...extra,
  };
}

const deployBox = () => deployer.deploy(build, "contracts/Box.sol", "Box");

describe("Routescan, a fourth service on the same seam", () => {
  it("verifies without a key on the network its lists name, links to its own pages, and a rerun sends nothing", async () => {
    const jobs = [boxJob(await deployBox()), boxJob(await deployBox())];
    const options = {
      targets: ["routescan" as const],
      chainId: 31337,
      apiUrls: { routescan: routescan.apiUrl },
      ...engine,
    };
    const first = await verifyBatch(jobs, options);
    expect(first.map((r) => [r.target, r.chainId, r.status, r.url])).toEqual(
      jobs.map((job) => [
        "routescan",
        31337,
        "verified",
        `https://testnet.routescan.io/address/${job.address}/contract/31337/code`,
      ]),
    );
    const submitted = routescan.requestsFor("verifysourcecode");
    expect(submitted.map((r) => r.path)).toEqual([
      "/v2/network/testnet/evm/31337/etherscan/api",
      "/v2/network/testnet/evm/31337/etherscan/api",
    ]);
    expect(submitted.every((r) => r.query.apikey === undefined)).toBe(true);
    const before = routescan.requestsFor("verifysourcecode").length;
    const again = await verifyBatch(jobs, options);
    expect(again.map((r) => r.status)).toEqual(["already-verified", "already-verified"]);
    expect(routescan.requestsFor("verifysourcecode").length).toBe(before);
  }, 120_000);

  it("sends a key when there is one, and says it has no proxy link instead of sending one", async () => {
    const box = await deployBox();
    const proxy = await deployer.deploy(build, "contracts/SimpleProxy.sol", "SimpleProxy", [box]);
    const notices: string[] = [];
    const results = await verifyBatch([boxJob(box, { proxyAddress: proxy })], {
      targets: ["routescan"],
      chainId: 31337,
      routescanApiKey: routescanKey,
      apiUrls: { routescan: routescan.apiUrl },
      ...engine,
      onEvent: (event) => {
        if (event.type === "notice") notices.push(event.message);
      },
    });
    expect(results.map((r) => [r.format, r.status])).toEqual([["standard-json", "verified"]]);
    expect(notices).toEqual([
      "Routescan has no proxy link: the proxy and its implementation are verified each as a contract.",
    ]);
    expect(routescan.requestsFor("verifyproxycontract")).toEqual([]);
    expect(routescan.requestsFor("verifysourcecode").at(-1)?.query.apikey).toBe(routescanKey);
  }, 120_000);

  it("refuses a chain Routescan does not list, before anything is sent", async () => {
    const before = routescan.requests.length;
    await expect(
      verifyBatch([boxJob(await deployBox())], {
        targets: ["routescan"],
        chainId: 424_242,
        apiUrls: { routescan: routescan.apiUrl },
        ...engine,
      }),
    ).rejects.toThrow(
      "Routescan does not list chain 424242 among its mainnets or testnets: leave routescan out of the targets for it.",
    );
    // Its two lists were asked; no contract request was sent.
    expect(routescan.requests.slice(before).map((r) => r.path)).toEqual([
      "/v2/network/mainnet/evm/all/blockchains",
      "/v2/network/testnet/evm/all/blockchains",
    ]);
  });

  it("says Routescan's lists did not answer, not that they leave the chain out, when neither could be read", async () => {
    await expect(
      verifyBatch([boxJob(await deployBox())], {
        targets: ["routescan"],
        chainId: 424_242,
        apiUrls: { routescan: await closedLoopbackUrl() },
        ...engine,
      }),
    ).rejects.toThrow(
      "did not all answer, so chain 424242's network is not known: give the chain's Routescan endpoint as an endpoint of its own, or leave routescan out of the targets for it.",
    );
  });
});
