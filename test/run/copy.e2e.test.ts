import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type BroadcastTransaction, replayBroadcast, runLatest, send } from "../cli/foundryChain.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  prepareEmptyFolder,
  removeCliProject,
} from "../support/cliPackage.js";
import {
  type EtherscanEmulator,
  startEtherscanEmulator,
  startRoutescanEmulator,
} from "../support/etherscanEmulator.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

// `explorer-verify copy` from an empty folder (the packed CLI, no project, no build, no npm solc): the Foundry
// fixture's contracts, verified on a local explorer only, copied from it to the Etherscan, Sourcify and Routescan
// stand-ins (each judges for real), and from Etherscan and Sourcify to a second, empty, local explorer.
const etherscanKey = "ETHERSCAN-KEY-9876543210";
const routescanKey = "ROUTESCAN-KEY-1357924680";
let project: CliProject;
let elsewhere: CliProject;
let chain: HardhatChain;
let explorer: LocalExplorer;
let emptyExplorer: LocalExplorer;
let etherscan: EtherscanEmulator;
let sourcify: SourcifyEmulator;
let routescan: EtherscanEmulator;
let partialSourcify: Server;
let partialSourcifyUrl: string;
let broadcast: BroadcastTransaction[];
let twin: string;

const created = () =>
  broadcast.filter((t) => t.transactionType !== "CALL").map((t) => t.contractAddress ?? "");
const addressOf = (name: string, type = "CREATE") =>
  broadcast.find((t) => t.contractName === name && t.transactionType === type)?.contractAddress ?? "";

