import { describe, expect, it } from "@jest/globals";
import { getAbi } from "../../src/client/contract/getAbi.js";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { restNotFound } from "../../src/local-explorer/responses.js";
import type { BlockscoutVerifier } from "../../src/verifiers/blockscoutVerifier.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { verifyContract } from "../../src/verify/verifyContract.js";
import { testAddress } from "../support/addresses.js";
import { afterFakeTime } from "../support/fakeTime.js";
import type { Fault } from "../support/faultInjector.js";
import { compilerVersion, fastEngine, flattenedJob, standardJsonJob } from "../support/jobs.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

const { explorer } = await useTestExplorer();
const client = clientFor(explorer);
const { explorer: withStatus } = await useTestExplorer({}, { smartContractStatus: true });
const statusClient = clientFor(withStatus);
const address = testAddress(0x1001);

function clientFor(target: TestExplorer): BlockscoutVerifier {
  return blockscoutVerifierAt(target.url, {
    retryDelayMs: 5,
    rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY, { clock: fastEngine.clock }),
    clock: fastEngine.clock,
  });
}

function run(job: VerificationJob, events?: VerificationEvent[]) {
  return verifyContract(client, job, {
    ...fastEngine,
    ...(events ? { onEvent: (e) => events.push(e) } : {}),
  });
}

const actions = () => explorer.requests.map((r) => String(r.query.action ?? r.path));

