import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { runAction } from "../support/actionRunner.js";
import {
  closedLoopbackUrl,
  type StandIn,
  startBlockscoutApiStandIn,
  startChainListStandIn,
} from "../support/blockscoutStandIns.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// The bundled Action with no explorer-url: the chain id names the explorer, a Blockscout API key (proapi_…) takes
// the requests through a loopback stand-in for api.blockscout.com, and custom headers travel with them.
const proKey = "proapi_action0123SECRET";
const gatewayToken = "gateway-token-SECRET-42";
let workspace: string;
let chain: HardhatChain;
let explorer: LocalExplorer;
let api: StandIn;
let list: StandIn;
let build: FixtureBuild;
let box: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-chains-"));
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  box = await new Deployer(chain.rpcUrl).deploy(build, "contracts/Box.sol", "Box");
  await writeFile(join(workspace, "input.json"), JSON.stringify(build.input));
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
  api = await startBlockscoutApiStandIn(proKey, { 10: explorer.url });
  list = await startChainListStandIn(
    JSON.stringify({
      "10": {
        name: "OP Mainnet",
        explorers: [{ url: "https://optimism.blockscout.com/", hostedBy: "blockscout" }],
      },
    }),
  );
}, 120_000);

afterAll(async () => {
  await list?.close();
  await api?.close();
  await explorer?.close();
  await chain?.stop();
  if (workspace) await rm(workspace, { recursive: true, force: true });
});

beforeEach(() => {
  api.seen.length = 0;
  list.seen.length = 0;
});

function manifest(): string {
  return JSON.stringify({
    contracts: [
      {
        address: box,
        contract: "contracts/Box.sol:Box",
        standardJsonInput: "input.json",
        compilerVersion: build.compilerVersion,
      },
    ],
  });
}

describe("the Action finds the explorer by chain id", () => {
  it("with chain-id and a proapi_ key: the published list names the instance, the API gets Bearer and headers, links point at the instance", async () => {
    const run = await runAction(
      {
        "chain-id": "10",
        "api-key": proKey,
        headers: `X-Gateway-Token: ${gatewayToken}\nUser-Agent: acme-deployer/2.1`,
        contracts: manifest(),
        force: "true",
        "timeout-seconds": "60",
      },
      workspace,
      {
        EXPLORER_VERIFY_CHAIN_LIST_URL: `${list.url}/api/chains`,
        EXPLORER_VERIFY_BLOCKSCOUT_API_URL: api.url,
      },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `on Blockscout at ${api.url}/10, the Blockscout API for https://optimism.blockscout.com (OP Mainnet, found in Blockscout's list of instances; chain 10 from input chain-id)\n`,
    );
    expect(list.seen.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/chains"]);
    const [result] = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(result).toMatchObject({
      status: "verified",
      explorer: "https://optimism.blockscout.com",
      url: `https://optimism.blockscout.com/address/${box}#code`,
    });
    expect(api.seen.length).toBeGreaterThan(0);
    for (const request of api.seen) {
      expect(request.url.startsWith("/10/api")).toBe(true);
      expect(request.headers.authorization).toBe(`Bearer ${proKey}`);
      expect(request.headers["x-gateway-token"]).toBe(gatewayToken);
      expect(request.headers["user-agent"]).toBe("acme-deployer/2.1");
      expect(request.url).not.toContain(proKey);
    }
    const everything = [run.stdout, run.stderr, JSON.stringify(run.outputs), run.summary].join("\n");
    const masks = [`::add-mask::${proKey}`, `::add-mask::${gatewayToken}`];
    const unmasked = masks.reduce((text, mask) => text.split(mask).join(""), everything);
    expect(run.stdout).toContain(`::add-mask::${gatewayToken}`);
    expect(unmasked).not.toContain(proKey);
    expect(unmasked).not.toContain(gatewayToken);
  }, 120_000);

  it("offline, takes the chain id from a Foundry broadcast's path and the explorer from the shipped registry", async () => {
    const offline = `${await closedLoopbackUrl()}/api/chains`;
    // A script run that created nothing: the manifest brings the contract, the broadcast only its chain.
    const runFile = "broadcast/Deploy.s.sol/10/run-latest.json";
    await mkdir(join(workspace, "broadcast", "Deploy.s.sol", "10"), { recursive: true });
    await writeFile(join(workspace, runFile), JSON.stringify({ transactions: [], chain: 10 }));
    const run = await runAction(
      { deployment: runFile, contracts: manifest(), "api-key": proKey, force: "true" },
      workspace,
      { EXPLORER_VERIFY_CHAIN_LIST_URL: offline, EXPLORER_VERIFY_BLOCKSCOUT_API_URL: api.url },
    );
    expect(run.stdout).toContain(
      `on Blockscout at ${api.url}/10, the Blockscout API for https://optimism.blockscout.com (OP Mainnet, found in the registry shipped with explorer-verify; Blockscout's list could not be read: connection failed (ECONNREFUSED); chain 10 from the deployment broadcast/Deploy.s.sol/10/run-latest.json)\n`,
    );
    expect(run.code).toBe(0);
    const [result] = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(result).toMatchObject({ url: `https://optimism.blockscout.com/address/${box}#code` });
    expect(api.seen.length).toBeGreaterThan(0);
    expect(api.seen.every((request) => request.headers.authorization === `Bearer ${proKey}`)).toBe(true);
  }, 120_000);

  it("without explorer-url or a chain id, says in one line how to name the explorer", async () => {
    const run = await runAction({ contracts: manifest() }, workspace);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "::error::Name the explorer: input explorer-url (e.g. https://eth.blockscout.com), or chain-id to find the chain's Blockscout explorer.",
    );
    const unknown = await runAction({ contracts: manifest(), "chain-id": "424242424" }, workspace, {
      EXPLORER_VERIFY_CHAIN_LIST_URL: "off",
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain(
      "::error::No Blockscout explorer is known for chain 424242424: give the explorer-url input.",
    );
    expect(api.seen).toHaveLength(0);
  }, 60_000);
});
