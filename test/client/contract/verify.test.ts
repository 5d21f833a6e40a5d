import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import { ExplorerError, InvalidInputError, NotAContractError, verify } from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();
const address = testAddress(0xab);
const source = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Box { uint256 public x; }";

const submission = {
  address,
  name: "Box",
  compilerVersion: "v0.8.28+commit.7893614a",
  optimization: true,
  optimizationRuns: 200,
  evmVersion: "paris",
  contractSourceCode: source,
  constructorArguments: "0x00000000000000000000000000000000000000000000000000000000000000ff",
  libraries: { Math: testAddress(0x11), Strings: testAddress(0x12) },
};

describe("verify (flattened, JSON body)", () => {
  it("sends a JSON POST with both constructor-args spellings and library slots, and reads the synchronous contract object", async () => {
    explorer.backend.addContract(address);
    const outcome = await verify(transport, submission);
    expect(outcome).toMatchObject({
      kind: "verified",
      contract: {
        address,
        contractName: "Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        optimizationRuns: 200,
      },
    });
    const [request] = explorer.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/api");
    expect(request?.query).toEqual({ module: "contract", action: "verify" });
    expect(request?.bodyFormat).toBe("json");
    expect(request?.body).toEqual({
      addressHash: address,
      name: "Box",
      compilerVersion: "v0.8.28+commit.7893614a",
      optimization: true,
      optimizationRuns: 200,
      evmVersion: "paris",
      contractSourceCode: source,
      constructorArguments: "00000000000000000000000000000000000000000000000000000000000000ff",
      constructorArguements: "00000000000000000000000000000000000000000000000000000000000000ff",
      library1Name: "Math",
      library1Address: testAddress(0x11),
      library2Name: "Strings",
      library2Address: testAddress(0x12),
    });
  });

  it("reads a guid answer (the specification's form) as a guid to poll", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"status":"1","message":"OK","result":"00000000000000000000000000000000000000ab6a86ec40"}',
    });
    await expect(verify(transport, submission)).resolves.toEqual({
      kind: "guid",
      guid: "00000000000000000000000000000000000000ab6a86ec40",
    });
  });

  it.each([
    ["an empty list", "[]"],
    ["an empty object", "{}"],
    [
      "another address's contract",
      `{"Address":"${testAddress(0xcd)}","SourceCode":"contract A {}","ContractName":"A"}`,
    ],
  ])("takes an OK that holds %s for no verdict", async (_, result) => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: `{"status":"1","message":"OK","result":${result}}`,
    });
    await expect(verify(transport, submission)).rejects.toMatchObject({
      code: "invalid_response",
      message: expect.stringContaining(
        `says OK but holds neither a guid nor the verified contract at ${address}`,
      ),
    });
  });

  it("treats `Smart-contract already verified.` as already verified, not an error", async () => {
    explorer.backend.addContract(address, { verified: {} });
    await expect(verify(transport, submission)).resolves.toEqual({
      kind: "already-verified",
      message: "Smart-contract already verified.",
    });
  });

  it("throws NotAContractError for `Address is not a smart-contract`", async () => {
    const error = await verify(transport, submission).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAContractError);
    expect((error as NotAContractError).explorerMessage).toBe("Address is not a smart-contract");
  });

  it("carries the publishing failure text whole", async () => {
    explorer.backend.addContract(address);
    explorer.backend.script(address, {
      result: "fail",
      failReason: "Bytecode does not match, please try again.",
    });
    const error = await verify(transport, submission).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExplorerError);
    expect((error as ExplorerError).explorerMessage).toBe(
      'Something went wrong while publishing the contract: [contract_source_code: {"Bytecode does not match, please try again.", []}]',
    );
  });

  it.each(["name", "compilerVersion", "optimization", "contractSourceCode"])(
    "the explorer answers `%s is required.` when the field is missing",
    async (key) => {
      const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
      const { jsonBody } = await import("../../../src/client/requestBody.js");
      const body: Record<string, unknown> = {
        addressHash: address,
        name: "Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        optimization: false,
        contractSourceCode: source,
      };
      delete body[key];
      const answer = await callContractAction(transport, {
        action: "verify",
        body: jsonBody(body),
        kind: "submit",
      });
      expect(answer.envelope).toEqual({ status: "0", message: `${key} is required.`, result: null });
    },
  );

  it("gets HTTP 500 `Something went wrong.` without addressHash, as an ExplorerError", async () => {
    const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
    const { jsonBody } = await import("../../../src/client/requestBody.js");
    const error = await callContractAction(transport, {
      action: "verify",
      body: jsonBody({ name: "Box" }),
      kind: "submit",
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "explorer_error",
      httpStatus: 500,
      explorerMessage: "Something went wrong.",
    });
  });

  it.each([
    [
      { libraries: Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`L${i}`, testAddress(i + 1)])) },
      "libraries",
      "verify has 5 library slots, but 6 libraries were given. Verify with standard JSON input instead: it carries any number of libraries.",
    ],
    [
      { libraries: { Math: "0x1" } },
      'libraries["Math"]',
      'Invalid libraries["Math"] "0x1": expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      { compilerVersion: "0.8.28" },
      "compilerVersion",
      'Invalid compiler version "0.8.28": expected the long form, like v0.8.28+commit.7893614a.',
    ],
    [
      { constructorArguments: "0xabc" },
      "constructorArguments",
      'Invalid constructorArguments "0xabc": expected hex bytes (an even number of hex digits, 0x optional).',
    ],
    [{ name: "" }, "name", "name is required and must be a non-empty string."],
    [
      { contractSourceCode: "x".repeat(20_000_001) },
      "sourceCode",
      "The source is 20.0 MB; explorers accept at most 20 MB per request.",
    ],
  ])("rejects bad input %# before sending anything", async (override, field, message) => {
    const error = await verify(transport, { ...submission, ...override }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ field, shortMessage: message });
    expect(explorer.requests).toHaveLength(0);
  });
});