describe("verifyContract: formats", () => {
  it("standard JSON: pre-check, submit, pending ×3, pass (the explorer's verdict stands: no confirming read)", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 3 });
    const events: VerificationEvent[] = [];
    const result = await run(standardJsonJob(address), events);
    expect(result).toMatchObject({
      address,
      contract: "contracts/Token.sol:Token",
      explorer: explorer.url,
      format: "standard-json",
      status: "verified",
      url: `${explorer.url}/address/${address}#code`,
      attempts: 1,
    });
    expect(result.guid).toMatch(new RegExp(`^${address.slice(2)}[0-9a-f]+$`));
    expect(result.message).toBeUndefined();
    expect(result.error).toBeUndefined();
    expect(actions()).toEqual([
      // The first pre-check on an explorer also asks whether it has GET /api/v2/smart-contracts/{address}.
      // This one does not: from now on getsourcecode alone.
      `/api/v2/smart-contracts/${address}`,
      "getsourcecode",
      // Once per explorer, before its first submission: which compilers and EVM targets it builds.
      "/api/v2/smart-contracts/verification/config",
      "verifysourcecode",
      "checkverifystatus",
      "checkverifystatus",
      "checkverifystatus",
      "checkverifystatus",
    ]);
    expect(events.map((e) => e.type)).toEqual([
      "checking",
      "submitted",
      "pending",
      "pending",
      "pending",
      "finished",
    ]);
    const sent = explorer.requestsFor("verifysourcecode")[0];
    expect(sent?.body).toMatchObject({
      codeformat: "solidity-standard-json-input",
      contractname: "project/contracts/Token.sol:Token",
      compilerversion: compilerVersion,
    });
  });

  it("single file: completes a bare compiler version and sends optimizer settings", async () => {
    explorer.backend.addContract(address);
    const result = await run({
      address,
      source: {
        format: "single-file",
        sourceCode: "contract Box {}",
        compilerVersion: "0.8.24",
        contractName: "Box",
        optimizer: { enabled: true, runs: 999 },
        evmVersion: "paris",
      },
    });
    expect(result).toMatchObject({ status: "verified", format: "single-file", contract: "Box" });
    expect(explorer.requestsFor("verifysourcecode")[0]?.body).toMatchObject({
      codeformat: "solidity-single-file",
      compilerversion: "v0.8.24+commit.e11b9ed9",
      optimizationUsed: "1",
      runs: "999",
      evmversion: "paris",
    });
  });

  it("flattened: the synchronous contract object is the verdict, no polling", async () => {
    explorer.backend.addContract(address);
    const result = await run(flattenedJob(address, { constructorArguments: { hex: "0x2a" } }));
    expect(result).toMatchObject({ status: "verified", format: "flattened", attempts: 1 });
    expect(result.guid).toBeUndefined();
    expect(actions()).toEqual(["getsourcecode", "verify"]);
    expect(explorer.requestsFor("verify")[0]?.body).toMatchObject({
      constructorArguments: "2a",
      constructorArguements: "2a",
    });
  });

  it("flattened, where API writes are off: `verify` is an unknown action, and the file goes as a single file", async () => {
    explorer.backend.addContract(address);
    explorer.faults.applies = (r) => r.query.action === "verify";
    explorer.faults.next({
      kind: "status",
      status: 400,
      contentType: "application/json",
      body: '{"status":"0","message":"Unknown action","result":null}',
    });
    const result = await run(flattenedJob(address, { constructorArguments: { hex: "0x2a" } }));
    expect(result).toMatchObject({ status: "verified", format: "flattened", attempts: 1 });
    expect(actions().slice(0, 3)).toEqual(["getsourcecode", "verify", "verifysourcecode"]);
    expect(explorer.requestsFor("verifysourcecode")[0]?.body).toMatchObject({
      codeformat: "solidity-single-file",
      constructorArguments: "2a",
    });
  });

  it("vyper: submitted synchronously with the long version", async () => {
    explorer.backend.addContract(address);
    const result = await run({
      address,
      source: {
        format: "vyper",
        sourceCode: "# @version 0.3.10\n",
        compilerVersion: "v0.3.10+commit.91361694",
        contractName: "Vault",
      },
    });
    expect(result).toMatchObject({ status: "verified", format: "vyper" });
    expect(explorer.requestsFor("verify_vyper_contract")[0]?.body).toMatchObject({
      name: "Vault",
      compilerVersion: "v0.3.10+commit.91361694",
    });
  });

  it("registry: switches to verify_via_sourcify once per client and remembers it on the client", async () => {
    const second = testAddress(0x1002);
    explorer.backend.addContract(address).addContract(second);
    const registry = (at: string): VerificationJob => ({
      address: at,
      source: {
        format: "registry",
        metadata: '{"sources":{"contracts/Box.sol":{}}}',
        sources: [{ name: "contracts/Box.sol", content: "contract Box {}" }],
      },
    });
    await expect(run(registry(address))).resolves.toMatchObject({
      status: "verified",
      format: "registry",
      attempts: 1,
    });
    await expect(run(registry(second))).resolves.toMatchObject({ status: "verified" });
    expect(actions().filter((a) => a.startsWith("verify_via"))).toEqual([
      "verify_via_registry",
      "verify_via_sourcify",
      "verify_via_sourcify",
    ]);
    expect(explorer.requestsFor("verify_via_sourcify")[0]?.files.map((f) => f.filename)).toEqual([
      "metadata.json",
      "contracts/Box.sol",
    ]);
    expect(client.transport.capabilities.registryAction).toBe("verify_via_sourcify");

    // Nothing is shared through the process: a new client of the same explorer learns it for itself.
    const third = testAddress(0x1003);
    explorer.backend.addContract(third);
    await expect(verifyContract(clientFor(explorer), registry(third), fastEngine)).resolves.toMatchObject({
      status: "verified",
    });
    expect(actions().filter((a) => a.startsWith("verify_via"))).toEqual([
      "verify_via_registry",
      "verify_via_sourcify",
      "verify_via_sourcify",
      "verify_via_registry",
      "verify_via_sourcify",
    ]);
  });

  it("ABI-encodes constructor values, and recovers arguments from the explorer's creation data", async () => {
    const abi = [
      {
        type: "constructor",
        inputs: [
          { name: "supply", type: "uint256" },
          { name: "owner", type: "address" },
        ],
      },
    ];
    explorer.backend.addContract(address);
    await run(
      standardJsonJob(address, { constructorArguments: { values: [1000n, testAddress(0xbeef)], abi } }),
    );
    const encoded = `${(1000).toString(16).padStart(64, "0")}${"beef".padStart(64, "0")}`;
    expect(explorer.requestsFor("verifysourcecode")[0]?.body).toMatchObject({
      constructorArguments: encoded,
    });

    const other = testAddress(0x1003);
    explorer.backend.addContract(other, { creation: { creationBytecode: `0x6080604052${encoded}` } });
    const result = await run(
      standardJsonJob(other, { constructorArguments: { recoverFrom: { creationBytecode: "0x6080604052" } } }),
    );
    expect(result.status).toBe("verified");
    expect(explorer.requestsFor("verifysourcecode")[1]?.body).toMatchObject({
      constructorArguments: encoded,
    });
  });
});

