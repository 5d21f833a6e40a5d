import { describe, expect, it } from "@jest/globals";
import { commentBody, commentMarker } from "../../src/report/commentBody.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";

describe("the comment's body", () => {
  it("gives the totals and the run's link instead of a table longer than GitHub takes", () => {
    const results: VerificationResult[] = Array.from({ length: 300 }, (_, index) => ({
      address: testAddress(index + 1),
      contract: "Box",
      explorer: "https://eth.blockscout.com",
      format: "flattened",
      status: "failed",
      url: `https://eth.blockscout.com/address/${testAddress(index + 1)}#code`,
      attempts: 1,
      durationMs: 100,
      message: "Bytecode does not match. ".repeat(10),
    }));
    const env = {
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_REPOSITORY: "octo/box",
      GITHUB_RUN_ID: "9",
    };
    expect(commentBody(results, env)).toBe(
      `${commentMarker}\n<h2>Contract verification</h2>\n<p>300 contracts&#58; 300 failed</p>\n<p>The table is too long for a comment: it is in the job summary of <a href="https://github.com/octo/box/actions/runs/9">run 9</a>.</p>\n`,
    );
    expect(commentBody(results, env, { summaryHoldsTable: false })).toBe(
      `${commentMarker}\n<h2>Contract verification</h2>\n<p>300 contracts&#58; 300 failed</p>\n<p>The table is too long for a comment: the log and the results output of <a href="https://github.com/octo/box/actions/runs/9">run 9</a> hold the records.</p>\n`,
    );
    expect(commentBody(results.slice(0, 2), env)).toMatch(
      /^<!-- explorer-verify -->\n<h2>Contract verification<\/h2>\n[\s\S]*<\/table>\n<p>From <a href="https:\/\/github.com\/octo\/box\/actions\/runs\/9">run 9<\/a>.<\/p>\n$/,
    );
  });
});

describe("explorer text in the comment", () => {
  const failure = (address: string, message: string): VerificationResult => ({
    address,
    contract: "Box",
    explorer: "https://eth.blockscout.com",
    format: "flattened",
    status: "failed",
    url: `https://eth.blockscout.com/address/${address}#code`,
    attempts: 1,
    durationMs: 100,
    message,
  });

  it("cuts messages shorter until the table fits, and says so", () => {
    // Each "<" becomes a five-character reference: 8 messages of 2,000 would take 80,000 characters.
    const results = Array.from({ length: 8 }, (_, index) =>
      failure(testAddress(index + 1), "<".repeat(200_000)),
    );
    const body = commentBody(results, {});
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain(`${"&#60;".repeat(500)}… &#40;199,500 characters cut&#41;`);
    expect(body).toContain(
      "<p>The explorer&#39;s text of 8 records is cut to 500 characters, to stay within GitHub&#39;s limits.</p>",
    );
  });

  it("shows mentions and issue references inside <code>, where GitHub neither notifies nor links", () => {
    const body = commentBody(
      [failure(testAddress(1), "ask @octocat or @octo-org/core-team about #12, octo/box#3 and GH-7 (a@b.c)")],
      {},
    );
    expect(body).toContain(
      "ask <code>@octocat</code> or <code>@octo-org/core-team</code> about <code>&#35;12</code>, <code>octo/box&#35;3</code> and <code>GH-7</code> &#40;a<code>@b</code>.c&#41;",
    );
  });

  it("holds no mention outside <code> wherever the explorer's text lands: names, messages, targets, chains", () => {
    const mentioned = (address: string, target: "blockscout" | "etherscan", chainId: number) => ({
      ...failure(address, "ask @octocat or @org/team"),
      contract: "contracts/Box.sol:Box @octocat",
      target,
      chainId,
    });
    const runs: VerificationResult[][] = [
      [1, 2, 3].map((n) => mentioned(testAddress(n), "blockscout", 1)),
      [1, 2, 3].flatMap((n) => [
        mentioned(testAddress(n), "blockscout", 1),
        mentioned(testAddress(n), "etherscan", 1),
      ]),
      [1, 2, 3].map((n) => mentioned(testAddress(n), "blockscout", n)),
    ];
    for (const results of runs) {
      const body = commentBody(results, {});
      expect(body).toContain("<code>@org/team</code>");
      expect(body.replace(/<code>[^<]*<\/code>/g, "")).not.toContain("@");
    }
  });

  it("names each row's chain and each explorer's endpoint when a run spans chains: the same address is two rows", () => {
    const on = (
      chainId: number,
      target: "blockscout" | "etherscan",
      explorer: string,
    ): VerificationResult => ({
      ...failure(testAddress(7), "No"),
      chainId,
      target,
      explorer,
      url: target === "etherscan" ? "" : `${explorer}/address/${testAddress(7)}#code`,
    });
    const body = commentBody(
      [
        on(10, "blockscout", "https://optimism.blockscout.com"),
        on(10, "etherscan", "https://api.example/v2/api"),
        on(8453, "blockscout", "https://base.blockscout.com"),
        on(8453, "etherscan", "https://api.example/v2/api"),
      ],
      {},
    );
    expect(body).toContain(
      '<p>Explorers: blockscout on chain 10: <a href="https://optimism.blockscout.com">https&#58;//optimism.blockscout.com</a>; etherscan on chain 10: <a href="https://api.example/v2/api">https&#58;//api.example/v2/api</a>; blockscout on chain 8453: <a href="https://base.blockscout.com">https&#58;//base.blockscout.com</a>; etherscan on chain 8453: <a href="https://api.example/v2/api">https&#58;//api.example/v2/api</a></p>',
    );
    const rows = (body.match(/<tr>.*?<\/tr>/g) ?? []).map((row) =>
      row.replace(/<a [^>]*>|<\/a>|<br>No/g, ""),
    );
    expect(rows).toEqual([
      "<tr><th>Contract</th><th>Chain</th><th>Address</th><th>blockscout</th><th>etherscan</th></tr>",
      `<tr><td>Box</td><td>10</td><td>${testAddress(7)}</td><td>❌ failed</td><td>❌ failed</td></tr>`,
      `<tr><td>Box</td><td>8453</td><td>${testAddress(7)}</td><td>❌ failed</td><td>❌ failed</td></tr>`,
    ]);
  });
});
