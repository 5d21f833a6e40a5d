import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { secretApiKey, testAddress } from "../support/addresses.js";
import { endlessInternalTransactions } from "../support/endlessCursor.js";
import { type HostileExplorer, startHostileExplorer } from "../support/hostileExplorer.js";

// The CLI (from the sources) against the probes of the hardening issue that the Action's hardening test makes: a
// planted copy of the chain list, and an explorer whose internal-transaction pages never end.
const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let workspace: string;
let cacheDir: string;
let explorer: HostileExplorer;
// Stands in for an HTTPS proxy: records the tunnels asked for and opens none, so nothing leaves the machine.
let proxy: Server;
let proxyUrl: string;
const tunnels: string[] = [];

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-cli-hardening-"));
  await mkdir(join(workspace, "flat"), { recursive: true });
  await writeFile(join(workspace, "flat", "Box.sol"), "// SPDX-License-Identifier: MIT\ncontract Box {}\n");
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
}, 60_000);

afterAll(async () => {
  await explorer?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await rm(workspace, { recursive: true, force: true });
});

beforeEach(async () => {
  explorer.reset();
  tunnels.length = 0;
  cacheDir = await mkdtemp(join(tmpdir(), "explorer-verify-cli-cache-"));
});

async function manifestFor(address: string): Promise<void> {
  const entry = {
    address,
    format: "flattened",
    contract: "Box",
    source: "flat/Box.sol",
    compilerVersion: "v0.8.28+commit.7893614a",
  };
  await writeFile(join(workspace, "m.json"), JSON.stringify({ contracts: [entry] }));
}

function cli(
  args: string[],
  env: Record<string, string>,
  cwd = workspace,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      join(repository, "node_modules", ".bin", "tsx"),
      [join(repository, "src", "cli", "index.ts"), ...args],
      {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: workspace, EXPLORER_VERIFY_CACHE_DIR: cacheDir, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the CLI and a copy of the chain list it did not write", () => {
  it("ignores a fresh copy naming a local http explorer for chain 10, says so, and never sends the key there", async () => {
    const box = testAddress(0xc0);
    explorer.inner.backend.addContract(box);
    await manifestFor(box);
    await writeFile(
      join(cacheDir, "blockscout-chains.json"),
      JSON.stringify({
        listUrl: "https://chains.blockscout.com/api/chains",
        fetchedAt: Date.now(),
        chains: [{ chainId: 10, name: "OP Mainnet", url: explorer.url }],
      }),
    );
    const run = await cli(["verify", "--manifest", "m.json", "--chain-id", "10", "--timeout", "3"], {
      EXPLORER_VERIFY_API_KEY: secretApiKey,
      EXPLORER_VERIFY_CHAIN_LIST_URL: "off",
      HTTPS_PROXY: proxyUrl,
    });
    expect(explorer.requests).toEqual([]);
    expect(run.stdout).toContain(
      `ignored the copy of Blockscout's list at ${join(cacheDir, "blockscout-chains.json")}: its explorer for chain 10, ${explorer.url}, is not an https URL`,
    );
    expect(new Set(tunnels)).toEqual(new Set(["optimism.blockscout.com:443"]));
    expect(`${run.stdout}${run.stderr}`).not.toContain(secretApiKey);
  }, 60_000);
});

describe("the CLI with --include-created against an explorer whose pages never end", () => {
  it("stops reading them and verifies the contracts it was given, within the run", async () => {
    const own = testAddress(0xc1);
    explorer.inner.backend.addContract(own);
    await manifestFor(own);
    explorer.scenario = endlessInternalTransactions({
      factory: "0x00000000000000000000000000000000000000fa",
      cursor: "endless",
      creationTransaction: `0x${"ab".repeat(32)}`,
    });
    const run = await cli(
      [
        "verify",
        "--manifest",
        "m.json",
        "--explorer-url",
        explorer.url,
        "--include-created",
        "--timeout",
        "60",
        "--json",
      ],
      {},
    );
    const pages = explorer.requests.filter((request) =>
      request.url.startsWith("/api/v2/internal-transactions"),
    );
    expect(pages).toHaveLength(100);
    const records = (JSON.parse(run.stdout) as { results: VerificationResult[] }).results;
    expect(records.map((r) => [r.address, r.status])).toEqual([[own, "verified"]]);
    expect(run.code).toBe(0);
  }, 90_000);
});

describe("the CLI in a project whose foundry.toml names an out folder outside it", () => {
  it("reads nothing from there, sends nothing, and names the key", async () => {
    const project = join(workspace, "climbing", "project");
    const elsewhere = join(workspace, "climbing", "elsewhere", "out", "build-info");
    await mkdir(project, { recursive: true });
    await mkdir(elsewhere, { recursive: true });
    const outsideSource = "// SPDX-License-Identifier: MIT\n// OUTSIDE THE PROJECT\ncontract Box {}\n";
    await writeFile(
      join(elsewhere, "outside.json"),
      JSON.stringify({
        _format: "hh-sol-build-info-1",
        id: "outside",
        solcVersion: "0.8.28",
        solcLongVersion: "0.8.28+commit.7893614a",
        input: { language: "Solidity", sources: { "src/Box.sol": { content: outsideSource } }, settings: {} },
        output: {
          contracts: { "src/Box.sol": { Box: { abi: [], evm: { bytecode: { object: "6080" } } } } },
          sources: {},
        },
      }),
    );
    await writeFile(join(project, "foundry.toml"), '[profile.default]\nout = "../elsewhere/out"\n');
    const box = testAddress(0xc2);
    explorer.inner.backend.addContract(box);
    const run = await cli(
      [
        "verify",
        box,
        "--contract",
        "src/Box.sol:Box",
        "--explorer-url",
        explorer.url,
        "--show-standard-json-input",
      ],
      { EXPLORER_VERIFY_API_KEY: secretApiKey },
      project,
    );
    expect(explorer.requests).toEqual([]);
    // Refused in one line naming the key: nothing is read from outside, nothing is printed or sent.
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      `explorer-verify: ${join(project, "foundry.toml")}: out = "../elsewhere/out" leads outside the project ${project}: foundry.toml's folders and library files are read only inside the project.\n`,
    ]);
  }, 60_000);
});