describe("verifyContract: already verified is success", () => {
  it("at the pre-check: no submission at all", async () => {
    explorer.backend.addContract(address, { verified: { contractName: "Token" } });
    await expect(run(standardJsonJob(address))).resolves.toMatchObject({
      status: "already-verified",
      attempts: 0,
    });
    expect(actions()).toEqual(["getsourcecode"]);
  });

  it("at submit, in Blockscout's words (force skips the pre-check)", async () => {
    explorer.backend.addContract(address, { verified: { contractName: "Token" } });
    await expect(run(standardJsonJob(address, { force: true }))).resolves.toMatchObject({
      status: "already-verified",
      attempts: 1,
    });
    expect(actions()).toEqual(["verifysourcecode"]);
  });

  it("at submit, in Etherscan's words", async () => {
    explorer.backend.addContract(address);
    explorer.faults.applies = (r) => r.query.action === "verifysourcecode";
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"status":"0","message":"NOTOK","result":"Contract source code already verified"}',
    });
    await expect(run(standardJsonJob(address))).resolves.toMatchObject({ status: "already-verified" });
  });

  it("at poll time (`Already Verified`)", async () => {
    explorer.backend.addContract(address);
    explorer.faults.applies = (r) => r.query.action === "checkverifystatus";
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"status":"0","message":"NOTOK","result":"Already Verified"}',
    });
    await expect(run(standardJsonJob(address))).resolves.toMatchObject({
      status: "already-verified",
      attempts: 1,
    });
  });

  it("a rerun of a finished job makes no submission", async () => {
    explorer.backend.addContract(address);
    await expect(run(standardJsonJob(address))).resolves.toMatchObject({ status: "verified" });
    await expect(run(standardJsonJob(address))).resolves.toMatchObject({
      status: "already-verified",
      attempts: 0,
    });
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(1);
  });

  it("getsourcecode data of another contract (a bytecode twin's) is not taken for this one", async () => {
    const twin = testAddress(0x1004);
    explorer.backend
      .addContract(twin, { verified: { contractName: "OtherName" } })
      .addContract(address, { twinOf: twin });
    await expect(run(standardJsonJob(address))).resolves.toMatchObject({ status: "verified", attempts: 1 });
  });
});

describe("verifyContract: the smart-contract status endpoint decides where the explorer has it", () => {
  it("a bytecode twin (getabi answers with the twin's ABI) is not taken for verified", async () => {
    const twin = testAddress(0x1005);
    withStatus.backend.addContract(twin, {
      verified: { contractName: "Token", abi: [{ type: "fallback" }] },
    });
    withStatus.backend.addContract(address, { twinOf: twin });
    await expect(getAbi(statusClient.transport, { address })).resolves.toEqual([{ type: "fallback" }]);
    const result = await verifyContract(statusClient, standardJsonJob(address), fastEngine);
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(withStatus.requests.map((r) => String(r.query.action ?? r.path))).toEqual([
      "getabi",
      `/api/v2/smart-contracts/${address}`,
      "/api/v2/smart-contracts/verification/config",
      "verifysourcecode",
      "checkverifystatus",
    ]);
  });

  it("a fully verified contract is already verified; a partially verified one is submitted again", async () => {
    withStatus.backend.addContract(address, { verified: { contractName: "Token" } });
    await expect(verifyContract(statusClient, standardJsonJob(address), fastEngine)).resolves.toMatchObject({
      status: "already-verified",
      attempts: 0,
    });
    const partial = testAddress(0x1006);
    withStatus.backend.addContract(partial, { verified: { contractName: "Token", match: "partial" } });
    // Blockscout takes a new submission for a partially verified contract, and the full match replaces it.
    await expect(verifyContract(statusClient, standardJsonJob(partial), fastEngine)).resolves.toMatchObject({
      status: "verified",
      attempts: 1,
    });
    expect(withStatus.requestsFor("verifysourcecode")).toHaveLength(1);
  });
});

