import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// What is asserted here is compiling itself: no compilation kept by the run is read back.
delete process.env.EXPLORER_VERIFY_COMPILE_CACHE;

// The local explorer compiles in worker threads: the thread that answers requests stays free.
let chain: HardhatChain;
let explorer: LocalExplorer;
let client: ExplorerClient;
let build: FixtureBuild;
const tokens: string[] = [];

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  const deployer = new Deployer(chain.rpcUrl);
  for (const supply of [1n, 2n, 3n]) {
    tokens.push(await deployer.deploy(build, "contracts/Token.sol", "Token", ["Pool", supply]));
  }
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false, compilerThreads: 2 });
  client = new ExplorerClient({ explorerUrl: explorer.url, requestsPerSecond: Number.POSITIVE_INFINITY });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

function submit(address: string) {
  return client.verifySourceCode({
    address,
    codeFormat: "solidity-standard-json-input",
    contractName: "contracts/Token.sol:Token",
    compilerVersion: build.compilerVersion,
    standardJsonInput: build.input,
  });
}

async function settled(guid: string): Promise<string> {
  for (;;) {
    const status = await client.checkVerifyStatus({ guid: guid });
    if (status.state !== "pending") return status.state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function compileStarted(): Promise<void> {
  while (explorer.compilerPool.compiles === 0) await new Promise((resolve) => setImmediate(resolve));
}

describe("compiles off the request thread", () => {
  it("answers a status poll while a compile runs, then the compile's verdict", async () => {
    const outcome = await submit(tokens[0]!);
    if (outcome.kind !== "guid") throw new Error(`expected a guid, got ${outcome.kind}`);
    await compileStarted();
    // Answered while the worker compiles: with the compile on this thread, the poll would wait for its end.
    await expect(client.checkVerifyStatus({ guid: outcome.guid })).resolves.toMatchObject({
      state: "pending",
      message: "Pending in queue",
    });
    expect(explorer.compilerPool.busy).toBe(1);
    await expect(settled(outcome.guid)).resolves.toBe("pass");
  }, 120_000);

  it("compiles identical inputs once", async () => {
    const before = explorer.compilerPool.compiles;
    const guids = await Promise.all(
      tokens.slice(1).map(async (address) => {
        const outcome = await submit(address);
        if (outcome.kind !== "guid") throw new Error(`expected a guid, got ${outcome.kind}`);
        return outcome.guid;
      }),
    );
    for (const guid of guids) await expect(settled(guid)).resolves.toBe("pass");
    // The same input as the first test's: its output is reused, nothing is compiled again.
    expect(explorer.compilerPool.compiles).toBe(before);
  }, 120_000);
});

describe("compilerThreads: 0", () => {
  let inThread: LocalExplorer;
  let inThreadClient: ExplorerClient;

  beforeAll(async () => {
    inThread = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false, compilerThreads: 0 });
    inThreadClient = new ExplorerClient({
      explorerUrl: inThread.url,
      requestsPerSecond: Number.POSITIVE_INFINITY,
    });
  });

  afterAll(async () => {
    await inThread?.close();
  });

  it("compiles each submission on the request thread, identical inputs again", async () => {
    for (const address of tokens.slice(0, 2)) {
      const outcome = await inThreadClient.verifySourceCode({
        address,
        codeFormat: "solidity-standard-json-input",
        contractName: "contracts/Token.sol:Token",
        compilerVersion: build.compilerVersion,
        standardJsonInput: build.input,
      });
      if (outcome.kind !== "guid") throw new Error(`expected a guid, got ${outcome.kind}`);
      for (;;) {
        const status = await inThreadClient.checkVerifyStatus({ guid: outcome.guid });
        if (status.state !== "pending") {
          expect(status).toMatchObject({ state: "pass", message: "Pass - Verified" });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // The same input twice, compiled twice: nothing is shared without the pool, and no worker ran.
    expect(inThread.compiles()).toBe(2);
    expect(inThread.compilerPool.compiles).toBe(0);
    expect(inThread.compilerPool.size).toBe(0);
  }, 120_000);

  it("refuses a thread count that is not a whole number before reaching the chain", async () => {
    for (const compilerThreads of [-1, 1.5]) {
      await expect(
        startLocalExplorer({ rpcUrl: "http://127.0.0.1:1", stateFile: false, compilerThreads }),
      ).rejects.toMatchObject({
        code: "invalid_input",
        field: "compilerThreads",
        shortMessage: `compilerThreads must be a whole number of worker threads (0 compiles on the request thread), got ${compilerThreads}.`,
      });
    }
  });
});
