import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { inputHash } from "../../src/ledger/inputHash.js";
import { Ledger } from "../../src/ledger/ledger.js";
import { type LedgerEntry, writeLedgerFile } from "../../src/ledger/ledgerFile.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import { SourcifyVerifier } from "../../src/verifiers/sourcifyVerifier.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";
import { fastEngineOnRealTime, standardJsonJob } from "../support/jobs.js";
import { startScriptedServer } from "../support/scriptedServer.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

const { explorer } = await useTestExplorer();

function client(): BlockscoutVerifier {
  return blockscoutVerifierAt(explorer.url, {
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
  });
}

function ledgerPath(): string {
  return join(mkdtempSync(join(tmpdir(), "ledger-")), ".explorer-verify", "ledger.json");
}

function entriesIn(path: string): LedgerEntry[] {
  return (JSON.parse(readFileSync(path, "utf8")) as { entries: LedgerEntry[] }).entries;
}

function contracts(first: number, count: number): string[] {
  const addresses = Array.from({ length: count }, (_, i) => testAddress(first + i));
  for (const address of addresses) explorer.backend.addContract(address);
  return addresses;
}

const run = (jobs: VerificationJob[], ledger: string, extra: Parameters<typeof verifyBatch>[1] = {}) =>
  verifyBatch(jobs, { verifier: client(), ledger, ...fastEngineOnRealTime, ...extra });

const childScript = join(import.meta.dirname, "..", "support", "ledgerChild.ts");

function startChild(args: string[]): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", childScript, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      if (code !== 0 && code !== null) process.stderr.write(stderr);
      resolve(code);
    }),
  );
  return { child, exited };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 3_000; tries++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

// Sourcify on chain 31337 at a scripted server.
function sourcifyAt(url: string): SourcifyVerifier {
  return new SourcifyVerifier(
    {
      service: "sourcify",
      chainId: 31337,
      required: true,
      apiUrl: url,
      siteUrl: "https://repo.sourcify.dev",
      shownUrl: url,
      reason: "a scripted server",
    },
    { requestsPerSecond: Number.POSITIVE_INFINITY, retryDelayMs: 5 },
  );
}