describe("verifyContract: an explorer whose every /api/v2 path answers 404 `Not found`", () => {
  it("does not take that 404 for `not a contract`: it reads getsourcecode and finds the contract verified", async () => {
    const everyPathNotFound = await startTestExplorer({ rest: async () => restNotFound() });
    try {
      everyPathNotFound.backend.addContract(address, { verified: { contractName: "Token" } });
      const result = await verifyContract(clientFor(everyPathNotFound), standardJsonJob(address), fastEngine);
      expect(result).toMatchObject({ status: "already-verified", attempts: 0 });
      expect(everyPathNotFound.requests.map((r) => String(r.query.action ?? r.path))).toEqual([
        `/api/v2/smart-contracts/${address}`,
        "getsourcecode",
      ]);
    } finally {
      await everyPathNotFound.close();
    }
  });
});

describe("verifyContract: waiting and retrying", () => {
  it("Unknown UID on the first two polls, then pass", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", unknownUidPolls: 2 });
    await expect(run(standardJsonJob(address))).resolves.toMatchObject({ status: "verified", attempts: 1 });
    expect(explorer.requestsFor("checkverifystatus")).toHaveLength(3);
  });

  it("Unknown UID for good: confirmed with the pre-check before calling it a failure", async () => {
    explorer.backend
      .addContract(address)
      .script(address, { result: "pass", unknownUidPolls: 100 }, { result: "pass", unknownUidPolls: 100 });
    const result = await run(standardJsonJob(address));
    expect(result.status).toBe("failed");
    expect(result.message).toContain(
      "The explorer lost track of the submission (Unknown UID) and the contract is not verified.",
    );
    expect(explorer.requestsFor("checkverifystatus")).toHaveLength(4);
  });

  it("`Address is not a smart-contract` on the first two submissions (not indexed yet), then pass", async () => {
    explorer.backend.addContract(address, { notIndexedTimes: 2 });
    const events: VerificationEvent[] = [];
    await expect(run(flattenedJob(address, { force: true }), events)).resolves.toMatchObject({
      status: "verified",
      attempts: 3,
    });
    expect(events.filter((e) => e.type === "waiting")).toHaveLength(2);
  });

  it("retries `not a contract` for the whole minute: the last wait is what is left of it", async () => {
    const events: VerificationEvent[] = [];
    const result = await verifyContract(client, flattenedJob(testAddress(0x1002), { force: true }), {
      ...fastEngine,
      notIndexedRetryMs: 2_000,
      notIndexedWindowMs: 60_000,
      onEvent: (e) => events.push(e),
    });
    expect(result).toMatchObject({ status: "failed", attempts: 6, error: { code: "not_a_contract" } });
    const waits = events.flatMap((e) => (e.type === "waiting" ? [e.delayMs] : []));
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 30_000]);
  });

  it("says a creation the explorer has not indexed yet in its words, keeping the explorer's text", async () => {
    explorer.backend.addContract(address);
    const text =
      "Something went wrong while publishing the contract: The contract creation transaction has not been indexed yet. Please wait a few minutes and try again.";
    explorer.faults.applies = (r) => r.body.action === "verify" || r.query.action === "verify";
    explorer.faults.next(
      ...Array(20).fill({
        kind: "status",
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ message: text, result: null, status: "0" }),
      }),
    );
    const result = await run(flattenedJob(address, { force: true, timeoutMs: 300 }));
    expect(result).toMatchObject({
      status: "failed",
      error: { code: "not_a_contract", details: `The explorer said: ${text}` },
    });
    expect(result.message).toBe(
      `The explorer has not indexed the creation transaction of ${address} yet. It still had not after ${result.attempts} attempt${result.attempts === 1 ? "" : "s"}; wait a few minutes and run again.`,
    );
  });

  it("a synchronous submission whose answer times out after it was sent, then found verified, is not sent again", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", answerDelayMs: 400 });
    // The 100 ms and the 400 ms are Jest's, moved on once the submission is at the explorer.
    const result = await afterFakeTime(
      400,
      () => explorer.requestsFor("verify").length === 1,
      () =>
        verifyContract(client, flattenedJob(address), { ...fastEngine, synchronousSubmissionTimeoutMs: 100 }),
    );
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(explorer.requestsFor("verify")).toHaveLength(1);
    // Found by looking, once the answer's own 100 ms were up: not by the answer.
    const actions = explorer.requests.map((r) => String(r.query.action ?? r.body.action ?? ""));
    expect(actions.slice(actions.indexOf("verify"))).toEqual(["verify", "getsourcecode"]);
  });

  it("the deadline gives `timeout` with the guid kept", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 10_000 });
    const result = await run(standardJsonJob(address, { timeoutMs: 150 }));
    expect(result.status).toBe("timeout");
    expect(result.error).toEqual({ code: "timeout" });
    expect(result.guid).toBeDefined();
    expect(result.message).toBe(
      `The explorer had not decided when the deadline came; look later with the guid ${result.guid}.`,
    );
  });

  it("does not wait when asked not to: pending with the guid", async () => {
    explorer.backend.addContract(address);
    const result = await run(standardJsonJob(address, { wait: false }));
    expect(result).toMatchObject({ status: "pending", attempts: 1 });
    expect(explorer.requestsFor("checkverifystatus")).toHaveLength(0);
  });
});

