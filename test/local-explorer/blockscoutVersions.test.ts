import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { request } from "undici";
import { getSourceCode } from "../../src/client/contract/getSourceCode.js";
import { verifySourceCode } from "../../src/client/contract/verifySourceCode.js";
import { getSmartContractStatus, iterateInternalTransactions } from "../../src/client/rest/index.js";
import type { BlockscoutVersion } from "../../src/local-explorer/blockscoutVersion.js";
import { blockscoutShapes } from "../../src/local-explorer/blockscoutVersion.js";
import { createRestHandler } from "../../src/local-explorer/rest/restHandler.js";
import { testAddress } from "../support/addresses.js";
import { InMemoryRestData, internalTransaction } from "../support/restData.js";
import { startTestExplorer, type TestExplorer } from "../support/testExplorer.js";
import { transportFor } from "../support/transportFor.js";

// The protocol layer answering as Blockscout 11 and as Blockscout 12 (blockscout-api.md §21), over the scripted
// backend: what each sends on the wire, what each refuses, and that the client reads both alike.
const args = "00000000000000000000000000000000000000000000000000000000000000ff";
const contract = testAddress(0xb12);
const verified = {
  contractName: "Vault",
  compilerVersion: "v0.8.28+commit.7893614a",
  sourceCode: "contract Vault {}",
  fileName: "contracts/Vault.sol",
  abi: [],
  constructorArguments: args,
  additionalSources: [{ Filename: "contracts/Lib.sol", SourceCode: "library Lib {}" }],
};

const explorers: Record<BlockscoutVersion, TestExplorer | undefined> = { "11": undefined, "12": undefined };

beforeAll(async () => {
  for (const version of ["11", "12"] as const)
    explorers[version] = await startTestExplorer({ blockscoutVersion: version, smartContractStatus: true });
});

afterAll(async () => {
  await Promise.all(Object.values(explorers).map((explorer) => explorer?.close()));
});

function explorerOf(version: BlockscoutVersion): TestExplorer {
  const explorer = explorers[version];
  if (!explorer) throw new Error(`no Blockscout ${version} explorer`);
  explorer.reset();
  return explorer;
}

async function json(url: string, init?: Parameters<typeof request>[1]): Promise<unknown> {
  return (await request(url, init)).body.json();
}

/** A multipart POST of a registry upload to `verify_via_sourcify`. */
async function upload(explorer: TestExplorer, metadataName: string): Promise<unknown> {
  const body = new FormData();
  body.append("addressHash", contract);
  body.append("files[0]", new Blob(["{}"], { type: "application/json" }), metadataName);
  body.append("files[1]", new Blob(["contract Vault {}"], { type: "text/plain" }), "contracts/Vault.sol");
  const response = await fetch(`${explorer.url}/api?module=contract&action=verify_via_sourcify`, {
    method: "POST",
    body,
  });
  return response.json();
}