describe("verifyBatch with a ledger", () => {
  it("records every contract, and a rerun reports them already verified with no request at all", async () => {
    const path = ledgerPath();
    const addresses = contracts(0x4100, 3);
    const jobs = addresses.map((address) => standardJsonJob(address));
    const first = await run(jobs, path, { chainId: 31337 });
    expect(first.map((r) => r.status)).toEqual(["verified", "verified", "verified"]);

    const entries = entriesIn(path);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual({
      explorer: explorer.url,
      address: addresses[0],
      chainId: 31337,
      contract: "contracts/Token.sol:Token",
      format: "standard-json",
      inputHash: inputHash(jobs[0] as VerificationJob),
      status: "verified",
      guid: first[0]?.guid,
      url: `${explorer.url}/address/${addresses[0]}#code`,
      firstSeenAt: expect.any(String),
      submittedAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    explorer.requests.length = 0;
    const rerun = await run(jobs, path, { chainId: 31337 });
    expect(explorer.requests).toHaveLength(0);
    expect(rerun).toEqual(
      addresses.map((address, index) => ({
        address,
        contract: "contracts/Token.sol:Token",
        explorer: explorer.url,
        format: "standard-json",
        status: "already-verified",
        guid: first[index]?.guid,
        url: `${explorer.url}/address/${address}#code`,
        attempts: 0,
        durationMs: 0,
        chainId: 31337,
        target: "blockscout",
        message:
          "The ledger records it verified with this input; the explorer was not asked (recheck asks it).",
      })),
    );
  });

  it("asks the explorer again with recheck, without submitting", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x4200, 1) as [string];
    await run([standardJsonJob(address)], path);
    explorer.requests.length = 0;
    const [rechecked] = await run([standardJsonJob(address)], path, { recheck: true });
    expect(rechecked).toMatchObject({ status: "already-verified", attempts: 0 });
    expect(explorer.requests.length).toBeGreaterThan(0);
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(0);
  });

  it("with force, submits again a contract the ledger records verified", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x4250, 1) as [string];
    await run([standardJsonJob(address)], path);
    explorer.requests.length = 0;
    const [forced] = await run([standardJsonJob(address)], path, { force: true });
    expect(forced).toMatchObject({ status: "already-verified", attempts: 1 });
    expect(explorer.requestsFor("verifysourcecode").map((r) => r.body.contractaddress)).toEqual([address]);
    expect(entriesIn(path)[0]).toMatchObject({ status: "verified" });
  });

  it("polls a pending guid from the ledger and never submits that contract again", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x4300, 1) as [string];
    explorer.backend.script(address, { result: "pass", pendingPolls: 3 });
    const [submitted] = await run([standardJsonJob(address, { wait: false })], path);
    expect(submitted).toMatchObject({ status: "pending", guid: expect.any(String) });
    expect(entriesIn(path)[0]).toMatchObject({ status: "pending", guid: submitted?.guid });

    explorer.requests.length = 0;
    const [resumed] = await run([standardJsonJob(address)], path);
    expect(resumed).toMatchObject({ status: "verified", guid: submitted?.guid, attempts: 0 });
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(0);
    expect(explorer.requestsFor("checkverifystatus").map((r) => r.query.guid)).toEqual(
      Array(4).fill(submitted?.guid),
    );
    expect(entriesIn(path)[0]).toMatchObject({ status: "verified", guid: submitted?.guid });
  });

  it("gives a resumed guid's timeout and failed poll their error codes, as a fresh record has", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x4350, 1) as [string];
    explorer.backend.script(address, { result: "pass", pendingPolls: 100_000 });
    const [submitted] = await run([standardJsonJob(address, { wait: false })], path);
    const guid = submitted?.guid as string;
    const resumed = {
      address,
      contract: "contracts/Token.sol:Token",
      explorer: explorer.url,
      format: "standard-json",
      guid,
      url: `${explorer.url}/address/${address}#code`,
      attempts: 0,
      durationMs: expect.any(Number),
      target: "blockscout",
    };
    const [timedOut] = await run([standardJsonJob(address, { timeoutMs: 200 })], path);
    expect(timedOut).toEqual({
      ...resumed,
      status: "timeout",
      message: `The explorer had not decided when the deadline came; look later with the guid ${guid}.`,
      error: { code: "timeout" },
    });
    // The explorer is down: its gateway answers a page.
    explorer.faults.next(...Array(20).fill({ kind: "html", status: 502 }));
    const [failed] = await run([standardJsonJob(address, { wait: false })], path);
    explorer.faults.reset();
    expect(failed).toEqual({
      ...resumed,
      status: "failed",
      message: `Polling the guid ${guid} of an earlier run failed: The explorer answered an HTML page (HTTP 502) instead of JSON.`,
      error: {
        code: "invalid_response",
        details: "A proxy or gateway page usually means the explorer is down or the URL is not its API.",
      },
    });
    expect(entriesIn(path)[0]).toMatchObject({ status: "timeout", guid });
  });

  it("keeps Sourcify's match on a record resumed from a guid", async () => {
    const address = testAddress(0x4360);
    const guid = "0b7e5c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b";
    const asked: string[] = [];
    const sourcify = await startScriptedServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      const contract = { match: "exact_match", runtimeMatch: "exact_match", creationMatch: "match" };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ isJobCompleted: true, contract: { ...contract, chainId: "31337", address } }),
      );
    });
    try {
      const verifier = sourcifyAt(sourcify.url);
      const createdBy = { factory: testAddress(0x4361), transaction: `0x${"ab".repeat(32)}` };
      const job = standardJsonJob(address, { createdBy });
      const path = ledgerPath();
      mkdirSync(dirname(path), { recursive: true });
      writeLedgerFile(path, [
        {
          explorer: "sourcify/chain-31337",
          address,
          contract: "contracts/Token.sol:Token",
          format: "standard-json",
          inputHash: inputHash(job),
          status: "pending",
          guid,
          firstSeenAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        },
      ]);
      const [resumed] = await verifyBatch([job], { verifier, ledger: path, ...fastEngineOnRealTime });
      expect(asked).toEqual([`GET /v2/verify/${guid}`]);
      expect(resumed).toMatchObject({
        status: "verified",
        guid,
        attempts: 0,
        match: "exact_match",
        matches: { runtime: "exact_match", creation: "match" },
        createdBy,
      });
      expect(entriesIn(path)[0]).toMatchObject({ status: "verified", guid });
    } finally {
      await sourcify.close();
    }
  });

  it("sends again a contract whose earlier Sourcify job found no contract, and keeps the new guid", async () => {
    const address = testAddress(0x4362);
    const [dead, fresh] = ["1b7e5c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b", "2b7e5c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b"];
    const asked: string[] = [];
    const sourcify = await startScriptedServer((request, response) => {
      asked.push(`${request.method} ${request.url?.replace(/\?.*/, "")}`);
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.url === `/v2/verify/${dead}`) {
        const message = `Chain #31337 does not have a contract deployed at ${address}.`;
        return answer(200, { isJobCompleted: true, error: { customCode: "contract_not_deployed", message } });
      }
      if (request.method === "POST") return answer(202, { verificationId: fresh });
      if (request.url === `/v2/verify/${fresh}`) {
        const contract = { match: "exact_match", runtimeMatch: "exact_match", creationMatch: "exact_match" };
        return answer(200, { isJobCompleted: true, contract: { ...contract, chainId: "31337", address } });
      }
      // Not verified: Sourcify's 404 with null matches.
      return answer(404, { match: null, runtimeMatch: null, creationMatch: null, chainId: "31337", address });
    });
    try {
      const verifier = sourcifyAt(sourcify.url);
      const job = standardJsonJob(address);
      const path = ledgerPath();
      mkdirSync(dirname(path), { recursive: true });
      const at = new Date().toISOString();
      writeLedgerFile(path, [
        {
          explorer: "sourcify/chain-31337",
          address,
          contract: "contracts/Token.sol:Token",
          format: "standard-json",
          inputHash: inputHash(job),
          status: "pending",
          guid: dead,
          firstSeenAt: at,
          updatedAt: at,
        },
      ]);
      const [result] = await verifyBatch([job], { verifier, ledger: path, ...fastEngineOnRealTime });
      expect(asked.slice(0, 1)).toEqual([`GET /v2/verify/${dead}`]);
      expect(asked).toContain(`POST /v2/verify/31337/${address}`);
      expect(result).toMatchObject({ status: "verified", guid: fresh, attempts: 1 });
      expect(entriesIn(path)[0]).toMatchObject({ status: "verified", guid: fresh });
    } finally {
      await sourcify.close();
    }
  });

  it("submits again a contract whose input changed, and only that one", async () => {
    const path = ledgerPath();
    const addresses = contracts(0x4400, 3);
    await run(
      addresses.map((address) => standardJsonJob(address)),
      path,
    );
    // The chain was started again and the second contract deployed anew from a changed build.
    explorer.reset();
    explorer.backend
      .addContract(addresses[0] as string, { verified: { contractName: "Token" } })
      .addContract(addresses[1] as string)
      .addContract(addresses[2] as string, { verified: { contractName: "Token" } });
    const changed = standardJsonJob(addresses[1] as string);
    if (changed.source.format !== "standard-json") throw new Error("a standard-JSON job");
    changed.source.input.settings = { optimizer: { enabled: true, runs: 1_000 } };

    const rerun = await run(
      [standardJsonJob(addresses[0] as string), changed, standardJsonJob(addresses[2] as string)],
      path,
    );
    expect(rerun.map((r) => [r.status, r.attempts])).toEqual([
      ["already-verified", 0],
      ["verified", 1],
      ["already-verified", 0],
    ]);
    expect(explorer.requestsFor("verifysourcecode").map((r) => r.body.contractaddress)).toEqual([
      addresses[1],
    ]);
    const mentioning = (address: string) =>
      explorer.requests.filter((r) => JSON.stringify([r.query, r.body, r.path]).includes(address.slice(2)));
    expect([mentioning(addresses[0] as string), mentioning(addresses[2] as string)]).toEqual([[], []]);
    expect(entriesIn(path).find((e) => e.address === addresses[1])?.inputHash).toBe(inputHash(changed));
  });

  it("submits again a contract whose last submission failed", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x4500, 1) as [string];
    explorer.backend.script(address, { result: "fail" }, { result: "pass" });
    const [failed] = await run([standardJsonJob(address)], path);
    expect(failed?.status).toBe("failed");
    expect(entriesIn(path)[0]).toMatchObject({ status: "failed" });
    const [verified] = await run([standardJsonJob(address)], path);
    expect(verified).toMatchObject({ status: "verified", attempts: 1 });
    expect(entriesIn(path)[0]).toMatchObject({ status: "verified", guid: verified?.guid });
  });

  it("says which ledger file is broken, before anything is sent", async () => {
    const path = ledgerPath();
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{"version":1,"entries":[{"address":1}]}');
    await expect(run([standardJsonJob(testAddress(0x4600))], path)).rejects.toThrow(
      `The ledger ${path} is not a ledger file (entries.0.explorer: Invalid input: expected string, received undefined): fix it or delete it to start over.`,
    );
    writeFileSync(path, "{");
    await expect(run([standardJsonJob(testAddress(0x4600))], path)).rejects.toThrow(
      `The ledger ${path} is not JSON: fix it or delete it to start over.`,
    );
    expect(explorer.requests).toHaveLength(0);
  });

  it("loses nothing when two processes write the same ledger at once", async () => {
    const path = ledgerPath();
    const writers = [startChild(["write", path, "20480", "40"]), startChild(["write", path, "24576", "40"])];
    expect(await Promise.all(writers.map((w) => w.exited))).toEqual([0, 0]);
    const entries = entriesIn(path);
    expect(entries).toHaveLength(80);
    expect(new Set(entries.map((e) => e.guid)).size).toBe(80);
    expect(new Ledger(path).entries()).toHaveLength(80);
  });

  it("resumes a run killed with SIGKILL mid-batch: no guid in the ledger is submitted twice, and everything ends verified", async () => {
    const path = ledgerPath();
    const addresses = contracts(0x4700, 8);
    for (const address of addresses) explorer.backend.script(address, { result: "pass", pendingMs: 3_000 });
    const { child, exited } = startChild(["verify", explorer.url, path, "3", ...addresses]);
    const pendingInLedger = (): LedgerEntry[] => {
      try {
        return entriesIn(path).filter((e) => e.status === "pending" && e.guid);
      } catch {
        return [];
      }
    };
    await until(() => pendingInLedger().length >= 3, "three guids recorded");
    child.kill("SIGKILL");
    expect(await exited).toBeNull();

    const recorded = entriesIn(path).filter((e) => e.guid);
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    const results = await run(
      addresses.map((address) => standardJsonJob(address)),
      path,
      { concurrency: 8 },
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("verified"));
    for (const entry of recorded) {
      const submissions = explorer
        .requestsFor("verifysourcecode")
        .filter((r) => r.body.contractaddress === entry.address);
      expect([entry.address, submissions.length]).toEqual([entry.address, 1]);
      expect(results.find((r) => r.address === entry.address)).toMatchObject({
        guid: entry.guid,
        attempts: 0,
      });
    }
    expect(entriesIn(path).map((e) => e.status)).toEqual(Array(8).fill("verified"));
  });
});