describe("verifyContract: failures", () => {
  const metadata = JSON.stringify({
    sources: { "project/contracts/Token.sol": {}, "project/contracts/Math.sol": {} },
  });

  it("tries the minimal input, then the full one, and says both failed", async () => {
    explorer.backend.addContract(address).script(address, { result: "fail" }, { result: "fail" });
    const job = standardJsonJob(address);
    if (job.source.format === "standard-json") job.source.metadata = metadata;
    const events: VerificationEvent[] = [];
    const result = await run(job, events);
    expect(result).toMatchObject({ status: "failed", attempts: 2 });
    expect(result.error).toEqual({ code: "verification_failed", details: "Fail - Unable to verify" });
    expect(result.message).toBe(
      "The explorer could not verify the contract with the minimal input (the sources its metadata lists) nor with the full build input: Fail - Unable to verify. Check that the compiler version, optimizer settings, EVM version, build profile and constructor arguments are those of the deployment.",
    );
    const sources = explorer
      .requestsFor("verifysourcecode")
      .map((r) => Object.keys(JSON.parse(String(r.body.sourceCode)).sources));
    expect(sources).toEqual([
      ["project/contracts/Token.sol", "project/contracts/Math.sol"],
      ["project/contracts/Token.sol", "project/contracts/Math.sol", "project/contracts/Unrelated.sol"],
    ]);
    expect(
      events.filter((e) => e.type === "submitted").map((e) => (e.type === "submitted" ? e.input : "")),
    ).toEqual(["minimal", "full"]);
  });

  it("says in words why the full input was needed when the minimal one compiled otherwise under via-IR", async () => {
    explorer.backend.addContract(address).script(address, { result: "fail" }, { result: "pass" });
    const job = standardJsonJob(address);
    if (job.source.format === "standard-json") {
      job.source.metadata = metadata;
      job.source.input.settings = { ...job.source.input.settings, viaIR: true };
    }
    const result = await run(job);
    expect(result).toMatchObject({ status: "verified", attempts: 2 });
    expect(result.message).toBe(
      "Verified with the full build input: the minimal input (the sources its metadata lists) compiled to other code, because under via-IR the whole compilation unit shapes the output.",
    );
  });

  it("stops at the minimal input when it passes", async () => {
    explorer.backend.addContract(address);
    const job = standardJsonJob(address);
    if (job.source.format === "standard-json") job.source.metadata = metadata;
    await expect(run(job)).resolves.toMatchObject({ status: "verified", attempts: 1 });
  });

  it("keeps an explorer's refusal in the record without its escape sequences and control characters", async () => {
    explorer.backend.addContract(address);
    explorer.faults.applies = (r) => r.body.action === "verify" || r.query.action === "verify";
    const text = "\u001b[31mRefused\u001b]0;title\u0007 for\u0000 now\r\n::error::twice\u009b2J";
    const body = JSON.stringify({ message: text, result: null, status: "0" });
    explorer.faults.next({ kind: "status", status: 200, contentType: "application/json", body });
    const result = await run(flattenedJob(address, { force: true }));
    expect(result.message).toBe("The explorer refused the request: Refused for now\n::error::twice");
  });

  it("a flattened source the explorer cannot match says so", async () => {
    explorer.backend.addContract(address).script(address, { result: "fail" });
    const result = await run(flattenedJob(address));
    expect(result.status).toBe("failed");
    expect(result.message).toContain("Bytecode does not match, please try again.");
  });

  it.each([
    [flattenedJob("0x123"), 'Invalid address "0x123": expected 0x followed by 40 hexadecimal characters.'],
    [
      flattenedJob(testAddress(1), {
        source: {
          format: "flattened",
          sourceCode: "x",
          compilerVersion: "0.8.999",
          contractName: "Box",
          optimizer: { enabled: false },
        },
      }),
      'Unknown Solidity release "0.8.999": give the long form, like v0.8.28+commit.7893614a (the build info\'s solcLongVersion).',
    ],
    [
      flattenedJob(testAddress(1), {
        source: {
          format: "flattened",
          sourceCode: "x",
          compilerVersion: "latest",
          contractName: "Box",
          optimizer: { enabled: false },
        },
      }),
      'Invalid compiler version "latest": expected 0.8.28 or the long form v0.8.28+commit.7893614a.',
    ],
    [
      flattenedJob(testAddress(1), {
        libraries: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`L${i}`, testAddress(i + 1)])),
      }),
      "The flattened format has 5 library slots, but 6 libraries were given. Verify with standard JSON input instead: it carries any number of libraries.",
    ],
    [
      flattenedJob(testAddress(1), { libraries: { L: "0x12" } }),
      'Invalid libraries["L"] "0x12": expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      flattenedJob(testAddress(1), {
        force: true,
        source: {
          format: "flattened",
          sourceCode: "x".repeat(21_000_000),
          compilerVersion,
          contractName: "Box",
          optimizer: { enabled: false },
        },
      }),
      "The source is 21.0 MB; explorers accept at most 20 MB per request.",
    ],
    [
      standardJsonJob(testAddress(1), {
        source: {
          format: "standard-json",
          input: { language: "Solidity", sources: { "A.sol": { content: "x".repeat(21_000_000) } } },
          compilerVersion,
          contractName: "A.sol:A",
        },
      }),
      "The source is 21.0 MB; explorers accept at most 20 MB per request.",
    ],
    [
      flattenedJob(testAddress(1), {
        constructorArguments: { values: [1], abi: [{ type: "constructor", inputs: [] }] },
      }),
      "The constructor takes 0 arguments (none), but 1 was given.",
    ],
    [
      flattenedJob(testAddress(1), {
        constructorArguments: {
          values: ["not a number"],
          abi: [{ type: "constructor", inputs: [{ name: "n", type: "uint256" }] }],
        },
      }),
      expect.stringContaining("The constructor arguments do not fit the ABI:"),
    ],
  ])("bad input %# fails with a specific message and no request", async (job, message) => {
    const result = await run(job);
    expect(result).toMatchObject({ status: "failed", attempts: 0, message });
    expect(explorer.requests).toHaveLength(0);
  });
});

