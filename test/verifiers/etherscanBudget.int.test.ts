import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { encodeAbiParameters } from "viem";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { type EtherscanEmulator, startEtherscanEmulator } from "../support/etherscanEmulator.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// Etherscan's budget, asked (getapilimit) once per run and key, through the library's front door: the run sends no
// submission past what the stand-in states, and the ledger resumes the rest after the reset.
const key = "ETHERSCAN-BUDGET-KEY-0001";
const engine = {
  polling: { initialIntervalMs: 20, maxIntervalMs: 100, backoffFactor: 1.5, unknownUidGrace: 3 },
  timeoutMs: 60_000,
  concurrency: 3,
  requestsPerSecond: Number.POSITIVE_INFINITY,
};

let chain: HardhatChain;
let emulator: EtherscanEmulator;
let build: FixtureBuild;
let deployer: Deployer;

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  deployer = new Deployer(chain.rpcUrl);
  emulator = await startEtherscanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: [key] });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
  await chain?.stop();
});

function job(address: string, name: string, extra: Partial<VerificationJob> = {}): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion: build.compilerVersion,
      contractName: `contracts/${name}.sol:${name}`,
    },
    ...extra,
  };
}

const options = (ledger: string) => ({
  ...engine,
  targets: ["etherscan" as const],
  chainId: 31337,
  etherscanApiKey: key,
  apiUrls: { etherscan: emulator.apiUrl },
  ledger,
});

// Every request about the address: the fields that name the contract asked about.
const requestsAbout = (address: string) =>
  emulator.requests.filter((r) =>
    [r.query.address, r.query.contractaddresses, r.body.address, r.body.contractaddress].some((named) =>
      String(named ?? "")
        .toLowerCase()
        .includes(address.toLowerCase()),
    ),
  );

describe("Etherscan's stated budget, through verifyBatch", () => {
  it("sends 5 of 12 contracts on a budget of 5, ends the 7 others quota_exhausted unsent, and resumes them after the reset", async () => {
    // The stated reset is an hour from when the budget is stated, before the deployments.
    const startedAt = Date.now();
    emulator.stateBudget({ submissions: 5, resetsInSeconds: 3_600 });
    const implementation = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const proxy = await deployer.deploy(build, "contracts/SimpleProxy.sol", "SimpleProxy", [implementation]);
    const boxes: string[] = [];
    for (let i = 0; i < 10; i++) boxes.push(await deployer.deploy(build, "contracts/Box.sol", "Box"));
    // The proxy first, its implementation last: the budget runs out between them.
    const jobs = [
      job(proxy, "SimpleProxy", {
        constructorArguments: { hex: encodeAbiParameters([{ type: "address" }], [implementation]) },
      }),
      ...boxes.map((box) => job(box, "Box")),
      job(implementation, "Box", { proxyAddress: proxy }),
    ];
    const sent = jobs.slice(0, 5);
    const unsent = jobs.slice(5);
    const ledger = join(mkdtempSync(join(tmpdir(), "etherscan-budget-")), "ledger.json");

    const first = await verifyBatch(jobs, options(ledger));
    expect(first).toHaveLength(13);
    expect(first.slice(0, 5).map((r) => [r.address, r.status, r.attempts])).toEqual(
      sent.map((j) => [j.address, "verified", 1]),
    );
    expect(first.slice(5, 12).map((r) => [r.address, r.status, r.error?.code, r.attempts])).toEqual(
      unsent.map((j) => [j.address, "failed", "quota_exhausted", 0]),
    );
    const message = first[5]?.message ?? "";
    expect(message).toMatch(
      /^Not sent: this run sent the 5 submissions Etherscan said the key had left \(getapilimit: 5 of 5 credits left \(daily\)\)\. Run again once it resets, at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\.$/,
    );
    const resetAt = Date.parse(/at (\S+)\.$/.exec(message)?.[1] ?? "");
    expect(resetAt).toBeGreaterThanOrEqual(startedAt + 3_599_000);
    expect(resetAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    // The link waits with its implementation.
    expect(first[12]).toMatchObject({
      address: proxy,
      format: "proxy",
      status: "failed",
      error: { code: "quota_exhausted" },
      message:
        "Not linked: the used-up quota stopped the implementation; the run that verifies it after the reset links them.",
    });
    // One question, five submissions, and not one request about the seven others.
    expect(emulator.requestsFor("getapilimit")).toHaveLength(1);
    expect(emulator.requestsFor("verifysourcecode").map((r) => r.body.contractaddress)).toEqual(
      expect.arrayContaining(sent.map((j) => j.address)),
    );
    expect(emulator.requestsFor("verifysourcecode")).toHaveLength(5);
    for (const unsentJob of unsent) expect(requestsAbout(unsentJob.address)).toEqual([]);
    expect(emulator.requestsFor("verifyproxycontract")).toHaveLength(0);

    // The next day: the ledger skips the five, the seven are sent and the proxy linked.
    emulator.stateBudget({ submissions: 10, resetsInSeconds: 86_400 });
    const before = emulator.requests.length;
    const second = await verifyBatch(jobs, options(ledger));
    expect(second.map((r) => [r.address, r.format === "proxy", r.status, r.attempts])).toEqual([
      ...sent.map((j) => [j.address, false, "already-verified", 0]),
      ...unsent.map((j) => [j.address, false, "verified", 1]),
      [proxy, true, "verified", 1],
    ]);
    const requests = emulator.requests.slice(before);
    expect(requests.filter((r) => r.query.action === "getapilimit")).toHaveLength(1);
    expect(
      requests.filter((r) => r.body.action === "verifysourcecode" || r.query.action === "verifysourcecode"),
    ).toHaveLength(7);
  }, 240_000);

  it("goes on unplanned, as without a budget, when Etherscan refuses the question", async () => {
    emulator.stateBudget(undefined);
    emulator.refuseApiLimit("Error! Missing Or invalid Module name");
    try {
      const boxes = [
        await deployer.deploy(build, "contracts/Box.sol", "Box"),
        await deployer.deploy(build, "contracts/Box.sol", "Box"),
      ];
      const before = emulator.requests.length;
      const results = await verifyBatch(
        boxes.map((box) => job(box, "Box")),
        options(join(mkdtempSync(join(tmpdir(), "etherscan-budget-")), "ledger.json")),
      );
      expect(results.map((r) => [r.status, r.error])).toEqual([
        ["verified", undefined],
        ["verified", undefined],
      ]);
      expect(emulator.requests.slice(before).filter((r) => r.query.action === "getapilimit")).toHaveLength(1);
    } finally {
      emulator.refuseApiLimit(undefined);
    }
  }, 120_000);
});
