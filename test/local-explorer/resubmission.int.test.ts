import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import { ChainBackend } from "../../src/local-explorer/chainBackend.js";
import { ContractModule } from "../../src/local-explorer/contractModule.js";
import { CreationIndex } from "../../src/local-explorer/creationIndex.js";
import { ExplorerHttpServer } from "../../src/local-explorer/httpServer.js";
import { StateStore } from "../../src/local-explorer/stateStore.js";
import { localCompilerResolver } from "../../src/recompile/compilerResolver.js";
import { SolcJsWorkerPool } from "../../src/recompile/solcJsWorkerPool.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// A submission sent again within the second of an earlier one for the same address (a resend after a reset, or the
// next candidate input after a quick failure) gets its own guid: it must not read the earlier submission's verdict.
let chain: HardhatChain;
let server: ExplorerHttpServer;
let pool: SolcJsWorkerPool;
let client: ExplorerClient;
let build: FixtureBuild;
let token: string;
let stateDir: string;
// Every request of this file is answered within one and the same second, as under load.
const frozenNow = Date.now();

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  token = await new Deployer(chain.rpcUrl).deploy(build, "contracts/Token.sol", "Token", ["Again", 7n]);
  stateDir = mkdtempSync(join(tmpdir(), "explorer-resubmission-"));
  const rpc = new JsonRpcChain(chain.rpcUrl);
  pool = new SolcJsWorkerPool(1);
  const backend = new ChainBackend({
    chain: rpc,
    store: new StateStore(join(stateDir, "state.json"), await rpc.chainId()),
    index: new CreationIndex(rpc),
    resolveCompiler: localCompilerResolver({ solcJsPool: pool }),
  });
  server = new ExplorerHttpServer({ contractModule: new ContractModule(backend, { now: () => frozenNow }) });
  client = new ExplorerClient({
    explorerUrl: await server.listen(),
    requestsPerSecond: Number.POSITIVE_INFINITY,
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await pool?.close();
  await chain?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

async function submit(contractName: string): Promise<string> {
  const outcome = await client.verifySourceCode({
    address: token,
    codeFormat: "solidity-standard-json-input",
    contractName,
    compilerVersion: build.compilerVersion,
    standardJsonInput: build.input,
  });
  if (outcome.kind !== "guid") throw new Error(`expected a guid, got ${outcome.kind}`);
  return outcome.guid;
}

async function settled(guid: string): Promise<string> {
  for (;;) {
    const status = await client.checkVerifyStatus({ guid: guid });
    if (status.state !== "pending") return status.message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a submission sent again within the same second", () => {
  it("gets its own guid, whose verdict is its own", async () => {
    const failed = await submit("contracts/Token.sol:NotThere");
    await expect(settled(failed)).resolves.toBe("Fail - Unable to verify");
    const resent = await submit("contracts/Token.sol:Token");
    expect(resent).not.toBe(failed);
    expect(resent.slice(0, 40)).toBe(token.slice(2).toLowerCase());
    await expect(settled(resent)).resolves.toBe("Pass - Verified");
    // The earlier guid keeps its own verdict.
    await expect(settled(failed)).resolves.toBe("Fail - Unable to verify");
  }, 120_000);
});