// An explorer's answer with a 5xx status and a JSON message.
function serverErrorFault(status: number, message: string): Fault {
  return { kind: "status", status, contentType: "application/json", body: JSON.stringify({ message }) };
}

describe("verifyContract: polls that fail for a passing reason", () => {
  const serverError = serverErrorFault(500, "Internal server error");

  it("keeps polling the same guid after a poll failed past the transport's retries, and passes", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 1 });
    explorer.faults.applies = (r) => r.query.action === "checkverifystatus";
    // The transport tries a read four times: this poll fails as a whole.
    explorer.faults.next(serverError, serverError, serverError, serverError);
    const events: VerificationEvent[] = [];
    const result = await run(standardJsonJob(address), events);
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(1);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "pending",
        message: "The explorer answered HTTP 500: Internal server error Polling again.",
      }),
    );
  });

  it("keeps polling after Blockscout's own 500 envelope (Something went wrong.) outlasts the transport's retries", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 1 });
    explorer.faults.applies = (r) => r.query.action === "checkverifystatus";
    const blockscout500: Fault = { kind: "server-error" };
    explorer.faults.next(blockscout500, blockscout500, blockscout500, blockscout500);
    const events: VerificationEvent[] = [];
    const result = await run(standardJsonJob(address), events);
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(explorer.faults.applied["server-error"]).toBe(4);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "pending",
        message: "The explorer answered HTTP 500: Something went wrong. Polling again.",
      }),
    );
  });

  it("keeps polling after answers it cannot read (a maintenance page with HTTP 200, cut-off JSON), and passes", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 1 });
    explorer.faults.applies = (r) => r.query.action === "checkverifystatus";
    explorer.faults.next({ kind: "html", status: 200 }, { kind: "malformed-json" });
    const events: VerificationEvent[] = [];
    const result = await run(standardJsonJob(address), events);
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(explorer.faults.applied).toMatchObject({ html: 1, "malformed-json": 1 });
    expect(
      events.filter((event) => event.type === "pending" && /Polling again\.$/.test(event.message)),
    ).toHaveLength(2);
  });

  it("gives up with the explorer's error after five failed polls in a row", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 1 });
    explorer.faults.applies = (r) => r.query.action === "checkverifystatus";
    explorer.faults.next(...Array(20).fill(serverError));
    const result = await run(standardJsonJob(address));
    expect(result).toMatchObject({
      status: "failed",
      message: "The explorer answered HTTP 500: Internal server error",
    });
    expect(explorer.requestsFor("checkverifystatus")).toHaveLength(20);
    expect(explorer.requestsFor("verifysourcecode")).toHaveLength(1);
  });
  it("ends at once as rate_limited when a poll's 429 asks for a longer wait than the deadline leaves", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass", pendingPolls: 1 });
    explorer.faults.applies = (r) => r.query.action === "checkverifystatus";
    explorer.faults.next(...Array(10).fill({ kind: "rate-limit", resetMs: 400_000 }));
    const events: VerificationEvent[] = [];
    // A limiter of its own: the explorer's pause would hold the other tests' requests too.
    const result = await verifyContract(clientFor(explorer), standardJsonJob(address), {
      ...fastEngine,
      onEvent: (event) => events.push(event),
    });
    expect(result).toMatchObject({
      status: "failed",
      error: { code: "rate_limited" },
      message:
        "The explorer asked to wait 7 min (x-ratelimit-reset: 400000) before the next request, longer than the deadline leaves (5 min).",
    });
    expect(explorer.requestsFor("checkverifystatus")).toHaveLength(1);
    expect(events.filter((event) => event.type === "pending")).toEqual([]);
  });
});

