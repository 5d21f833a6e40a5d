import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { RunReporter } from "../../src/run/report/runReporter.js";
import { runVerify } from "../../src/run/runners/runVerify.js";
import type { RunTargets } from "../../src/run/targets/targets.js";
import { linkProxy } from "../../src/verify/linkProxy.js";
import { testAddress } from "../support/addresses.js";
import { fastEngine, standardJsonJob } from "../support/jobs.js";
import { type ScriptedServer, startScriptedServer } from "../support/scriptedServer.js";
import { startTestExplorer } from "../support/testExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

// A submission the transport refused before it left (the explorer's pause outlasts the wait allowed, the connection
// was refused) is no submission sent: its record counts no attempt, and the run's share of Etherscan's stated budget
// is not spent on it.
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const apiLimit = JSON.stringify({
  status: "1",
  message: "OK",
  result: {
    creditsUsed: 0,
    creditsAvailable: 5,
    creditLimit: 5,
    limitInterval: "daily",
    intervalExpiryTimespan: "05:00:00",
  },
});

/**
 * Etherscan's `getapilimit` answered (5 submissions left), then `stated` called; every other request given to `other`.
 */
async function etherscanStandIn(
  other: (request: IncomingMessage, response: ServerResponse) => void,
  stated: (server: ScriptedServer) => void = () => {},
) {
  const methods: string[] = [];
  const server = await startScriptedServer((request, response) => {
    methods.push(request.method ?? "");
    if (!request.url?.includes("module=getapilimit")) return other(request, response);
    // A connection of its own: the server may stop listening once it has answered.
    response.writeHead(200, { "content-type": "application/json", connection: "close" });
    response.end(apiLimit, () => stated(server));
  });
  servers.push(server);
  return { server, methods };
}

async function verify(apiUrl: string, force: boolean) {
  const targets: RunTargets = {
    targets: [
      {
        service: "etherscan",
        chainId: 31337,
        required: true,
        apiUrl,
        apiKey: "ETHERSCAN-UNSENT-KEY-0001",
        siteUrl: "https://explorer.etherscan.test",
        shownUrl: apiUrl,
        reason: "the test's stand-in",
      },
    ],
    chainIds: [31337],
    localExplorers: [],
    close: async () => {},
  };
  const lines: string[] = [];
  const records = await runVerify({
    jobs: [0x51, 0x52, 0x53].map((n) => standardJsonJob(testAddress(n))),
    targets,
    settings: { concurrency: 1, timeoutSeconds: 600, force, wait: true, preflight: false },
    reporter: new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) }),
  });
  return { records, lines };
}

describe("a submission the transport refused before it left", () => {
  it("is no attempt and spends no budget when the explorer's Retry-After outlasts the wait allowed", async () => {
    const { server, methods } = await etherscanStandIn((_request, response) => {
      response.writeHead(429, { "content-type": "application/json", "retry-after": "999999" });
      response.end(JSON.stringify({ status: "0", message: "NOTOK", result: "Too many requests" }));
    });
    const { records, lines } = await verify(`${server.url}/v2/api`, false);

    const refused =
      "The explorer asked to wait 12 days (Retry-After: 999999) before the next request, longer than the longest rate-limit wait allowed (5 min).";
    expect(records.map((r) => [r.status, r.attempts, r.error?.code, r.message])).toEqual(
      Array.from({ length: 3 }, () => ["failed", 0, "rate_limited", refused]),
    );
    expect(records.budgets?.etherscan).toMatchObject({ used: 0, left: 5 });
    expect(lines).toContain("\netherscan: 0 of 3 contracts verified, 3 failed; 0 submissions sent.");
    // The question, then the first pre-check, answered 429: nothing more left, and no submission.
    expect(methods).toEqual(["GET", "GET"]);
  });

  it("is no attempt and spends no budget when the connection is refused", async () => {
    // Once the budget is stated, nothing listens there any more: the submissions' connections are refused.
    const { server, methods } = await etherscanStandIn(
      () => {},
      (stated) => void stated.close(),
    );
    const { records, lines } = await verify(`${server.url}/v2/api`, true);

    expect(records.map((r) => [r.status, r.attempts, r.error?.code])).toEqual(
      Array.from({ length: 3 }, () => ["failed", 0, "network_error"]),
    );
    expect(records[0]?.message).toMatch(/^Could not reach 127\.0\.0\.1:\d+: the connection was refused\.$/);
    expect(records.budgets?.etherscan).toMatchObject({ used: 0, left: 5 });
    expect(lines).toContain("\netherscan: 0 of 3 contracts verified, 3 failed; 0 submissions sent.");
    expect(methods).toEqual(["GET"]);
  });

  it("is no attempt of a proxy link either", async () => {
    const explorer = await startTestExplorer();
    servers.push(explorer);
    const [implementation, proxy] = [testAddress(0x61), testAddress(0x62)];
    explorer.backend
      .addContract(implementation, { verified: { contractName: "Token" } })
      .addContract(proxy, { verified: { contractName: "ERC1967Proxy" } });
    const limiter = new RateLimiter(Number.POSITIVE_INFINITY);
    // The explorer's pause, heard while it answers the link's look: the link's submission is held back each time.
    explorer.faults.applies = (request) => {
      if (request.query.action === "getsourcecode") limiter.pauseFor(999_999_000, "Retry-After: 999999");
      return false;
    };
    const record = await linkProxy(
      blockscoutVerifierAt(explorer.url, { rateLimiter: limiter }),
      proxy,
      {
        address: implementation,
        contract: "contracts/Token.sol:Token",
        explorer: explorer.url,
        format: "standard-json",
        status: "verified",
        url: "",
        attempts: 1,
        durationMs: 0,
      },
      { clock: fastEngine.clock },
    );
    expect([record.status, record.attempts, record.error?.code]).toEqual(["failed", 0, "rate_limited"]);
    expect(explorer.requestsFor("verifyproxycontract")).toEqual([]);
  });
});
