import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { verifySourceCode } from "../../src/client/contract/verifySourceCode.js";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { inputHash } from "../../src/ledger/inputHash.js";
import { Ledger } from "../../src/ledger/ledger.js";
import { type LedgerEntry, writeLedgerFile } from "../../src/ledger/ledgerFile.js";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";
import { compilerVersion, fastEngineOnRealTime, standardJsonJob } from "../support/jobs.js";
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
  return join(mkdtempSync(join(tmpdir(), "ledger-intent-")), ".explorer-verify", "ledger.json");
}

function entriesIn(path: string): LedgerEntry[] {
  return (JSON.parse(readFileSync(path, "utf8")) as { entries: LedgerEntry[] }).entries;
}

function contracts(first: number, count: number): string[] {
  const addresses = Array.from({ length: count }, (_, i) => testAddress(first + i));
  for (const address of addresses) explorer.backend.addContract(address);
  return addresses;
}

const isSubmission = (request: ReceivedRequest): boolean =>
  String(request.query.action ?? request.body.action ?? "").toLowerCase() === "verifysourcecode";

const submissionsOf = (address: string): number =>
  explorer.requestsFor("verifysourcecode").filter((r) => r.body.contractaddress === address).length;

// The contract-module actions the explorer received, in order (the smart-contract status probe aside).
const actions = (): string[] =>
  explorer.requests.flatMap((r) => {
    const action = r.query.action ?? r.body.action;
    return action === undefined ? [] : [String(action)];
  });

function noticesOf(events: VerificationEvent[]): string[] {
  return events.flatMap((event) => (event.type === "notice" ? [event.message] : []));
}

const run = (jobs: VerificationJob[], ledger: string, extra: Parameters<typeof verifyBatch>[1] = {}) =>
  verifyBatch(jobs, { verifier: client(), ledger, ...fastEngineOnRealTime, ...extra });

/** The ledger an earlier run left when it stopped with this job's submission in flight. */
function intentFor(path: string, job: VerificationJob, sentAt: Date): LedgerEntry {
  const entry: LedgerEntry = {
    explorer: explorer.url,
    address: job.address,
    contract: "contracts/Token.sol:Token",
    format: "standard-json",
    inputHash: inputHash(job),
    status: "submitting",
    url: `${explorer.url}/address/${job.address}#code`,
    firstSeenAt: sentAt.toISOString(),
    submittedAt: sentAt.toISOString(),
    updatedAt: sentAt.toISOString(),
  };
  writeLedgerFile(path, [entry]);
  return entry;
}

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