describe("verifyContract: reads around a submission that fail for a passing reason", () => {
  const serverError = serverErrorFault(502, "Bad gateway");

  it("a pre-check that fails past the transport's retries does not end the job: it submits and passes", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass" });
    explorer.faults.applies = (r) => r.query.action === "getsourcecode";
    explorer.faults.next(serverError, serverError, serverError, serverError);
    const events: VerificationEvent[] = [];
    const result = await run(standardJsonJob(address), events);
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(actions().slice(0, 5)).toEqual([
      "getsourcecode",
      "getsourcecode",
      "getsourcecode",
      "getsourcecode",
      "verifysourcecode",
    ]);
    expect(events).toContainEqual({
      type: "notice",
      address,
      contract: "contracts/Token.sol:Token",
      message: "the pre-check failed (The explorer answered HTTP 502: Bad gateway); submitting without it.",
    });
  });

  it("a submission answered 5xx is sent again only after a look says the contract is not verified", async () => {
    explorer.backend.addContract(address).script(address, { result: "pass" });
    explorer.faults.applies = (r) => r.query.action !== "checkverifystatus";
    // The submission fails; the look after it fails past the transport's retries, then answers.
    explorer.faults.next(
      { kind: "latency", ms: 0 },
      serverError,
      serverError,
      serverError,
      serverError,
      serverError,
    );
    const events: VerificationEvent[] = [];
    const result = await run(standardJsonJob(address), events);
    expect(result).toMatchObject({ status: "verified", attempts: 2 });
    expect(actions().slice(0, 8)).toEqual([
      "getsourcecode",
      "verifysourcecode",
      "getsourcecode",
      "getsourcecode",
      "getsourcecode",
      "getsourcecode",
      "getsourcecode",
      "verifysourcecode",
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "notice",
        message:
          "the submission may have reached the explorer (The explorer answered HTTP 502: Bad gateway), and looking for it failed (The explorer answered HTTP 502: Bad gateway); looking again.",
      }),
    );
    expect(explorer.backend.submissionsAfterPass).toBe(0);
  });
});
