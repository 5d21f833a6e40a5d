import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { type EtherscanEmulator, startEtherscanEmulator } from "../support/etherscanEmulator.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

const blockscoutKey = "BLOCKSCOUT-SECRET-KEY";
const etherscanKey = "ETHERSCAN-SECRET-KEY";
const engine = {
  polling: { initialIntervalMs: 20, maxIntervalMs: 100, backoffFactor: 1.5, unknownUidGrace: 3 },
  timeoutMs: 60_000,
};

let chain: HardhatChain;
let build: FixtureBuild;
let etherscan: EtherscanEmulator;
let sourcify: SourcifyEmulator;
let blockscout: TestExplorer;

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  etherscan = await startEtherscanEmulator({
    rpcUrl: chain.rpcUrl,
    chainIds: [31337],
    apiKeys: [etherscanKey],
  });
  sourcify = await startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 });
  blockscout = await startTestExplorer();
}, 120_000);

afterAll(async () => {
  await Promise.all([etherscan?.close(), sourcify?.close(), blockscout?.close()]);
  await chain?.stop();
});

// Everything a request carried: where it went, its headers and its body.
function wholeText(request: ReceivedRequest): string {
  return JSON.stringify([request.path, request.query, request.headers, request.rawBody]);
}

describe("one run on Blockscout, Etherscan and Sourcify", () => {
  it("sends each key to its own service only", async () => {
    const address = await new Deployer(chain.rpcUrl).deploy(build, "contracts/Box.sol", "Box");
    blockscout.backend.addContract(address);
    const job: VerificationJob = {
      address,
      source: {
        format: "standard-json",
        input: build.input,
        compilerVersion: build.compilerVersion,
        contractName: "contracts/Box.sol:Box",
      },
    };
    const results = await verifyBatch([job], {
      targets: ["blockscout", "etherscan", "sourcify"],
      chainId: 31337,
      explorerUrl: blockscout.url,
      apiKey: blockscoutKey,
      etherscanApiKey: etherscanKey,
      apiUrls: { etherscan: etherscan.apiUrl, sourcify: sourcify.apiUrl },
      requestsPerSecond: 1_000,
      ...engine,
    });
    expect(results.map((result) => [result.target, result.status])).toEqual([
      ["blockscout", "verified"],
      ["etherscan", "verified"],
      ["sourcify", "verified"],
    ]);

    const seen = (requests: ReceivedRequest[], key: string) =>
      requests.filter((r) => wholeText(r).includes(key)).length;
    expect(blockscout.requests.length).toBeGreaterThan(0);
    expect(etherscan.requests.length).toBeGreaterThan(0);
    expect(sourcify.requests.length).toBeGreaterThan(0);
    expect(seen(blockscout.requests, blockscoutKey)).toBe(blockscout.requests.length);
    // Every Etherscan request carries its key but the chain list's, which asks where the chain's pages live.
    const apiCalls = etherscan.requests.filter((r) => r.path !== "/v2/chainlist");
    expect(apiCalls.length).toBe(etherscan.requests.length - 1);
    expect(seen(apiCalls, etherscanKey)).toBe(apiCalls.length);
    expect([
      seen(blockscout.requests, etherscanKey),
      seen(etherscan.requests, blockscoutKey),
      seen(sourcify.requests, blockscoutKey),
      seen(sourcify.requests, etherscanKey),
    ]).toEqual([0, 0, 0, 0]);
  }, 120_000);
});
