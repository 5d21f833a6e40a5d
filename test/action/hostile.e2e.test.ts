import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { type ActionRun, runAction } from "../support/actionRunner.js";
import { secretApiKey, testAddress } from "../support/addresses.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HostileExplorer, probes, startHostileExplorer } from "../support/hostileExplorer.js";
import { keySpellingsIn } from "../support/keySpellings.js";

// The Action bundled fresh from the sources (not the committed dist/), run as the runner runs it against an explorer
// that misbehaves in each of the ways the hardening issue lists.
let bundleDir: string;
let outside: string;
let workspace: string;
let explorer: HostileExplorer;
const secret = "SECRET_OF_THE_NEIGHBOUR=do-not-send";
const box = testAddress(0xb0);
const boxSource = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Box {}\n";

beforeAll(async () => {
  bundleDir = await buildFreshBundle();
  outside = await mkdtemp(join(tmpdir(), "explorer-verify-hostile-"));
  workspace = join(outside, "workspace");
  await mkdir(join(workspace, "flat"), { recursive: true });
  await writeFile(join(outside, "secret.env"), secret);
  await writeFile(join(workspace, "flat", "Box.sol"), boxSource);
  await symlink(join(outside, "secret.env"), join(workspace, "flat", "Linked.sol"));
  explorer = await startHostileExplorer();
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await rm(bundleDir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

beforeEach(() => {
  explorer.reset();
  explorer.inner.backend.addContract(box);
});

function entry(address: string, source: string) {
  return {
    address,
    format: "flattened",
    contract: "Box",
    source,
    compilerVersion: "v0.8.28+commit.7893614a",
    optimizer: { enabled: false, runs: 200 },
  };
}

async function run(
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<ActionRun> {
  return runAction(
    {
      "explorer-url": explorer.url,
      contracts: JSON.stringify({ contracts: [entry(box, "flat/Box.sol")] }),
      "timeout-seconds": "20",
      "fail-on-error": "true",
      ...inputs,
    },
    workspace,
    env,
    join(bundleDir, "index.js"),
  );
}

function results(action: ActionRun): VerificationResult[] {
  return JSON.parse(action.outputs.results ?? "[]");
}

// The runner reads a command at the start of a line, after blanks; the Action's own are these.
function foreignCommands(stdout: string): string[] {
  return stdout
    .split(/\r?\n/)
    .filter((line) => /^\s*(::|##\[)/.test(line))
    .filter((line) => !/^::(group::|endgroup::|error[ :]|warning[ :]|add-mask::)/.test(line));
}

describe("the bundled Action against a hostile explorer", () => {
  it("ends a job at once when a 429 asks for a wait past its deadline, with no timer overflow", async () => {
    explorer.scenario = probes.rateLimited({ "x-ratelimit-reset": "1000000000000" });
    const action = await run();
    expect(action.code).toBe(1);
    const [result] = results(action);
    expect(result?.status).toBe("failed");
    expect(result?.message).toMatch(
      /^The explorer asked to wait 11574 days \(x-ratelimit-reset: 1000000000000\) before the next request, longer than the deadline leaves \(\d+ s\)\.$/,
    );
    expect(action.stderr).not.toContain("TimeoutOverflowWarning");
    expect(action.outputs["failed-count"]).toBe("1");
  }, 60_000);

  it("says so when a plausible Retry-After (50 min) outlasts the deadline", async () => {
    explorer.scenario = probes.rateLimited({ "retry-after": "3000" });
    const action = await run();
    expect(results(action)[0]?.message).toMatch(
      /^The explorer asked to wait 50 min \(Retry-After: 3000\) before the next request, longer than the deadline leaves \(\d+ s\)\.$/,
    );
  }, 60_000);

  it("ends a job whose explorer states a quota used up for 10 minutes, instead of sitting silent", async () => {
    explorer.scenario = probes.quotaUsedUp(600_000);
    const action = await run();
    const [result] = results(action);
    expect(result?.status).toBe("failed");
    expect(result?.message).toMatch(
      /^The explorer's stated quota \(x-ratelimit-remaining: 0\) is used up for 10 min, longer than the deadline leaves \(\d+ s\)\.$/,
    );
  }, 60_000);

  it("refuses a body over the cap and still writes outputs, summary and annotations", async () => {
    explorer.scenario = probes.hugeBody(1_100_000);
    const action = await run({}, { EXPLORER_VERIFY_MAX_RESPONSE_BYTES: "1048576" });
    expect(action.code).toBe(1);
    const [result] = results(action);
    expect(result).toMatchObject({
      status: "failed",
      message: "The explorer's answer (HTTP 200) is larger than 1 MiB; it was not read.",
    });
    expect(action.outputs["failed-count"]).toBe("1");
    expect(action.summary).toContain("<p>1 contract&#58; 1 failed</p>");
    expect(action.stdout).toContain(
      "::error title=Verification failed%3A Box::Box at 0x00000000000000000000000000000000000000b0: The explorer's answer (HTTP 200) is larger than 1 MiB; it was not read.",
    );
  }, 60_000);

  it("keeps explorer text from the runner, the terminal and the summary's markup", async () => {
    const hostile =
      "Nope\n::add-mask::verified\n::stop-commands::pwned\r\n  ::set-output name=x::y\n##[group]g\u001b[2J\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007\n\n# Heading ![image](https://evil.example/x.png) <img src=x onerror=alert(1)> [link](https://evil.example) | cell";
    explorer.scenario = probes.refusesSubmissionWith(hostile);
    const action = await run();
    expect(results(action)[0]?.status).toBe("failed");
    expect(foreignCommands(action.stdout)).toEqual([]);
    expect(action.stdout).not.toContain("\u001b");
    expect(action.summary).not.toMatch(/<img|!\[|\]\(|\n\s*\n[^<]*Heading/);
    expect(action.summary.includes("\u001b")).toBe(false);
    const table = action.summary.slice(action.summary.indexOf("<table>"), action.summary.indexOf("</table>"));
    expect(table).not.toMatch(/\n\s*\n/);
    expect(table).toContain("&#35; Heading");
  }, 60_000);

  it("never shows the key in any spelling the explorer echoes it in", async () => {
    explorer.scenario = probes.echoesKey();
    const action = await run({ "api-key": secretApiKey });
    expect(explorer.requests.length).toBeGreaterThan(0);
    const stdout = action.stdout
      .split(/\r?\n/)
      .filter((line) => line !== `::add-mask::${secretApiKey}`)
      .join("\n");
    for (const text of [stdout, action.stderr, action.summary, JSON.stringify(action.outputs)])
      expect(keySpellingsIn(text, secretApiKey)).toEqual([]);
  }, 60_000);

  it("sends no byte of a file outside the workspace, fails that entry alone and verifies the others", async () => {
    const other = testAddress(0xb1);
    explorer.inner.backend.addContract(other);
    const action = await run({
      contracts: JSON.stringify({
        contracts: [entry(box, "../secret.env"), entry(other, "flat/Box.sol"), entry(box, "flat/Linked.sol")],
      }),
    });
    const bodies = explorer.requests.map((request) => request.body.toString("utf8")).join("\n");
    expect(bodies).not.toContain("do-not-send");
    expect(bodies).toContain("contract Box");
    expect(results(action).map((r) => [r.address, r.status, r.message])).toEqual([
      [other, "verified", undefined],
      [
        box,
        "failed",
        `contracts[0].source names ../secret.env, which is outside the workspace ${workspace}: only files inside it are read.`,
      ],
      [
        box,
        "failed",
        `contracts[2].source names flat/Linked.sol, which is outside the workspace ${workspace} once its links are followed: only files inside it are read.`,
      ],
    ]);
    // Two of the entries name the same address: one contract, failed, beside the one verified.
    expect(action.summary).toContain("<p>2 contracts&#58; 1 verified, 1 failed</p>");
  }, 60_000);

  it("refuses a key that cannot travel in a header, and credentials in the explorer URL, before sending anything", async () => {
    const badKey = await run({ "api-key": "key\u2603" });
    expect(badKey.stdout).toContain(
      "::error::The API key has a character that cannot be sent in an HTTP header (a line break, a control character or one above U+00FF): check that the key was copied whole and alone.",
    );
    const withCredentials = await run({
      "explorer-url": explorer.url.replace("http://", "http://user:hunter2@"),
    });
    expect(withCredentials.stdout).toContain(
      "::error::The explorer URL carries credentials (user:password@ or a key in its query); give the explorer's address alone, and the key as the API key, which is kept out of every log.",
    );
    expect(
      `${withCredentials.stdout.replace("::add-mask::hunter2", "")}${withCredentials.stderr}`,
    ).not.toContain("hunter2");
    expect(explorer.requests).toEqual([]);
  }, 60_000);

  it("fails fast with one clear line when the explorer cannot be reached", async () => {
    const closed = await startHostileExplorer();
    const url = closed.url;
    await closed.close();
    const action = await run({ "explorer-url": url });
    expect(results(action).map((r) => [r.status, r.message])).toEqual([
      ["failed", `Could not reach ${new URL(url).host}: the connection was refused.`],
    ]);
    expect(action.stdout).not.toMatch(/retrying|submitting without it/);
  }, 60_000);
});
