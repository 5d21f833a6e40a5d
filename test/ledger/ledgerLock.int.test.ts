import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import { testAddress } from "../support/addresses.js";
import { fastEngineOnRealTime, standardJsonJob } from "../support/jobs.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

const { explorer } = await useTestExplorer();

// A process that stays alive for the whole file: the holder of a lock that looks live.
const liveHolder: ChildProcess = spawn(process.execPath, ["-e", "setTimeout(() => {}, 600_000)"], {
  stdio: "ignore",
});
afterAll(() => {
  liveHolder.kill("SIGKILL");
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid as number;
}

/** A ledger folder holding a lock file that names `pid`, written `offsetMs` from now. */
function lockedLedger(pid: number, offsetMs: number): { path: string; lock: string } {
  const path = join(mkdtempSync(join(tmpdir(), "ledger-lock-")), ".explorer-verify", "ledger.json");
  const lock = `${path}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(lock, `${pid}\n`);
  const at = new Date(Date.now() + offsetMs);
  utimesSync(lock, at, at);
  return { path, lock };
}

async function runOne(path: string, address: string, events: VerificationEvent[] = []) {
  explorer.backend.addContract(address);
  return verifyBatch([standardJsonJob(address)], {
    verifier: blockscoutVerifierAt(explorer.url, {
      retryDelayMs: 5,
      rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
    }),
    ledger: path,
    ...fastEngineOnRealTime,
    onEvent: (event) => events.push(event),
  });
}

const noticesOf = (events: VerificationEvent[]): string[] =>
  events.flatMap((event) => (event.type === "notice" ? [event.message] : []));

const hourMs = 3_600_000;

describe("the ledger's lock file", () => {
  it("of a live process, dated an hour ahead of the clock, is taken over with a warning", async () => {
    const pid = liveHolder.pid as number;
    const { path, lock } = lockedLedger(pid, hourMs);
    const events: VerificationEvent[] = [];
    const results = await runOne(path, testAddress(0x6100), events);
    expect(results.map((r) => r.status)).toEqual(["verified"]);
    expect(noticesOf(events)).toEqual([
      `the ledger's lock file ${lock} (process ${pid}) was written 3600 s ahead of this machine's clock, further from now than the run's deadline (300 s): no run holds the lock that long; taken over.`,
    ]);
    expect(existsSync(lock)).toBe(false);
    expect(readFileSync(path, "utf8")).toContain('"status": "verified"');
  }, 15_000);

  it("of a live process, written an hour ago, is taken over with a warning", async () => {
    const pid = liveHolder.pid as number;
    const { path, lock } = lockedLedger(pid, -hourMs);
    const events: VerificationEvent[] = [];
    const results = await runOne(path, testAddress(0x6200), events);
    expect(results.map((r) => r.status)).toEqual(["verified"]);
    expect(noticesOf(events)).toEqual([
      `the ledger's lock file ${lock} (process ${pid}) was written 3600 s ago, further from now than the run's deadline (300 s): no run holds the lock that long; taken over.`,
    ]);
    expect(existsSync(lock)).toBe(false);
  }, 15_000);

  it("of a process that no longer runs is taken over at once, with a warning", async () => {
    const pid = await deadPid();
    const { path, lock } = lockedLedger(pid, 0);
    const events: VerificationEvent[] = [];
    const results = await runOne(path, testAddress(0x6300), events);
    expect(results.map((r) => r.status)).toEqual(["verified"]);
    expect(noticesOf(events)).toEqual([
      `the ledger's lock file ${lock} was left by process ${pid}, which no longer runs; taken over.`,
    ]);
    expect(existsSync(lock)).toBe(false);
  }, 15_000);

  it("that names no process (its writer was killed between creating it and writing its pid) is taken over", async () => {
    const { path, lock } = lockedLedger(0, -2_000);
    writeFileSync(lock, "");
    const past = new Date(Date.now() - 2_000);
    utimesSync(lock, past, past);
    const events: VerificationEvent[] = [];
    const results = await runOne(path, testAddress(0x6400), events);
    expect(results.map((r) => r.status)).toEqual(["verified"]);
    expect(noticesOf(events)).toEqual([
      `the ledger's lock file ${lock} names no process: it was left by a run stopped as it took the lock; taken over.`,
    ]);
    expect(existsSync(lock)).toBe(false);
  }, 15_000);

  it("that cannot be taken (a live process holds it) fails the run before anything is sent, in one line", async () => {
    const pid = liveHolder.pid as number;
    const { path, lock } = lockedLedger(pid, 0);
    const events: VerificationEvent[] = [];
    const failure = await runOne(path, testAddress(0x6400), events).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      name: "LedgerLockedError",
      code: "ledger_locked",
      message: `The ledger ${path} is locked by another run (process ${pid}, lock file ${lock}): wait for that run to end, or delete the lock file if no run is going on.`,
    });
    expect(explorer.requests).toEqual([]);
    expect(events).toEqual([]);
    expect(readFileSync(lock, "utf8")).toBe(`${pid}\n`);
  }, 15_000);

  it("whose folder is a regular file fails the run in one line, before anything is sent", async () => {
    const folder = join(mkdtempSync(join(tmpdir(), "ledger-lock-")), "not-a-folder");
    writeFileSync(folder, "x");
    const path = join(folder, "ledger.json");
    const failure = await runOne(path, testAddress(0x6401)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      code: "invalid_input",
      message: expect.stringMatching(
        new RegExp(`^The ledger's lock file ${path}\\.lock cannot be created: E[A-Z]+: [^\\n]+\\.$`),
      ),
    });
    expect(explorer.requests).toEqual([]);
  }, 15_000);

  it("taken by a live process mid-run and kept: the jobs still to submit fail without sending, the others keep their result", async () => {
    const pid = liveHolder.pid as number;
    const path = join(mkdtempSync(join(tmpdir(), "ledger-lock-")), ".explorer-verify", "ledger.json");
    const lock = `${path}.lock`;
    const [first, second] = [testAddress(0x6500), testAddress(0x6501)];
    for (const address of [first, second]) explorer.backend.addContract(address);
    explorer.onRequest = (request) => {
      const action = request.query.action ?? request.body.action;
      if (action === "verifysourcecode" && !existsSync(lock)) writeFileSync(lock, `${pid}\n`);
    };
    const events: VerificationEvent[] = [];
    const results = await verifyBatch([standardJsonJob(first), standardJsonJob(second)], {
      verifier: blockscoutVerifierAt(explorer.url, {
        retryDelayMs: 5,
        rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
      }),
      ledger: path,
      concurrency: 1,
      ...fastEngineOnRealTime,
      onEvent: (event) => events.push(event),
    });
    const locked = `The ledger ${path} is locked by another run (process ${pid}, lock file ${lock}): wait for that run to end, or delete the lock file if no run is going on.`;
    expect(results.map((r) => [r.address, r.status, r.attempts, r.error, r.message])).toEqual([
      [first, "verified", 1, undefined, undefined],
      [second, "failed", 0, { code: "ledger_locked" }, locked],
    ]);
    expect(explorer.requestsFor("verifysourcecode").map((r) => r.body.contractaddress)).toEqual([first]);
    expect(noticesOf(events)).toEqual([
      `the ledger could not record the guid ${results[0]?.guid}: ${locked}`,
      `the ledger could not record the verified state: ${locked}`,
    ]);
  }, 20_000);
});
