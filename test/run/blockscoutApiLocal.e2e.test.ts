import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// The Blockscout API's own answers met on the local explorer, which plays the API under `/{chainId}/api` in front of
// itself (its `proApi` setting), through the packed CLI as users run it on a Foundry broadcast: a call without a
// `proapi_` key is refused with 402 (x402), and a chain the API does not serve falls back to the chain's own instance.
const broadcastContracts = 5;
const proKey = "proapi_localx0123456789SECRET";
let cli: CliProject;
let chain: HardhatChain;
/** Asks for a key: answers 402 without one. */
let paid: LocalExplorer;
/** Serves no chain as the API: `404 Network not supported`; its root is the chain's instance. */
let unserved: LocalExplorer;
const received: Record<"paid" | "unserved", ReceivedRequest[]> = { paid: [], unserved: [] };

beforeAll(async () => {
  [cli, chain] = await Promise.all([prepareCliProject(), startHardhatChain()]);
  await replayBroadcast(chain.rpcUrl);
  paid = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    proApi: { requireKey: true },
    onRequest: (request) => received.paid.push(request),
  });
  unserved = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    proApi: { unsupportedChains: [paid.chainId] },
    onRequest: (request) => received.unserved.push(request),
  });
}, 600_000);

afterAll(async () => {
  await paid?.close();
  await unserved?.close();
  await chain?.stop();
  await removeCliProject(cli);
});

function lines(run: { stdout: string; stderr: string }): string[] {
  return `${run.stdout}\n${run.stderr}`.split("\n").filter((line) => line.trim() !== "");
}

describe("the Blockscout API's answers, met on the local explorer through the CLI", () => {
  it("402 without a proapi_ key: one request, the line says a key is needed, nothing more is sent", async () => {
    const api = `${paid.url}/${paid.chainId}`;
    const run = await explorerVerify(cli, [
      "verify",
      "--deployment",
      runLatest,
      "--rpc-url",
      chain.rpcUrl,
      "--explorer-url",
      api,
      "--ledger",
      "none",
    ]);
    expect(run.code).toBe(1);
    const host = new URL(paid.url).host;
    const said = `The service at ${host} asks for payment (HTTP 402 Payment Required (Proceed with API key or make a X402 payment to continue)): the Blockscout API answers a request without a key it accepts only as a paid call (x402), which explorer-verify does not make. Nothing more is sent to this service in this run.`;
    expect(lines(run)).toContain(`- ${broadcastContracts} records (blockscout): ${said}`);
    expect(lines(run)).toContain(
      `blockscout: 0 of ${broadcastContracts} contracts verified, ${broadcastContracts} failed; 0 submissions sent.`,
    );
    // The answer's x-credits-remaining is -1 (an error answer): never read as a used-up quota.
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/quota/i);
    // One call, refused: the explorer behind the API saw nothing.
    expect(received.paid.map((request) => request.path.split("/")[1])).toEqual([String(paid.chainId)]);
  }, 180_000);

  it("404 Network not supported: falls back to the chain's instance, says so once, and verifies every contract there", async () => {
    const run = await explorerVerify(
      cli,
      [
        "verify",
        "--deployment",
        runLatest,
        "--rpc-url",
        chain.rpcUrl,
        "--explorer-url",
        unserved.url,
        "--chain-id",
        String(unserved.chainId),
        "--ledger",
        "none",
      ],
      { EXPLORER_VERIFY_API_KEY: proKey, EXPLORER_VERIFY_BLOCKSCOUT_API_URL: unserved.url },
    );
    expect(run.code).toBe(0);
    const fallback = lines(run).filter((line) => line.startsWith("fallback"));
    expect(fallback).toEqual([
      `fallback    the Blockscout API does not serve chain ${unserved.chainId} (HTTP 404: Network not supported): asking the chain's instance ${unserved.url} instead`,
    ]);
    expect(lines(run)).toContain(
      `blockscout: ${broadcastContracts} of ${broadcastContracts} contracts verified; ${broadcastContracts} submissions sent.`,
    );
    // The API answered once, for itself; everything after went to the instance, without the API's key.
    const throughApi = received.unserved.filter((request) =>
      request.path.startsWith(`/${unserved.chainId}/`),
    );
    expect(throughApi).toHaveLength(1);
    const direct = received.unserved.filter((request) => !throughApi.includes(request));
    expect(direct.length).toBeGreaterThan(broadcastContracts);
    for (const request of direct) {
      expect(request.headers.authorization).toBeUndefined();
      expect(JSON.stringify(request)).not.toContain(proKey);
    }
  }, 180_000);
});
