import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";
import { bundleOf, bundleText } from "../../src/run/jobs/bundleWriter.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { runActionInProcess } from "../support/actionInProcess.js";
import { parseOutputFile } from "../support/actionRunner.js";
import { testAddress } from "../support/addresses.js";

// Every failure reaches the user, through the Action's entry: seven contracts on each of two chains, the same
// addresses on both, sent to a chain's own Etherscan-compatible endpoint that names its site, and refused every one.
// GitHub shows 10 error annotations per step: the step writes 9 for its records (the last saying how many more) and
// its verdict; the job summary holds all 14 records, a row each with its chain, each linked to the endpoint's site.
// The CLI's table, from the same endpoint named with --endpoint-site, links each row there too.
const chains = [10, 8453] as const;
const addresses = Array.from({ length: 7 }, (_, index) => testAddress(0xb00 + index));
const refusal = "Fail - Unable to verify. Compiled contract deployment bytecode does NOT match";
const site = (chainId: number) => `https://scan.example/${chainId}`;

let endpoint: { url: string; server: Server; submissions: string[] };
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-every-failure-"));
  const jobs = chains.flatMap((chainId) =>
    addresses.map((address) => ({
      address,
      chainId,
      source: {
        format: "flattened" as const,
        sourceCode: "contract Box {}",
        compilerVersion: "v0.8.28+commit.7893614a",
        contractName: "Box",
        optimizer: { enabled: false, runs: 200 },
      },
    })),
  );
  await writeFile(join(workspace, "verification.json"), bundleText(bundleOf(jobs, undefined).bundle));
  // An Etherscan-compatible endpoint (the contract module): nothing verified, every submission refused.
  const submissions: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const fields = new URLSearchParams(body);
      for (const [name, value] of new URL(request.url ?? "/", "http://x").searchParams)
        fields.set(name, value);
      const answer = (json: unknown) =>
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(json));
      if (fields.get("action") === "verifysourcecode") {
        submissions.push(
          `${fields.get("chainid")} ${/contractaddress\W+(0x[0-9a-f]{40})/i.exec(body)?.[1]?.toLowerCase()}`,
        );
        return answer({ status: "0", message: "NOTOK", result: refusal });
      }
      if (fields.get("action") === "getsourcecode")
        return answer({
          status: "1",
          message: "OK",
          result: [{ SourceCode: "", ABI: "Contract source code not verified", ContractName: "" }],
        });
      answer({ status: "0", message: "NOTOK", result: "Error! Missing Or invalid Action name" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server, submissions };
});

afterAll(async () => {
  endpoint?.server.closeAllConnections();
  await new Promise((resolve) => endpoint?.server.close(resolve));
  await rm(workspace, { recursive: true, force: true });
});

describe("the Action with more failures than GitHub annotates", () => {
  it("annotates 9 and says how many more, and its summary holds every record with its chain and site link", async () => {
    const outputFile = join(workspace, "output.txt");
    const summaryFile = join(workspace, "summary.md");
    await writeFile(outputFile, "");
    await writeFile(summaryFile, "");
    const { log, exitCode } = await runActionInProcess(
      {
        bundle: "verification.json",
        targets: "etherscan",
        endpoints: chains.map((chainId) => `${chainId}=etherscan=${endpoint.url}`).join("\n"),
        "endpoint-keys": chains.map((chainId) => `${chainId}=etherscan=SCAN_KEY`).join("\n"),
        "endpoint-sites": chains.map((chainId) => `${chainId}=etherscan=${site(chainId)}/`).join("\n"),
        ledger: "none",
      },
      {
        GITHUB_WORKSPACE: workspace,
        RUNNER_TEMP: workspace,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        SCAN_KEY: "scan-key-0123456789",
      },
    );
    expect(exitCode).toBe(1);
    expect(endpoint.submissions.sort()).toEqual(
      chains.flatMap((chainId) => addresses.map((address) => `${chainId} ${address.toLowerCase()}`)).sort(),
    );
    const records = JSON.parse(
      parseOutputFile(await readFile(outputFile, "utf8")).results ?? "[]",
    ) as VerificationResult[];
    expect(records).toHaveLength(14);
    // Records link to the endpoint's site, on their own chain.
    for (const record of records) {
      expect(record).toMatchObject({ status: "failed", explorer: site(record.chainId ?? 0) });
      expect(record.url).toBe(`${site(record.chainId ?? 0)}/address/${record.address}#code`);
    }

    const errors = log.split("\n").filter((line) => line.startsWith("::error"));
    expect(errors).toHaveLength(10);
    expect(
      errors.slice(0, 9).every((line) => line.startsWith("::error title=Verification failed (chain ")),
    ).toBe(true);
    expect(errors[8]).toContain(
      "(5 more failures not annotated here, as GitHub shows 10 per step: the job summary lists every failure)",
    );
    expect(errors[9]).toBe("::error::14 of 14 contracts could not be verified.");

    const summary = await readFile(summaryFile, "utf8");
    expect(summary).toContain(
      `<p>Explorers: chain 10: <a href="${site(10)}">https&#58;//scan.example/10</a>; chain 8453: <a href="${site(8453)}">https&#58;//scan.example/8453</a></p>`,
    );
    expect(summary).toContain("<p>14 contracts on 2 chains&#58; 14 failed</p>");
    expect(summary).toContain(
      "<tr><th>Contract</th><th>Chain</th><th>Address</th><th>Status</th><th>Time</th><th>Message</th></tr>",
    );
    const rows = summary.match(/<tr><td>.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(14);
    for (const chainId of chains)
      for (const address of addresses)
        expect(
          rows.filter((row) =>
            row.startsWith(
              `<tr><td>Box.sol&#58;Box</td><td>${chainId}</td><td><a href="${site(chainId)}/address/${address}#code">${address}</a></td><td>❌ failed</td>`,
            ),
          ),
        ).toHaveLength(1);
  }, 60_000);
});

describe("the CLI with a chain's own endpoint that names its site", () => {
  it("links each row of its table to the site, on its own chain", async () => {
    let printed = "";
    const capture = (chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    };
    const out = jest.spyOn(process.stdout, "write").mockImplementation(capture);
    const err = jest.spyOn(process.stderr, "write").mockImplementation(capture);
    const saved = process.env.SCAN_KEY;
    process.env.SCAN_KEY = "scan-key-0123456789";
    try {
      const code = await main([
        "verify",
        "--bundle",
        join(workspace, "verification.json"),
        "--targets",
        "etherscan",
        "--ledger",
        join(workspace, "cli-ledger.json"),
        ...chains.flatMap((chainId) => [
          "--endpoint",
          `${chainId}=etherscan=${endpoint.url}`,
          "--endpoint-key",
          `${chainId}=etherscan=SCAN_KEY`,
          "--endpoint-site",
          `${chainId}=etherscan=${site(chainId)}`,
        ]),
      ]);
      expect({ code, printed: code === 1 ? "" : printed }).toEqual({ code: 1, printed: "" });
    } finally {
      out.mockRestore();
      err.mockRestore();
      if (saved === undefined) delete process.env.SCAN_KEY;
      else process.env.SCAN_KEY = saved;
    }
    const rows = printed.split("\n").filter((line) => line.startsWith("Box.sol:Box "));
    expect(rows).toHaveLength(14);
    for (const chainId of chains)
      for (const address of addresses)
        expect(rows).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^Box\\.sol:Box +${chainId} +${address} +FAILED +\\d+\\.\\d s +${site(chainId)}/address/${address}#code$`,
            ),
          ),
        );
  }, 60_000);
});
