import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import {
  ExplorerError,
  InvalidInputError,
  NotAContractError,
  verifySourceCode,
} from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();
const address = testAddress(0xa1);
const input = {
  language: "Solidity",
  sources: { "contracts/Token.sol": { content: "contract Token {}" } },
  settings: { optimizer: { enabled: true, runs: 200 } },
};
const standardJson = {
  codeFormat: "solidity-standard-json-input" as const,
  address,
  contractName: "contracts/Token.sol:Token",
  compilerVersion: "v0.8.28+commit.7893614a",
  standardJsonInput: input,
  constructorArguments: "0x0000000000000000000000000000000000000000000000000000000000000001",
  licenseType: "mit",
};

describe("verifysourcecode", () => {
  it("sends standard JSON as a multipart form and returns the guid Blockscout makes from address and time", async () => {
    explorer.backend.addContract(address);
    const before = Math.floor(Date.now() / 1_000);
    const outcome = await verifySourceCode(transport, standardJson);
    expect(outcome.kind).toBe("guid");
    const guid = outcome.kind === "guid" ? outcome.guid : "";
    expect(guid.slice(0, 40)).toBe(address.slice(2));
    expect(Number.parseInt(guid.slice(40), 16)).toBeGreaterThanOrEqual(before);
    const [request] = explorer.requests;
    expect(request?.method).toBe("POST");
    expect(request?.query).toEqual({ module: "contract", action: "verifysourcecode" });
    expect(request?.bodyFormat).toBe("multipart");
    expect(request?.body).toEqual({
      codeformat: "solidity-standard-json-input",
      contractaddress: address,
      contractname: "contracts/Token.sol:Token",
      compilerversion: "v0.8.28+commit.7893614a",
      sourceCode: JSON.stringify(input),
      constructorArguments: "0000000000000000000000000000000000000000000000000000000000000001",
      constructorArguements: "0000000000000000000000000000000000000000000000000000000000000001",
      licenseType: "mit",
    });
    expect(explorer.backend.submissions[0]).toMatchObject({
      format: "standard-json",
      standardJsonInput: JSON.stringify(input),
    });
  });

  it("sends a single file with optimizationUsed, runs, evmversion in both spellings and library name/address pairs", async () => {
    explorer.backend.addContract(address);
    const outcome = await verifySourceCode(transport, {
      codeFormat: "solidity-single-file",
      address,
      contractName: "Token",
      compilerVersion: "v0.8.28+commit.7893614a",
      sourceCode: "pragma solidity ^0.8.28;\n\ncontract Token {}\n",
      optimizationUsed: true,
      runs: 1000,
      evmVersion: "cancun",
      libraries: { Math: testAddress(0x11) },
    });
    expect(outcome.kind).toBe("guid");
    expect(explorer.requests[0]?.body).toEqual({
      codeformat: "solidity-single-file",
      contractaddress: address,
      contractname: "Token",
      compilerversion: "v0.8.28+commit.7893614a",
      sourceCode: "pragma solidity ^0.8.28;\n\ncontract Token {}\n",
      optimizationUsed: "1",
      runs: "1000",
      evmversion: "cancun",
      evmVersion: "cancun",
      libraryname1: "Math",
      libraryaddress1: testAddress(0x11),
    });
  });

  it("takes Blockscout's `Smart-contract already verified.` (result repeating it) as already verified", async () => {
    explorer.backend.addContract(address, { verified: {} });
    await expect(verifySourceCode(transport, standardJson)).resolves.toEqual({
      kind: "already-verified",
      message: "Smart-contract already verified.",
    });
  });

  it("takes Etherscan's `Contract source code already verified` (status 0) as already verified", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"status":"0","message":"NOTOK","result":"Contract source code already verified"}',
    });
    await expect(verifySourceCode(transport, standardJson)).resolves.toEqual({
      kind: "already-verified",
      message: "Contract source code already verified",
    });
  });

  it.each([
    "[]",
    "{}",
    `{"Address":"${testAddress(0xa1)}","SourceCode":"contract A {}"}`,
    `"ok then"`,
    `"0x12"`,
  ])(
    "takes an OK without a guid (result %s) for no verdict, and no mistake of the user's: verifysourcecode answers a guid",
    async (result) => {
      explorer.faults.next({
        kind: "status",
        status: 200,
        contentType: "application/json",
        body: `{"status":"1","message":"OK","result":${result}}`,
      });
      await expect(verifySourceCode(transport, standardJson)).rejects.toMatchObject({
        code: "invalid_response",
      });
    },
  );

  it("throws NotAContractError for Blockscout's text and for the older and Etherscan texts", async () => {
    const texts = [
      "Address is not a smart-contract",
      "The address is not a smart contract",
      `Unable to locate ContractCode at ${address}`,
    ];
    const first = await verifySourceCode(transport, standardJson).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(NotAContractError);
    for (const text of texts.slice(1)) {
      explorer.faults.next({
        kind: "status",
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ status: "0", message: "NOTOK", result: text }),
      });
      const error = await verifySourceCode(transport, standardJson).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotAContractError);
    }
  });

  it.each([
    [{ codeformat: "vyper-json", contractaddress: address }, "Missing codeformat field"],
    [{ contractaddress: address }, "Missing codeformat field"],
    [{ codeformat: "solidity-single-file" }, "Missing codeformat field"],
    [
      { codeformat: "solidity-standard-json-input", contractaddress: address },
      "Missing sourceCode or contractaddress fields",
    ],
  ])("the explorer answers %j with `%s`", async (fields, message) => {
    const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
    const { multipartBody } = await import("../../../src/client/requestBody.js");
    const answer = await callContractAction(transport, {
      action: "verifysourcecode",
      body: await multipartBody(fields),
      kind: "submit",
    });
    expect(answer.envelope).toEqual({ status: "0", message, result: null });
  });

  it("surfaces `contractname is required.` (result repeating it) as an ExplorerError", async () => {
    const { callContractAction, rejection } = await import(
      "../../../src/client/contract/callContractAction.js"
    );
    const { multipartBody } = await import("../../../src/client/requestBody.js");
    const answer = await callContractAction(transport, {
      action: "verifysourcecode",
      body: await multipartBody({
        codeformat: "solidity-standard-json-input",
        contractaddress: address,
        sourceCode: "{}",
        compilerversion: "v0.8.28+commit.7893614a",
      }),
      kind: "submit",
    });
    expect(answer.envelope).toEqual({
      status: "0",
      message: "contractname is required.",
      result: "contractname is required.",
    });
    expect(rejection(answer)).toBeInstanceOf(ExplorerError);
  });

  it("the explorer answers a bad optimizationUsed with `optimizationUsed has invalid format`", async () => {
    const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
    const { multipartBody } = await import("../../../src/client/requestBody.js");
    const answer = await callContractAction(transport, {
      action: "verifysourcecode",
      body: await multipartBody({
        codeformat: "solidity-single-file",
        contractaddress: address,
        contractname: "A",
        compilerversion: "v0.8.28+commit.7893614a",
        optimizationUsed: "yes",
        sourceCode: "contract A {}",
      }),
      kind: "submit",
    });
    expect(answer.envelope.message).toBe("optimizationUsed has invalid format");
  });

  it.each([
    [{ standardJsonInput: "{not json" }, "standardJsonInput", "The standard JSON input is not valid JSON."],
    [
      { standardJsonInput: { settings: {} } },
      "standardJsonInput",
      "The standard JSON input needs at least `language` and `sources` (the compiler's input format).",
    ],
    [
      { address: "0xabc" },
      "address",
      'Invalid address "0xabc": expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      { compilerVersion: "latest" },
      "compilerVersion",
      'Invalid compiler version "latest": expected the long form, like v0.8.28+commit.7893614a.',
    ],
    [
      { codeFormat: "solidity-flattened" },
      "codeFormat",
      'Invalid codeFormat "solidity-flattened": use solidity-standard-json-input, solidity-single-file or vyper-json.',
    ],
  ])("rejects bad input %# before sending anything", async (override, field, message) => {
    const error = await verifySourceCode(transport, { ...standardJson, ...override } as never).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field, shortMessage: message });
    expect(explorer.requests).toHaveLength(0);
  });
});
