import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "@jest/globals";
import { maxJsonDepth } from "../../src/kernel/jsonDepth.js";
import { RunReporter } from "../../src/run/report/runReporter.js";
import { runCopy } from "../../src/run/runners/runCopy.js";
import type { RunTargets } from "../../src/run/targets/targets.js";
import { testAddress } from "../support/addresses.js";
import { useScriptedServers } from "../support/scriptedServer.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutTargetAt } from "../support/verifiers.js";

// What `copy` does not copy because of what the service it reads from answered: a failed record that says why on the
// service it would verify on, and nothing sent there. The source is a loopback server answering `getsourcecode`; the
// destination is the test explorer, which records every request it gets.
const { explorer } = await useTestExplorer();
const serve = useScriptedServers();
const chainId = 31337;

/** Etherscan's answer to `getsourcecode` with one item, the request's URL kept. */
function sourceCodeAnswer(item: Record<string, unknown>, urls: string[] = []) {
  return (request: IncomingMessage, response: ServerResponse) => {
    urls.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ status: "1", message: "OK", result: [item] }));
  };
}

function fromEtherscanAt(url: string): RunTargets {
  return {
    targets: [
      {
        service: "etherscan",
        chainId,
        required: true,
        apiUrl: `${url}/v2/api`,
        apiKey: "ETHERSCAN-COPY-KEY-0001",
        siteUrl: "https://explorer.etherscan.test",
        shownUrl: `${url}/v2/api`,
        reason: "the test's source",
      },
      blockscoutTargetAt(explorer.url, { chainId }),
    ],
    chainIds: [chainId],
    localExplorers: [],
    close: async () => {},
  };
}

async function copy(address: string, from: "etherscan" | "blockscout", targets: RunTargets) {
  const lines: string[] = [];
  const records = await runCopy({
    addresses: [address],
    from,
    targets,
    settings: { concurrency: 1, timeoutSeconds: 60, force: false, wait: true, preflight: false },
    reporter: new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) }),
  });
  return { records: [...records], lines };
}

const item = {
  ABI: "[]",
  ContractName: "Box",
  CompilerVersion: "v0.8.28+commit.7893614a",
  CompilerType: "solc",
  OptimizationUsed: "1",
  Runs: "200",
  ConstructorArguments: "",
  EVMVersion: "Default",
  Library: "",
  ContractFileName: "contracts/Box.sol",
  LicenseType: "MIT",
  Proxy: "0",
  Implementation: "",
  SwarmSource: "",
  SimilarMatch: "",
};

describe("copy from Etherscan", () => {
  it("does not copy a cut-short double-brace answer as a Solidity file: the record says the answer cannot be read, nothing is sent", async () => {
    const address = testAddress(0xc1);
    const urls: string[] = [];
    const source = await serve(
      sourceCodeAnswer(
        {
          ...item,
          SourceCode: '{{"language":"Solidity","sources":{"contracts/Box.sol":{"content":"contract Bo',
        },
        urls,
      ),
    );
    const { records } = await copy(address, "etherscan", fromEtherscanAt(source.url));
    expect(urls).toHaveLength(1);
    expect(
      records.map((record) => [record.address, record.status, record.attempts, record.error, record.message]),
    ).toEqual([
      [
        address,
        "failed",
        0,
        { code: "invalid_response" },
        `Not copied: Etherscan's answer cannot be read: the SourceCode it holds for ${address} starts with "{" but is neither a standard JSON input nor a set of files (a Solidity file never starts with "{").`,
      ],
    ]);
    expect(explorer.requests).toEqual([]);
  });

  it("does not copy an input whose settings nest 100,000 deep: the record says the answer cannot be read, nothing is sent", async () => {
    const address = testAddress(0xc2);
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const sourceCode = `{{"language":"Solidity","sources":{"contracts/Box.sol":{"content":"contract Box {}"}},"settings":{"deep":${deep}}}}`;
    const source = await serve(sourceCodeAnswer({ ...item, SourceCode: sourceCode }));
    const { records } = await copy(address, "etherscan", fromEtherscanAt(source.url));
    expect(
      records.map((record) => [record.address, record.status, record.attempts, record.error, record.message]),
    ).toEqual([
      [
        address,
        "failed",
        0,
        { code: "invalid_response" },
        `Not copied: Etherscan's answer cannot be read: its input nests objects and arrays more than ${maxJsonDepth} deep, which no standard JSON input does.`,
      ],
    ]);
    expect(explorer.requests).toEqual([]);
  });
});

describe("copy from Blockscout", () => {
  it("does not copy an answer whose Address names another contract: the record says so, nothing is sent", async () => {
    const address = testAddress(0xc5);
    const other = testAddress(0xc6);
    explorer.backend.addContract(address, {
      verified: {
        contractName: "Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        sourceCode: "contract Box {}\n",
      },
    });
    // The explorer's own answers, getsourcecode's item naming another address.
    const source = await serve((request, response) => {
      void (async () => {
        const answer = await fetch(`${explorer.url}${request.url ?? "/"}`);
        const body = (await answer.json()) as { result?: Array<Record<string, unknown>> };
        if (request.url?.startsWith("/api?") && body.result?.[0]) body.result[0].Address = other;
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      })();
    });
    const sourcify = await serve((_request, response) => {
      response.writeHead(500);
      response.end();
    });
    const { records } = await copy(address, "blockscout", {
      targets: [
        blockscoutTargetAt(source.url, { chainId }),
        {
          service: "sourcify",
          chainId,
          required: true,
          apiUrl: sourcify.url,
          siteUrl: "https://repo.sourcify.test",
          shownUrl: sourcify.url,
          reason: "the test's destination",
        },
      ],
      chainIds: [chainId],
      localExplorers: [],
      close: async () => {},
    });
    expect(
      records.map((record) => [record.address, record.status, record.attempts, record.error, record.message]),
    ).toEqual([
      [
        address,
        "failed",
        0,
        { code: "not_verified", details: "unverified" },
        `Not copied: Blockscout's answer for ${address} is about another contract (${other}): it holds no verified sources of ${address}'s to copy.`,
      ],
    ]);
    expect(sourcify.seen.requests).toBe(0);
  });
});