/** A form-encoded POST to the RPC module. */
function post(explorer: TestExplorer, action: string, fields: Record<string, string>): Promise<unknown> {
  return json(`${explorer.url}/api?module=contract&action=${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

describe.each([
  ["11", args, "contracts/Lib.sol"],
  ["12", `0x${args}`, "/contracts/Lib.sol"],
] as const)("Blockscout %s", (version, wireArguments, wireLibName) => {
  it("sends ConstructorArguments, constructor_args and AdditionalSources in its shape", async () => {
    const explorer = explorerOf(version);
    explorer.backend.addContract(contract, { verified });
    const item = await json(`${explorer.url}/api?module=contract&action=getsourcecode&address=${contract}`);
    expect(item).toMatchObject({
      status: "1",
      result: [
        {
          ConstructorArguments: wireArguments,
          FileName: "contracts/Vault.sol",
          AdditionalSources: [{ Filename: wireLibName, SourceCode: "library Lib {}" }],
        },
      ],
    });
    const status = await json(`${explorer.url}/api/v2/smart-contracts/${contract}`);
    expect(status).toMatchObject({ is_verified: true, constructor_args: wireArguments });
  });

  it("is read by the client as the same contract: hex without 0x, the compiler's source names", async () => {
    const explorer = explorerOf(version);
    explorer.backend.addContract(contract, { verified });
    const transport = transportFor(explorer);
    await expect(getSourceCode(transport, { address: contract })).resolves.toMatchObject({
      constructorArguments: args,
      fileName: "contracts/Vault.sol",
      additionalSources: [{ fileName: "contracts/Lib.sol", sourceCode: "library Lib {}" }],
    });
    await expect(getSmartContractStatus(transport, { address: contract })).resolves.toMatchObject({
      isVerified: true,
      constructorArguments: args,
    });
  });

  it("receives constructor arguments from the client as bare hex, even when given with 0x", async () => {
    const explorer = explorerOf(version);
    explorer.backend.addContract(contract);
    await verifySourceCode(transportFor(explorer), {
      codeFormat: "solidity-standard-json-input",
      address: contract,
      contractName: "contracts/Vault.sol:Vault",
      compilerVersion: "v0.8.28+commit.7893614a",
      standardJsonInput: { language: "Solidity", sources: {} },
      constructorArguments: `0x${args}`,
    });
    expect(explorer.requestsFor("verifysourcecode")[0]?.body).toMatchObject({
      constructorArguments: args,
      constructorArguements: args,
    });
    expect(explorer.backend.submissions.map((submission) => submission.constructorArguments)).toEqual([args]);
  });
});

describe("what Blockscout 12 refuses and 11 takes", () => {
  const notHex = "Vault, 7";
  const submissions: Array<[string, Record<string, string>]> = [
    [
      "verify",
      {
        addressHash: contract,
        name: "Vault",
        compilerVersion: "v0.8.28+commit.7893614a",
        optimization: "false",
        contractSourceCode: "contract Vault {}",
        constructorArguments: notHex,
      },
    ],
    [
      "verify_vyper_contract",
      {
        addressHash: contract,
        name: "Vault",
        compilerVersion: "v0.3.10+commit.91361694",
        contractSourceCode: "# @version 0.3.10",
        constructorArguments: notHex,
      },
    ],
    [
      "verifysourcecode",
      {
        codeformat: "solidity-standard-json-input",
        contractaddress: contract,
        contractname: "contracts/Vault.sol:Vault",
        compilerversion: "v0.8.28+commit.7893614a",
        sourceCode: '{"language":"Solidity","sources":{}}',
        constructorArguments: notHex,
      },
    ],
  ];

  it.each(submissions)("%s with constructor arguments that are not hex", async (action, fields) => {
    const twelve = explorerOf("12");
    twelve.backend.addContract(contract);
    expect(await post(twelve, action, fields)).toEqual({
      status: "0",
      message: "Invalid constructor arguments: expected hex bytes",
      result: null,
    });
    expect(twelve.backend.submissions).toEqual([]);
    const eleven = explorerOf("11");
    eleven.backend.addContract(contract);
    expect(await post(eleven, action, fields)).toMatchObject({ status: "1" });
    expect(eleven.backend.submissions.map((submission) => submission.constructorArguments)).toEqual([notHex]);
  });

  it("verify_via_sourcify without a part named exactly metadata.json: Sourcify did not return metadata", async () => {
    const twelve = explorerOf("12");
    twelve.backend.addContract(contract);
    expect(await upload(twelve, "Vault.metadata.json")).toEqual({
      status: "0",
      message: "Sourcify did not return metadata",
      result: null,
    });
    expect(twelve.backend.submissions).toEqual([]);
    const eleven = explorerOf("11");
    eleven.backend.addContract(contract);
    expect(await upload(eleven, "Vault.metadata.json")).toMatchObject({ status: "1" });
  });

  it("verify_via_sourcify that finds no match: Contract is not verified (11: the verifier's own reason)", async () => {
    for (const [version, message] of [
      ["12", "Contract is not verified"],
      ["11", "Bytecode does not match, please try again."],
    ] as const) {
      const explorer = explorerOf(version);
      explorer.backend.addContract(contract).script(contract, { result: "fail" });
      expect(await upload(explorer, "metadata.json")).toEqual({ status: "0", message, result: null });
    }
  });
});

describe("next_page_params", () => {
  const data = new InMemoryRestData().setInternalTransactions(
    Array.from({ length: 60 }, (_, i) => internalTransaction(100 - Math.floor(i / 10), i % 10, 0)),
  );

  it.each([
    ["11", 200],
    ["12", 422],
  ] as const)("Blockscout %s answers `limit` of /internal-transactions with %s", async (version, status) => {
    const explorer = await startTestExplorer({ rest: createRestHandler(data, blockscoutShapes(version)) });
    try {
      const answer = await request(`${explorer.url}/api/v2/internal-transactions?limit=5`);
      expect(answer.statusCode).toBe(status);
      const body = (await answer.body.json()) as { items?: unknown[]; errors?: unknown };
      if (status === 200) expect(body.items).toHaveLength(5);
      else expect(JSON.stringify(body.errors)).toContain("Unexpected field: limit");
    } finally {
      await explorer.close();
    }
  });

  it.each([
    ["11", true],
    ["12", false],
  ] as const)(
    "Blockscout %s echoes the API key `key`, `state_filter` and `items_count`: %s; the client reads every page either way",
    async (version, echoed) => {
      const explorer = await startTestExplorer({ rest: createRestHandler(data, blockscoutShapes(version)) });
      try {
        const first = (await json(
          `${explorer.url}/api/v2/internal-transactions?key=k-0123456789&state_filter=x`,
        )) as {
          next_page_params: Record<string, unknown>;
        };
        expect(first.next_page_params).toMatchObject({ block_number: 96 });
        for (const name of ["key", "state_filter", "items_count"])
          expect(name in first.next_page_params).toBe(echoed);
        const transport = transportFor(explorer, { apiKey: "k-0123456789" });
        const items = [];
        for await (const page of iterateInternalTransactions(transport, {})) items.push(...page.items);
        expect(items).toHaveLength(60);
      } finally {
        await explorer.close();
      }
    },
  );
});
