import { describe, expect, it } from "@jest/globals";
import { callContractAction } from "../../src/client/contract/callContractAction.js";
import { multipartBody } from "../../src/client/requestBody.js";
import { transportFor } from "../support/transportFor.js";
import { useTestExplorer } from "../support/useTestExplorer.js";

const { explorer } = await useTestExplorer();

describe("the contract module's address errors, as Blockscout words them", () => {
  const notHex = "0xnothex";
  it.each([
    ["getsourcecode", {}, { status: "0", message: "Query parameter address is required", result: null }],
    ["getsourcecode", { address: notHex }, { status: "0", message: "Invalid address hash", result: null }],
    ["getabi", { address: notHex }, { status: "0", message: "Invalid address hash", result: null }],
    [
      "verifyproxycontract",
      { address: notHex },
      { status: "0", message: "Invalid address hash", result: null },
    ],
    [
      "verify_via_sourcify",
      { addressHash: notHex },
      { status: "0", message: "Invalid address hash", result: null },
    ],
    [
      "verifysourcecode",
      {
        codeformat: "solidity-standard-json-input",
        contractaddress: notHex,
        sourceCode: "{}",
        contractname: "A",
        compilerversion: "v",
      },
      { status: "0", message: "Invalid address hash", result: "Invalid address hash" },
    ],
  ])("%s %j", async (action, params, expected) => {
    const answer = await callContractAction(transportFor(explorer), {
      action,
      body: await multipartBody(params as Record<string, string>),
      kind: "submit",
    });
    expect(answer.httpStatus).toBe(200);
    expect(answer.envelope).toEqual(expected);
  });
});
