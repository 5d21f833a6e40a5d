import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { type ActionRun, runAction } from "../support/actionRunner.js";
import { secretApiKey, testAddress } from "../support/addresses.js";
import { endlessInternalTransactions } from "../support/endlessCursor.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HostileExplorer, startHostileExplorer } from "../support/hostileExplorer.js";

// The Action bundled fresh from the sources, against the probes of the hardening issue that concern the lookup of the
// explorer, custom headers and discovery.
let bundleDir: string;
let workspace: string;
let cacheDir: string;
let explorer: HostileExplorer;
// Stands in for an HTTPS proxy: records the tunnels asked for and opens none, so nothing leaves the machine.
let proxy: Server;
let proxyUrl: string;
const tunnels: string[] = [];
const box = testAddress(0xb0);

beforeAll(async () => {
  bundleDir = await buildFreshBundle();
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-lookup-"));
  await mkdir(join(workspace, "flat"), { recursive: true });
  await writeFile(join(workspace, "flat", "Box.sol"), "// SPDX-License-Identifier: MIT\ncontract Box {}\n");
  // A build for include-created to match created contracts against (it has none of theirs).
  await mkdir(join(workspace, "artifacts", "build-info"), { recursive: true });
  await writeFile(
    join(workspace, "artifacts", "build-info", "empty.json"),
    JSON.stringify({
      _format: "hh-sol-build-info-1",
      id: "empty",
      solcVersion: "0.8.28",
      solcLongVersion: "0.8.28+commit.7893614a",
      input: { language: "Solidity", sources: {}, settings: {} },
      output: { contracts: {}, sources: {} },
    }),
  );
  explorer = await startHostileExplorer();
  proxy = createServer((_request, response) => response.writeHead(403).end());
  proxy.on("connect", (request, socket) => {
    tunnels.push(request.url ?? "");
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await rm(bundleDir, { recursive: true, force: true });
  await rm(workspace, { recursive: true, force: true });
});

const manifestFor = (address: string) =>
  JSON.stringify({
    contracts: [
      {
        address,
        format: "flattened",
        contract: "Box",
        source: "flat/Box.sol",
        compilerVersion: "v0.8.28+commit.7893614a",
      },
    ],
  });
const manifest = manifestFor(box);

function results(action: ActionRun): VerificationResult[] {
  return JSON.parse(action.outputs.results ?? "[]");
}

beforeEach(async () => {
  explorer.reset();
  explorer.inner.backend.addContract(box);
  tunnels.length = 0;
  cacheDir = await mkdtemp(join(tmpdir(), "explorer-verify-cache-"));
});

describe("the bundled Action and a copy of the chain list it did not write", () => {
  it("ignores a fresh copy naming http://127.0.0.1 for chain 10, says so, and never sends the key there", async () => {
    await writeFile(
      join(cacheDir, "blockscout-chains.json"),
      JSON.stringify({
        listUrl: "https://chains.blockscout.com/api/chains",
        fetchedAt: Date.now(),
        chains: [{ chainId: 10, name: "OP Mainnet", url: explorer.url }],
      }),
    );
    const action = await runAction(
      {
        "chain-id": "10",
        "api-key": secretApiKey,
        contracts: manifest,
        "timeout-seconds": "3",
      },
      workspace,
      { EXPLORER_VERIFY_CHAIN_LIST_URL: "off", EXPLORER_VERIFY_CACHE_DIR: cacheDir, HTTPS_PROXY: proxyUrl },
      join(bundleDir, "index.js"),
    );
    expect(explorer.requests).toEqual([]);
    expect(action.stdout).toContain(
      `on Blockscout at https://optimism.blockscout.com (OP Mainnet, found in the registry shipped with explorer-verify; ignored the copy of Blockscout's list at ${join(cacheDir, "blockscout-chains.json")}: its explorer for chain 10, ${explorer.url}, is not an https URL; chain 10 from input chain-id)\n`,
    );
    // The requests went for the chain's https instance (through the proxy, which opened no tunnel).
    expect(new Set(tunnels)).toEqual(new Set(["optimism.blockscout.com:443"]));
  }, 120_000);
});

describe("the bundled Action with a custom header whose value is short", () => {
  it("X-Debug: 1 is sent, and the explorer's answers are read as they came: the contract is verified", async () => {
    const action = await runAction(
      { "explorer-url": explorer.url, headers: "X-Debug: 1", contracts: manifest, "timeout-seconds": "20" },
      workspace,
      {},
      join(bundleDir, "index.js"),
    );
    expect(results(action).map((result) => [result.status, result.message])).toEqual([
      ["verified", undefined],
    ]);
    expect(action.code).toBe(0);
    expect(explorer.requests.length).toBeGreaterThan(0);
    expect(explorer.requests.every((request) => request.headers["x-debug"] === "1")).toBe(true);
  }, 60_000);
});

describe("the bundled Action with include-created against an explorer whose pages never end", () => {
  it("stops reading them and verifies the contracts it was given, within the run", async () => {
    const factory = "0x00000000000000000000000000000000000000fa";
    // A contract of its own: the ledger of the runs above has the first one verified already.
    const own = testAddress(0xb2);
    explorer.inner.backend.addContract(own);
    explorer.scenario = endlessInternalTransactions({
      factory,
      cursor: "endless",
      creationTransaction: `0x${"ab".repeat(32)}`,
    });
    const action = await runAction(
      {
        "explorer-url": explorer.url,
        contracts: manifestFor(own),
        "include-created": "true",
        "timeout-seconds": "60",
      },
      workspace,
      {},
      join(bundleDir, "index.js"),
    );
    const pages = explorer.requests.filter((request) =>
      request.url.startsWith("/api/v2/internal-transactions"),
    );
    expect(pages).toHaveLength(100);
    expect(results(action).map((result) => [result.address, result.status])).toEqual([[own, "verified"]]);
    expect(action.code).toBe(0);
  }, 90_000);
});
