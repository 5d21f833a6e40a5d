import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { browserLikeUserAgent } from "../../../src/kernel/userAgent.js";
import { verifyBatch } from "../../../src/run/runners/verifyBatch.js";
import { repoRoot } from "../../inputs/hardhatProject.js";
import { testAddress } from "../../support/addresses.js";
import { type ChallengeFront, startChallengeFront } from "../../support/challengeFront.js";
import { BotProtectionError, getAbi } from "../../support/internals.js";
import { fastEngine, standardJsonJob } from "../../support/jobs.js";
import { startTestExplorer, type TestExplorer } from "../../support/testExplorer.js";
import { transportFor } from "../../support/transportFor.js";
import { blockscoutVerifierAt } from "../../support/verifiers.js";

// A bot challenge in front of the explorer (Cloudflare's, as hosted Blockscout instances answer tools): one answer
// names it, nothing is retried, and the explorer gets nothing more; a browser-like User-Agent passes.
let explorer: TestExplorer;
let front: ChallengeFront;
let pageOnly: ChallengeFront;
const address = testAddress(0xcf);

beforeAll(async () => {
  explorer = await startTestExplorer({ smartContractStatus: true });
  [front, pageOnly] = await Promise.all([
    startChallengeFront(explorer.url),
    startChallengeFront(explorer.url, { status: 503, header: false }),
  ]);
});

beforeEach(() => {
  explorer.reset();
  front.requests.length = 0;
  pageOnly.requests.length = 0;
});

afterAll(async () => {
  await Promise.all([front?.close(), pageOnly?.close()]);
  await explorer?.close();
});

function expectedMessage(host: string, status: number, evidence: string): string {
  return `The explorer at ${host} answered with a bot challenge (HTTP ${status}, ${evidence}) instead of its API: its bot protection refuses this tool's requests, and asking again does not help. Nothing more is sent to it in this run. Two ways out: a browser-like User-Agent (the user-agent setting: --user-agent, input user-agent or explorerVerify.userAgent, e.g. "${browserLikeUserAgent}"; or a User-Agent in headers), or a Blockscout API key (proapi_…), which sends the run through api.blockscout.com, not behind this challenge.`;
}

describe("a bot challenge in front of the explorer", () => {
  it("is named by its header, with both ways out, and stops the transport: later requests fail unsent", async () => {
    const transport = transportFor(front);
    const first = await getAbi(transport, { address }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(BotProtectionError);
    expect(first).toMatchObject({
      code: "bot_protection",
      status: 403,
      evidence: "cf-mitigated: challenge",
      shortMessage: expectedMessage(new URL(front.url).host, 403, "cf-mitigated: challenge"),
    });
    expect(transport.stoppedBy).toBe(first);
    await expect(getAbi(transport, { address })).rejects.toBe(first);
    expect(front.requests).toHaveLength(1);
    expect(front.requests[0]?.userAgent).toBe("explorer-verify/0.1.0");
    expect(explorer.requests).toHaveLength(0);
  });

  it("is named by its page alone on a 503, and a read is not retried as after a server error", async () => {
    const transport = transportFor(pageOnly);
    await expect(getAbi(transport, { address })).rejects.toMatchObject({
      code: "bot_protection",
      status: 503,
      shortMessage: expectedMessage(new URL(pageOnly.url).host, 503, 'a page titled "Just a moment..."'),
    });
    expect(pageOnly.requests).toHaveLength(1);
  });

  it("in front of another service, names that service and no Blockscout remedy", async () => {
    const transport = transportFor(front, { serviceName: "Sourcify" });
    const error = await transport
      .send({ api: "root", path: `/v2/contract/31337/${address}`, method: "GET", query: {}, kind: "read" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "bot_protection",
      shortMessage:
        "Sourcify answered with a bot challenge (HTTP 403, cf-mitigated: challenge) instead of its API: its bot protection refuses this tool's requests, and asking again does not help. Nothing more is sent to it in this run. Leave Sourcify out of the targets, or make it optional, while it refuses tools.",
    });
  });

  it("is not taken for an explorer without the smart-contract status endpoint", async () => {
    const verifier = blockscoutVerifierAt(front.url, { requestsPerSecond: Number.POSITIVE_INFINITY });
    await expect(verifier.lookUp(address, Number.POSITIVE_INFINITY)).rejects.toBeInstanceOf(
      BotProtectionError,
    );
    expect(front.requests).toHaveLength(1);
  });

  it("fails every contract of a batch with bot_protection after one request, and a browser-like User-Agent verifies them", async () => {
    const addresses = [0xc1, 0xc2, 0xc3, 0xc4, 0xc5].map((n) => testAddress(n));
    for (const each of addresses) explorer.backend.addContract(each);
    const jobs = addresses.map((each) => standardJsonJob(each));
    const refused = await verifyBatch(jobs, {
      explorerUrl: front.url,
      concurrency: 1,
      requestsPerSecond: Number.POSITIVE_INFINITY,
      ...fastEngine,
    });
    expect(refused.map((record) => [record.status, record.error?.code, record.attempts])).toEqual(
      addresses.map(() => ["failed", "bot_protection", 0]),
    );
    expect(front.requests).toHaveLength(1);
    expect(explorer.requests).toHaveLength(0);

    const passed = await verifyBatch(jobs, {
      explorerUrl: front.url,
      headers: { "user-agent": browserLikeUserAgent },
      concurrency: 1,
      requestsPerSecond: Number.POSITIVE_INFINITY,
      ...fastEngine,
    });
    expect(passed.map((record) => record.status)).toEqual(addresses.map(() => "verified"));
    expect(front.requests.slice(1).every((request) => request.passed)).toBe(true);
    expect(explorer.requests.every((request) => request.headers["user-agent"] === browserLikeUserAgent)).toBe(
      true,
    );
  });

  it("suggests the browser-like User-Agent that the README's Bot protection section shows", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Bot protection"), readme.indexOf("## More"));
    expect(section).toContain(`user-agent: "${browserLikeUserAgent}"`);
    expect(section).toContain(`--user-agent "${browserLikeUserAgent}"`);
  });
});
