import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type StandIn, startBlockscoutApiStandIn } from "../support/blockscoutStandIns.js";
import { hardhat, preparePluginProject, removePluginProject } from "../support/pluginProject.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";

// The task with no --explorer-url and no chain descriptor: the network's chain id (Lisk, 1135, answered by a
// loopback JSON-RPC stand-in) names the explorer from the registry shipped with the package, and a Blockscout API
// key takes the request through a loopback stand-in for api.blockscout.com.
const proKey = "proapi_task0123SECRET";
const gatewayToken = "task-gateway-SECRET-9";
const guid = "00000000000000000000000000000000000000016a86ec40";
let project: string;
let cacheDir: string;
let rpc: Server;
let rpcUrl: string;
let explorer: TestExplorer;
let api: StandIn;

beforeAll(async () => {
  project = await preparePluginProject();
  cacheDir = await mkdtemp(join(tmpdir(), "explorer-verify-task-cache-"));
  rpc = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const call = JSON.parse(body) as { id: number; method: string };
      const answer =
        call.method === "eth_chainId"
          ? { jsonrpc: "2.0", id: call.id, result: "0x46f" }
          : { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "Method not found" } };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => rpc.listen(0, "127.0.0.1", resolve));
  rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`;
  explorer = await startTestExplorer();
  api = await startBlockscoutApiStandIn(proKey, { 1135: explorer.url });
}, 240_000);

afterAll(async () => {
  await api?.close();
  await explorer?.close();
  rpc?.closeAllConnections();
  rpc?.close();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
  await removePluginProject(project);
});

function environment(extra: Record<string, string> = {}): Record<string, string> {
  return {
    FIXTURE_LISK_RPC_URL: rpcUrl,
    EXPLORER_VERIFY_CHAIN_LIST_URL: "off",
    EXPLORER_VERIFY_CACHE_DIR: cacheDir,
    EXPLORER_VERIFY_BLOCKSCOUT_API_URL: api.url,
    ...extra,
  };
}

describe("npx hardhat explorer-verify finds the explorer by chain id", () => {
  it("sends a proapi_ key as Bearer and the configured headers to the chain's route, and says which explorer and why", async () => {
    const outcome = await hardhat(
      project,
      ["explorer-verify", "status", "--network", "lisk", guid],
      environment({ FIXTURE_EXPLORER_KEY: proKey, FIXTURE_GATEWAY_TOKEN: gatewayToken }),
    );
    expect(outcome.stderr).toContain(
      `Explorer: Blockscout at ${api.url}/1135, the Blockscout API for https://blockscout.lisk.com (Lisk, found in the registry shipped with explorer-verify; chain 1135 from network "lisk")\n`,
    );
    expect(outcome.stdout).toContain("Unknown UID");
    expect(api.seen).toHaveLength(1);
    const [request] = api.seen;
    expect(request?.url.startsWith("/1135/api?")).toBe(true);
    expect(request?.headers.authorization).toBe(`Bearer ${proKey}`);
    expect(request?.headers["x-gateway-token"]).toBe(gatewayToken);
    expect(request?.url).not.toContain(proKey);
    const output = `${outcome.stdout}${outcome.stderr}`;
    expect(output).not.toContain(proKey);
    expect(output).not.toContain(gatewayToken);
  }, 120_000);

  it("runs with the key's and a header's variables unset: no key and no header are sent", async () => {
    api.seen.length = 0;
    explorer.reset();
    // Without a key the route is the instance itself: name it on loopback through the per-chain override instead.
    const outcome = await hardhat(
      project,
      ["explorer-verify", "status", "--network", "lisk", "--explorer-url", explorer.url, guid],
      environment(),
    );
    expect(outcome.stderr).not.toContain("HardhatError");
    expect(outcome.stdout).toContain("Unknown UID");
    const requests = explorer.requestsFor("checkverifystatus");
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.headers["x-gateway-token"]).toBeUndefined();
    expect(request?.query.apikey).toBeUndefined();
  }, 120_000);

  it("without --network, on Hardhat's in-process chain, says the network is missing", async () => {
    const outcome = await hardhat(project, ["explorer-verify", "status", guid], environment());
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      "No network given: verify on the network the contracts are deployed to, with --network NAME (or give --explorer-url).",
    );
  }, 120_000);

  it("asks for Etherscan's key where the task reads it, the config, whatever the environment holds", async () => {
    const outcome = await hardhat(
      project,
      [
        "explorer-verify",
        "--network",
        "lisk",
        "--targets",
        "etherscan",
        "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      ],
      environment({ ETHERSCAN_API_KEY: "set-but-not-read" }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      'Etherscan needs an API key (one key serves every chain): set explorerVerify.etherscan.apiKey in the Hardhat config, e.g. configVariable("ETHERSCAN_API_KEY").',
    );
  }, 120_000);
});