beforeAll(async () => {
  [project, elsewhere, chain] = await Promise.all([
    prepareCliProject(),
    prepareEmptyFolder(),
    startHardhatChain(),
  ]);
  broadcast = await replayBroadcast(chain.rpcUrl);
  // Another Counter, never verified anywhere: the same code as the two the broadcast made, a bytecode twin of theirs.
  const counter = broadcast.find((t) => t.contractName === "Counter" && t.transactionType === "CREATE");
  twin =
    (await send(chain.rpcUrl, { ...(counter?.transaction as BroadcastTransaction["transaction"]) })) ?? "";
  [explorer, emptyExplorer, etherscan, sourcify, routescan] = await Promise.all([
    startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false }),
    startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false }),
    startEtherscanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: [etherscanKey] }),
    startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 }),
    startRoutescanEmulator({
      rpcUrl: chain.rpcUrl,
      chainIds: [31337],
      apiKeys: [routescanKey],
      testnets: [31337],
    }),
  ]);
  // Sourcify as it answers for a partial match: the stand-in's own answer, its matches turned into `match`.
  partialSourcify = createServer((request, response) => {
    void (async () => {
      const answer = await fetch(`${sourcify.apiUrl}${request.url ?? "/"}`);
      const body = (await answer.json()) as Record<string, unknown>;
      if (answer.ok) Object.assign(body, { match: "match", runtimeMatch: "match", creationMatch: "match" });
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    })();
  });
  await new Promise<void>((resolve) => partialSourcify.listen(0, "127.0.0.1", resolve));
  partialSourcifyUrl = `http://127.0.0.1:${(partialSourcify.address() as AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  partialSourcify?.closeAllConnections();
  await new Promise((resolve) => (partialSourcify ? partialSourcify.close(resolve) : resolve(undefined)));
  await Promise.all([
    etherscan?.close(),
    sourcify?.close(),
    routescan?.close(),
    explorer?.close(),
    emptyExplorer?.close(),
  ]);
  await chain?.stop();
  await Promise.all([removeCliProject(project), removeCliProject(elsewhere)]);
});

const services = () => ({
  ETHERSCAN_API_KEY: etherscanKey,
  ROUTESCAN_API_KEY: routescanKey,
  EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscan.apiUrl,
  EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl,
  EXPLORER_VERIFY_ROUTESCAN_API_URL: routescan.apiUrl,
});

function copy(args: string[], env: Record<string, string> = {}) {
  return explorerVerify(elsewhere, ["copy", ...args, "--chain-id", "31337", "--json"], {
    ...services(),
    ...env,
  });
}

const recordsOf = (stdout: string) => (JSON.parse(stdout) as { results: VerificationResult[] }).results;
const submissions = () => ({
  etherscan: etherscan.requestsFor("verifysourcecode").length,
  sourcify: sourcify.submissions().length,
  routescan: routescan.requestsFor("verifysourcecode").length,
});

const standInRequests = () =>
  sourcify.requests.length + etherscan.requests.length + routescan.requests.length;

describe("explorer-verify copy", () => {
  it("copies the contracts verified on the local explorer only to Etherscan, Sourcify and Routescan; a rerun sends nothing", async () => {
    const verified = await explorerVerify(project, [
      "verify",
      "--deployment",
      runLatest,
      "--explorer-url",
      explorer.url,
      "--json",
    ]);
    expect({ code: verified.code, stderr: verified.stderr }).toMatchObject({ code: 0 });
    expect(submissions()).toEqual({ etherscan: 0, sourcify: 0, routescan: 0 });

    const addresses = created();
    expect(addresses).toHaveLength(5);
    const args = [...addresses, "--from", "blockscout", "--to", "etherscan,sourcify,routescan"];
    const ledger = ["--ledger", "ledger.json", "--explorer-url", explorer.url];
    const first = await copy([...args, ...ledger]);
    expect({ code: first.code, stderr: first.stderr }).toMatchObject({ code: 0 });
    const records = recordsOf(first.stdout);
    expect(records).toHaveLength(3 * addresses.length);
    for (const target of ["etherscan", "sourcify", "routescan"]) {
      const own = records.filter((r) => r.target === target);
      expect(own.map((r) => [r.address.toLowerCase(), r.status])).toEqual(
        expect.arrayContaining(addresses.map((a) => [a.toLowerCase(), "verified"])),
      );
      for (const record of own) expect(record.copiedFrom).toEqual({ service: "blockscout", match: "exact" });
    }
    expect(first.stderr).toContain(
      `Reading 5 contracts from Blockscout at ${explorer.url} (from --explorer-url; chain 31337 from --chain-id)`,
    );
    const sent = submissions();
    expect(sent.etherscan).toBeGreaterThanOrEqual(5);
    expect(sent.sourcify).toBeGreaterThanOrEqual(5);
    expect(sent.routescan).toBeGreaterThanOrEqual(5);

    // What the stand-ins now hold is what the local explorer held: Etherscan's answer names the same contract.
    const tokenAddress = addressOf("Token");
    const held = etherscan
      .requestsFor("verifysourcecode")
      .find((r) => String(r.body.contractaddress).toLowerCase() === tokenAddress.toLowerCase());
    expect(held?.body.contractname).toMatch(/Token\.sol:Token$/);
    expect(String(held?.body.constructorArguements ?? held?.body.constructorArguments)).toMatch(
      /^[0-9a-f]+$/,
    );

    // Everything is verified everywhere: a rerun, with the ledger or without it, sends no submission.
    const again = await copy([...args, ...ledger]);
    expect({ code: again.code, stderr: again.stderr }).toMatchObject({ code: 0 });
    expect(recordsOf(again.stdout).map((r) => r.status)).toEqual(Array(15).fill("already-verified"));
    const unledgered = await copy([...args, "--no-ledger", "--explorer-url", explorer.url]);
    expect({ code: unledgered.code, stderr: unledgered.stderr }).toMatchObject({ code: 0 });
    expect(recordsOf(unledgered.stdout).map((r) => r.status)).toEqual(Array(15).fill("already-verified"));
    expect(submissions()).toEqual(sent);
  }, 600_000);

  it("does not copy a bytecode twin as if it were verified, and sends nothing for it", async () => {
    const before = submissions();
    const run = await copy([
      twin,
      "--from",
      "blockscout",
      "--to",
      "etherscan,sourcify",
      "--explorer-url",
      explorer.url,
    ]);
    expect(run.code).toBe(1);
    const records = recordsOf(run.stdout);
    expect(records.map((r) => [r.target, r.status, r.error?.code])).toEqual([
      ["etherscan", "failed", "not_verified"],
      ["sourcify", "failed", "not_verified"],
    ]);
    expect(records[0]?.error?.details).toBe("bytecode-twin");
    expect(records[0]?.message).toMatch(/^Not copied: /);
    expect(submissions()).toEqual(before);
  }, 120_000);

  it("copies from Sourcify, Etherscan and Routescan to an explorer that holds nothing", async () => {
    const counter = addressOf("MathLib");
    const token = addressOf("Token");
    const fromSourcify = await copy([
      counter,
      "--from",
      "sourcify",
      "--to",
      "blockscout",
      "--explorer-url",
      emptyExplorer.url,
    ]);
    expect({ code: fromSourcify.code, stderr: fromSourcify.stderr }).toMatchObject({ code: 0 });
    expect(recordsOf(fromSourcify.stdout).map((r) => [r.target, r.status, r.copiedFrom])).toEqual([
      ["blockscout", "verified", { service: "sourcify", match: "exact" }],
    ]);
    const fromEtherscan = await copy([
      token,
      "--from",
      "etherscan",
      "--to",
      "blockscout",
      "--explorer-url",
      emptyExplorer.url,
    ]);
    expect({ code: fromEtherscan.code, stderr: fromEtherscan.stderr }).toMatchObject({ code: 0 });
    expect(recordsOf(fromEtherscan.stdout).map((r) => [r.target, r.status, r.copiedFrom])).toEqual([
      ["blockscout", "verified", { service: "etherscan", match: "exact" }],
    ]);
    const create2Counter = addressOf("Counter", "CREATE2");
    const fromRoutescan = await copy([
      create2Counter,
      "--from",
      "routescan",
      "--to",
      "blockscout",
      "--explorer-url",
      emptyExplorer.url,
    ]);
    expect({ code: fromRoutescan.code, stderr: fromRoutescan.stderr }).toMatchObject({ code: 0 });
    expect(recordsOf(fromRoutescan.stdout).map((r) => [r.target, r.status, r.copiedFrom])).toEqual([
      ["blockscout", "verified", { service: "routescan", match: "exact" }],
    ]);
    // A copy keeps the default ledger, as verify does, unless told --no-ledger.
    const kept = await readFile(join(elsewhere.dir, ".explorer-verify", "ledger.json"), "utf8");
    for (const address of [counter, token, create2Counter])
      expect(kept.toLowerCase()).toContain(address.toLowerCase());
  }, 300_000);

  it("copies a partial match as such, and the record says so", async () => {
    const counter = addressOf("Counter");
    const run = await copy(
      [counter, "--from", "sourcify", "--to", "blockscout", "--explorer-url", emptyExplorer.url],
      { EXPLORER_VERIFY_SOURCIFY_API_URL: partialSourcifyUrl },
    );
    expect({ code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    const [record] = recordsOf(run.stdout);
    expect(record?.status).toBe("verified");
    expect(record?.copiedFrom).toEqual({ service: "sourcify", match: "partial" });
    expect(record?.message).toBe(
      "Copied from Sourcify, where it is only a partial match (the code matches, its metadata does not).",
    );
  }, 300_000);

  it.each([
    [
      "a copy to the service it reads from",
      ["--from", "blockscout", "--to", "blockscout"],
      {},
      "explorer-verify: --to names blockscout, which --from reads from: a copy goes to the other services.",
    ],
    [
      "a copy without --from",
      ["--to", "sourcify"],
      {},
      "explorer-verify: --from names the service to read from: one of blockscout, etherscan, sourcify, routescan.",
    ],
    [
      "a --to that names no service",
      ["--from", "blockscout", "--to", "sourcify,etherscn"],
      {},
      'explorer-verify: --to: "etherscn" is not one of blockscout, etherscan, sourcify, routescan.',
    ],
  ])(
    "refuses %s, before any request",
    async (_case, args, env, message) => {
      const before = standInRequests();
      const run = await copy([created()[0] ?? "", ...args, "--explorer-url", explorer.url], env);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 2, stderr: `${message}\n` });
      expect(standInRequests()).toBe(before);
    },
    60_000,
  );

  it("refuses a malformed address before any request", async () => {
    const before = standInRequests();
    const run = await copy([
      "0x1234",
      "--from",
      "blockscout",
      "--to",
      "sourcify",
      "--explorer-url",
      explorer.url,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"0x1234"');
    expect(standInRequests()).toBe(before);
  }, 60_000);
});
