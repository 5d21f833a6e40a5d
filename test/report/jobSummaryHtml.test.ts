import { describe, expect, it } from "@jest/globals";
import { jobSummaryHtml } from "../../src/report/jobSummaryHtml.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { testAddress } from "../support/addresses.js";

const explorer = "https://eth.blockscout.com";
const verified = testAddress(0xc1);
const failed = testAddress(0xc2);

function record(address: string, fields: Partial<VerificationResult>): VerificationResult {
  return {
    address,
    contract: "Box",
    explorer,
    format: "flattened",
    status: "verified",
    url: `${explorer}/address/${address}#code`,
    attempts: 1,
    durationMs: 1_250,
    ...fields,
  };
}

describe("the job summary", () => {
  it("closes every cell, the empty message of a verified contract included", () => {
    const summary = jobSummaryHtml([
      record(verified, {}),
      record(failed, { status: "failed", message: "Bytecode does not match", durationMs: 300 }),
    ]).html;
    expect(summary).toBe(
      [
        "<h2>Contract verification</h2>",
        `<p>Explorer: <a href="${explorer}">https&#58;//eth.blockscout.com</a></p>`,
        "<p>2 contracts&#58; 1 verified, 1 failed</p>",
        "<table>" +
          "<tr><th>Contract</th><th>Address</th><th>Status</th><th>Time</th><th>Message</th></tr>" +
          `<tr><td>Box</td><td><a href="${explorer}/address/${verified}#code">${verified}</a></td><td>✅ verified</td><td>1.3 s</td><td></td></tr>` +
          `<tr><td>Box</td><td><a href="${explorer}/address/${failed}#code">${failed}</a></td><td>❌ failed</td><td>0.3 s</td><td>Bytecode does not match</td></tr>` +
          "</table>",
        "",
      ].join("\n"),
    );
    const rows = summary.match(/<tr>.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(3);
    for (const row of rows)
      expect(row).toMatch(/^<tr>(?:<(t[hd])>(?:[^<]|<a [^>]*>[^<]*<\/a>)*<\/\1>){5}<\/tr>$/);
  });

  it("says per service what the run spent of its stated budget and what is left, after the table", () => {
    const summary = jobSummaryHtml(
      [
        record(verified, { target: "etherscan" }),
        record(failed, { target: "etherscan", status: "failed", error: { code: "quota_exhausted" } }),
      ],
      {
        etherscan: {
          unit: "submissions",
          used: 1,
          left: 0,
          stated: 1,
          resetsAt: "2026-11-27T00:00:00Z",
          statedAs: "getapilimit: 1 of 100 credits left (daily)",
        },
      },
    ).html;
    expect(summary.indexOf("</table>")).toBeLessThan(summary.indexOf("<p>Budget on etherscan"));
    // The summary's text is neutralised: a colon and parentheses are written as entities.
    expect(summary.slice(summary.indexOf("<p>Budget on"))).toBe(
      "<p>Budget on etherscan&#58; this run sent 1 submission; 0 of the 1 stated are left &#40;getapilimit&#58; 1 of 100 credits left &#40;daily&#41;&#41;, until the reset at 2026-11-27T00&#58;00&#58;00Z.</p>\n",
    );
  });

  it("names each chain's explorer and each row's chain when the results span several chains", () => {
    const base = "https://base.blockscout.com";
    const summary = jobSummaryHtml([
      record(verified, { chainId: 10 }),
      record(verified, { chainId: 8453, status: "timeout", explorer: base, url: "" }),
    ]).html;
    expect(summary.split("\n").slice(1, 3)).toEqual([
      `<p>Explorers: chain 10: <a href="${explorer}">https&#58;//eth.blockscout.com</a>; chain 8453: <a href="${base}">https&#58;//base.blockscout.com</a></p>`,
      "<p>2 contracts on 2 chains&#58; 1 verified, 1 timeout</p>",
    ]);
    const rows = summary.match(/<tr>.*?<\/tr>/g) ?? [];
    expect(rows.slice(1)).toEqual([
      `<tr><td>Box</td><td>10</td><td><a href="${explorer}/address/${verified}#code">${verified}</a></td><td>✅ verified</td><td>1.3 s</td><td></td></tr>`,
      `<tr><td>Box</td><td>8453</td><td>${verified}</td><td>⌛ timeout</td><td>1.3 s</td><td></td></tr>`,
    ]);
    for (const row of rows)
      expect(row).toMatch(/^<tr>(?:<(t[hd])>(?:[^<]|<a [^>]*>[^<]*<\/a>)*<\/\1>){6}<\/tr>$/);
  });

  it("over several services and chains, has a row per chain and address, and names each service's endpoint", () => {
    const endpoint = "https://scan.example/api";
    const summary = jobSummaryHtml(
      [10, 8453].flatMap((chainId) => [
        record(verified, { chainId, target: "blockscout" }),
        record(verified, { chainId, target: "etherscan", explorer: endpoint, url: "" }),
      ]),
    ).html;
    expect(summary).toContain(
      `<p>Explorers: blockscout on chain 10: <a href="${explorer}">https&#58;//eth.blockscout.com</a>; etherscan on chain 10: <a href="${endpoint}">https&#58;//scan.example/api</a>; blockscout on chain 8453`,
    );
    expect(summary.match(/<tr>.*?<\/tr>/g)?.map((row) => row.replace(/<a [^>]*>|<\/a>/g, ""))).toEqual([
      "<tr><th>Contract</th><th>Chain</th><th>Address</th><th>blockscout</th><th>etherscan</th></tr>",
      `<tr><td>Box</td><td>10</td><td>${verified}</td><td>✅ verified</td><td>✅ verified</td></tr>`,
      `<tr><td>Box</td><td>8453</td><td>${verified}</td><td>✅ verified</td><td>✅ verified</td></tr>`,
    ]);
  });
});

describe("the job summary of a run over several targets", () => {
  it("has a column per target, each status linked to that target's page, and a failure's reason in its cell", () => {
    const etherscanUrl = `https://etherscan.io/address/${verified}#code`;
    const summary = jobSummaryHtml([
      record(verified, { target: "blockscout" }),
      record(verified, {
        target: "etherscan",
        url: etherscanUrl,
        status: "failed",
        message: "Max daily rate limit reached",
        error: { code: "quota_exhausted" },
      }),
    ]).html;
    expect(summary).toContain(
      `<tr><th>Contract</th><th>Address</th><th>blockscout</th><th>etherscan</th></tr><tr><td>Box</td><td>${verified}</td><td><a href="${explorer}/address/${verified}#code">✅ verified</a></td><td><a href="${etherscanUrl}">❌ failed</a><br>Max daily rate limit reached</td></tr>`,
    );
  });
});

describe("explorer text in the job summary", () => {
  it("shows mentions and issue references inside <code>, where GitHub neither notifies nor links", () => {
    const summary = jobSummaryHtml([
      record(failed, {
        status: "failed",
        message: "@octocat: see @octo-org/team, #1, octo/box#2 and gh-3",
      }),
    ]).html;
    expect(summary).toContain(
      "<td><code>@octocat</code>&#58; see <code>@octo-org/team</code>, <code>&#35;1</code>, <code>octo/box&#35;2</code> and <code>gh-3</code></td>",
    );
  });

  it("stays below GitHub's 1 MiB with eight failures of 200 KB each, and says what was cut", () => {
    const results = Array.from({ length: 8 }, (_, index) =>
      record(testAddress(0xd0 + index), { status: "failed", message: `${index}`.repeat(200_000) }),
    );
    const { html: summary, holdsTable } = jobSummaryHtml(results);
    expect(holdsTable).toBe(true);
    expect(Buffer.byteLength(summary)).toBeLessThan(1_048_576);
    expect(summary).toContain(`<td>${"7".repeat(2_000)}… &#40;198,000 characters cut&#41;</td>`);
    expect(summary).toContain(
      "<p>The explorer&#39;s text of 8 records is cut to 2,000 characters, to stay within GitHub&#39;s limits.</p>\n",
    );
  });

  it("lists every failure alone, with its message, when the whole table is too long: 10,000 records, 10 failed", () => {
    const results = Array.from({ length: 5_000 }, (_, index) => testAddress(index + 1)).flatMap(
      (address, index) =>
        (["blockscout", "etherscan"] as const).map((target) =>
          record(address, {
            target,
            chainId: 1,
            ...(index % 500 === 0 && target === "etherscan"
              ? { status: "failed", message: `No match ${index}` }
              : {}),
          }),
        ),
    );
    const { html, holdsTable, leftOut } = jobSummaryHtml(results);
    expect([holdsTable, leftOut]).toEqual([false, 0]);
    expect(Buffer.byteLength(html)).toBeLessThan(4_000);
    expect(html).toContain(
      "<p>5000 contracts on blockscout, etherscan&#58; blockscout 5000 verified; etherscan 10 failed, 4990 verified</p>\n<table><tr><th>Contract</th><th>Address</th><th>blockscout</th><th>etherscan</th></tr>",
    );
    const rows = html.match(/<tr><td>.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(10);
    expect(rows[9]).toBe(
      `<tr><td>Box</td><td>${testAddress(4_501)}</td><td>–</td><td><a href="${explorer}/address/${testAddress(4_501)}#code">❌ failed</a><br>No match 4500</td></tr>`,
    );
    expect(html).toMatch(
      /<\/table>\n<p>The table lists the 10 records that did not succeed, not the 9,990 that succeeded &#40;counted above&#41;&#58; GitHub keeps at most 1 MiB of a job summary per step\.<\/p>\n$/,
    );
  });

  it("lists the first failures that fit when even the failures are too long, and says how many more and where", () => {
    const results = Array.from({ length: 1_200 }, (_, index) =>
      record(testAddress(index + 1), { contract: "Box ".repeat(250), status: "failed", message: "No match" }),
    );
    const { html, holdsTable, leftOut } = jobSummaryHtml(results);
    expect(holdsTable).toBe(false);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(1_000_000);
    expect(Buffer.byteLength(html)).toBeGreaterThan(998_000);
    const rows = html.match(/<tr><td>.*?<\/tr>/g) ?? [];
    expect(rows.length + leftOut).toBe(1_200);
    expect(rows.at(-1)).toBe(
      `<tr><td>${"Box ".repeat(250)}</td><td><a href="${explorer}/address/${testAddress(rows.length)}#code">${testAddress(rows.length)}</a></td><td>❌ failed</td><td>1.3 s</td><td>… &#40;8 characters cut&#41;</td></tr>`,
    );
    expect(html.slice(html.indexOf("</table>"))).toBe(
      `</table>\n<p>The table lists the first ${rows.length.toLocaleString("en-US")} of the 1,200 records that did not succeed&#58; GitHub keeps at most 1 MiB of a job summary per step. The explorer&#39;s text of 1,200 records is left out, to stay within GitHub&#39;s limits. The log of the step that verified them has a line for each, with its message.</p>\n`,
    );
  });
});

describe("the job summary's counts", () => {
  it("count a proxy with its link as one contract, and say which failures are an optional target's", () => {
    const proxy = testAddress(0xc3);
    const results = [
      record(verified, {}),
      record(proxy, {}),
      record(proxy, { format: "proxy", contract: "proxy of Box", status: "already-verified" }),
    ].flatMap((r) => [
      { ...r, chainId: 1, target: "blockscout" as const },
      {
        ...r,
        chainId: 1,
        target: "etherscan" as const,
        ...(r.address === proxy && r.format !== "proxy" ? { status: "failed" as const, message: "No" } : {}),
      },
    ]);
    const { html } = jobSummaryHtml(results, {}, ["etherscan"]);
    expect(html).toContain(
      "<p>2 contracts on blockscout, etherscan&#58; blockscout 2 verified; etherscan 1 verified, 1 failed &#40;optional target&#41;</p>",
    );
    expect(html).toContain("❌ failed</a> (optional target)<br>No");
  });

  it("shows a proxy's link made by this run as linked, and counts it with its proxy", () => {
    const proxy = testAddress(0xc4);
    const html = jobSummaryHtml([
      record(proxy, {}),
      record(proxy, { format: "proxy", contract: "proxy of Box", status: "verified" }),
    ]).html;
    expect(html).toContain("<p>1 contract&#58; 1 verified</p>");
    expect(html).toContain("<td>proxy of Box</td>");
    expect(html).toContain("<td>✅ linked</td>");
    expect(html).not.toContain("already");
  });
});