describe("the ledger records a submission before it is sent", () => {
  it("holds the intent (status submitting, input hash, time, no guid) when the explorer receives the request, and the guid after", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x5100, 1) as [string];
    const job = standardJsonJob(address);
    const seenByExplorer: Array<LedgerEntry | undefined> = [];
    explorer.onRequest = (request) => {
      if (!isSubmission(request)) return;
      seenByExplorer.push(existsSync(path) ? entriesIn(path).find((e) => e.address === address) : undefined);
    };
    const [result] = await run([job], path, { chainId: 31337 });
    expect(result).toMatchObject({ status: "verified", attempts: 1, guid: expect.any(String) });
    expect(seenByExplorer).toEqual([
      {
        explorer: explorer.url,
        address,
        chainId: 31337,
        contract: "contracts/Token.sol:Token",
        format: "standard-json",
        inputHash: inputHash(job),
        status: "submitting",
        url: `${explorer.url}/address/${address}#code`,
        firstSeenAt: expect.any(String),
        submittedAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    const [after] = entriesIn(path);
    expect(after).toMatchObject({
      status: "verified",
      guid: result?.guid,
      inputHash: inputHash(job),
      submittedAt: seenByExplorer[0]?.submittedAt,
    });
  });
});

describe("a rerun that finds a submission sent without an answer", () => {
  it("looks first: verified on the explorer, it is reported already verified and not sent again", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x5200, 1) as [string];
    explorer.backend.addContract(address, { verified: { contractName: "Token", compilerVersion } });
    const job = standardJsonJob(address);
    intentFor(path, job, new Date());
    const events: VerificationEvent[] = [];
    const [result] = await run([job], path, { onEvent: (event) => events.push(event) });
    expect(result).toEqual({
      address,
      contract: "contracts/Token.sol:Token",
      explorer: explorer.url,
      format: "standard-json",
      target: "blockscout",
      status: "already-verified",
      url: `${explorer.url}/address/${address}#code`,
      attempts: 0,
      durationMs: expect.any(Number),
      message:
        "An earlier run sent it and stopped before the explorer answered; the explorer shows it verified, so it was not sent again.",
    });
    expect(actions()).toEqual(["getsourcecode"]);
    expect(noticesOf(events)).toEqual([]);
    expect(entriesIn(path)).toEqual([
      expect.objectContaining({ address, status: "verified", inputHash: inputHash(job) }),
    ]);
  });

  it("watches the contract while the explorer verifies the earlier submission, and never sends it again", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x5300, 1) as [string];
    explorer.backend.script(address, { result: "pass", pendingMs: 4_000 });
    const job = standardJsonJob(address);
    // The earlier run's request reached the explorer; the run died before reading the answer.
    intentFor(path, job, new Date());
    if (job.source.format !== "standard-json") throw new Error("a standard-JSON job");
    await verifySourceCode(client().transport, {
      codeFormat: "solidity-standard-json-input",
      address,
      contractName: job.source.contractName,
      compilerVersion,
      standardJsonInput: job.source.input,
    });
    const events: VerificationEvent[] = [];
    const [result] = await run([job], path, { onEvent: (event) => events.push(event) });
    expect(result).toMatchObject({
      status: "already-verified",
      attempts: 0,
      message:
        "An earlier run sent it and stopped before the explorer answered; the explorer shows it verified, so it was not sent again.",
    });
    expect(submissionsOf(address)).toBe(1);
    expect(explorer.requestsFor("getsourcecode").length).toBeGreaterThanOrEqual(2);
    expect(noticesOf(events)).toEqual([
      "an earlier run sent it and stopped before the explorer answered; watching for up to 60 s whether the explorer verifies it, before sending it again.",
    ]);
    expect(entriesIn(path)).toEqual([expect.objectContaining({ address, status: "verified" })]);
  });

  it("sends it again once 60 s have passed since it was sent and the explorer still shows it unverified", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x5400, 1) as [string];
    const job = standardJsonJob(address);
    const earlier = intentFor(path, job, new Date(Date.now() - 120_000));
    const events: VerificationEvent[] = [];
    const [result] = await run([job], path, { onEvent: (event) => events.push(event) });
    expect(result).toMatchObject({ status: "verified", attempts: 1, guid: expect.any(String) });
    // One look, then the submission: the engine's own pre-check is not asked again.
    expect(actions().slice(0, 2)).toEqual(["getsourcecode", "verifysourcecode"]);
    expect(explorer.requestsFor("getsourcecode")).toHaveLength(1);
    expect(submissionsOf(address)).toBe(1);
    expect(noticesOf(events)).toEqual([]);
    const [after] = entriesIn(path);
    expect(after).toMatchObject({ status: "verified", guid: result?.guid });
    expect(after?.submittedAt).not.toBe(earlier.submittedAt);
  });

  it("stops watching at the job's deadline: a timeout, nothing sent, and the intent kept for the next run", async () => {
    const path = ledgerPath();
    const [address] = contracts(0x5500, 1) as [string];
    const job = standardJsonJob(address, { timeoutMs: 1_500 });
    const earlier = intentFor(path, job, new Date());
    const [result] = await run([job], path);
    expect(result).toEqual({
      address,
      contract: "contracts/Token.sol:Token",
      explorer: explorer.url,
      format: "standard-json",
      target: "blockscout",
      status: "timeout",
      url: `${explorer.url}/address/${address}#code`,
      attempts: 0,
      durationMs: expect.any(Number),
      message:
        "An earlier run sent it and stopped before the explorer answered; the explorer did not show it verified before the deadline, so it was not sent again (the next run looks again).",
      error: { code: "timeout" },
    });
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(0);
    expect(entriesIn(path)).toEqual([earlier]);
  });
});

describe("a run killed with SIGKILL mid-batch", () => {
  it("after its 8th submission of 12, with the explorer pending 8 s: the rerun submits no contract twice", async () => {
    const path = ledgerPath();
    const addresses = contracts(0x5600, 12);
    for (const address of addresses) explorer.backend.script(address, { result: "pass", pendingMs: 8_000 });
    const { child, exited } = startChild(["verify", explorer.url, path, "4", ...addresses]);
    let submissions = 0;
    let inFlight: string | undefined;
    explorer.onRequest = (request) => {
      if (!isSubmission(request) || ++submissions !== 8) return;
      // Before the explorer answers: the killed run never reads the answer to this one.
      inFlight = String(request.body.contractaddress);
      child.kill("SIGKILL");
    };
    expect(await exited).toBeNull();
    explorer.onRequest = undefined;
    const leftForInFlight = entriesIn(path).find((e) => e.address === inFlight);

    const results = await run(
      addresses.map((address) => standardJsonJob(address)),
      path,
      { concurrency: 8 },
    );
    expect(addresses.filter((address) => submissionsOf(address) > 1)).toEqual([]);
    expect(leftForInFlight).toMatchObject({ status: "submitting" });
    expect(leftForInFlight?.guid).toBeUndefined();
    expect(addresses.filter((address) => submissionsOf(address) === 0)).toEqual([]);
    expect(results.filter((r) => r.status !== "verified" && r.status !== "already-verified")).toEqual([]);
    expect(new Ledger(path).entries().map((e) => [e.address, e.status])).toEqual(
      addresses.map((address) => [address, "verified"]),
    );
  }, 60_000);
});
