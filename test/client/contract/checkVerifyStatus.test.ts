import { beforeEach, describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import {
  checkVerifyStatus,
  InvalidInputError,
  InvalidResponseError,
  verifySourceCode,
} from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();
const address = testAddress(0x9a);

async function submit(): Promise<string> {
  const outcome = await verifySourceCode(transport, {
    codeFormat: "solidity-standard-json-input",
    address,
    contractName: "A.sol:A",
    compilerVersion: "v0.8.28+commit.7893614a",
    standardJsonInput: { language: "Solidity", sources: { "A.sol": { content: "contract A {}" } } },
  });
  if (outcome.kind !== "guid") throw new Error(`expected a guid, got ${outcome.kind}`);
  return outcome.guid;
}

function etherscanAnswer(status: string, result: string) {
  return {
    kind: "status" as const,
    status: 200,
    contentType: "application/json",
    body: JSON.stringify({ status, message: status === "1" ? "OK" : "NOTOK", result }),
  };
}

beforeEach(() => {
  explorer.backend.addContract(address);
});

describe("checkverifystatus", () => {
  it("reads Unknown UID, Pending in queue and Pass - Verified, all sent with status 1, with a GET carrying the guid", async () => {
    explorer.backend.script(address, { result: "pass", unknownUidPolls: 1, pendingPolls: 2 });
    const guid = await submit();
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await checkVerifyStatus(transport, { guid }));
    expect(states).toEqual([
      { state: "unknown-uid", message: "Unknown UID" },
      { state: "pending", message: "Pending in queue" },
      { state: "pending", message: "Pending in queue" },
      { state: "pass", message: "Pass - Verified" },
    ]);
    const poll = explorer.requestsFor("checkverifystatus")[0];
    expect(poll?.method).toBe("GET");
    expect(poll?.query).toEqual({ module: "contract", action: "checkverifystatus", guid });
  });

  it("reads Fail - Unable to verify", async () => {
    explorer.backend.script(address, { result: "fail" });
    const guid = await submit();
    await expect(checkVerifyStatus(transport, { guid })).resolves.toEqual({
      state: "fail",
      message: "Fail - Unable to verify",
    });
  });

  it("answers Unknown UID for a well-formed guid it never issued, and for one stamped in the future", async () => {
    const future = `${address.slice(2)}${(Math.floor(Date.now() / 1_000) + 3_600).toString(16)}`;
    await expect(checkVerifyStatus(transport, { guid: future })).resolves.toEqual({
      state: "unknown-uid",
      message: "Unknown UID",
    });
    await expect(
      checkVerifyStatus(transport, { guid: `${address.slice(2)}00000001` }),
    ).resolves.toMatchObject({ state: "unknown-uid" });
  });

  it("reads Etherscan's status-0 answers: a failure with its reason, and `Already Verified`", async () => {
    explorer.faults.next(
      etherscanAnswer("0", "Fail - Unable to verify. Compiled contract deployment bytecode does NOT match"),
      etherscanAnswer("0", "Already Verified"),
      etherscanAnswer("1", "Pass - Verified"),
    );
    const guid = "ezq878u486pzijkvvmerl6a9mzwhv6sefgvqi5tkwceejc7tvn";
    await expect(checkVerifyStatus(transport, { guid })).resolves.toEqual({
      state: "fail",
      message: "Fail - Unable to verify. Compiled contract deployment bytecode does NOT match",
    });
    await expect(checkVerifyStatus(transport, { guid })).resolves.toEqual({
      state: "already-verified",
      message: "Already Verified",
    });
    await expect(checkVerifyStatus(transport, { guid })).resolves.toEqual({
      state: "pass",
      message: "Pass - Verified",
    });
  });

  it("throws InvalidResponseError for a status-1 answer that is no state", async () => {
    explorer.faults.next(etherscanAnswer("1", "Everything is fine"));
    const error = await checkVerifyStatus(transport, {
      guid: "00000000000000000000000000000000000000016a86ec40",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).shortMessage).toBe(
      'The explorer\'s answer to checkverifystatus is not a verification state: "Everything is fine".',
    );
  });

  it("the explorer answers a call without guid with HTTP 500 `Something went wrong.`", async () => {
    const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
    await expect(
      callContractAction(transport, { action: "checkverifystatus", kind: "read" }),
    ).rejects.toMatchObject({
      code: "explorer_error",
      httpStatus: 500,
      explorerMessage: "Something went wrong.",
    });
  });

  it.each(["", "short", "has spaces in it which is not a guid", "ab-".repeat(10)])(
    "rejects the malformed guid %j before sending anything",
    async (guid) => {
      const error = await checkVerifyStatus(transport, { guid }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error).toMatchObject({
        field: "guid",
        shortMessage: `Invalid guid ${JSON.stringify(guid)}: expected the receipt a submission returned (20 to 100 letters and digits).`,
      });
      expect(explorer.requests).toHaveLength(0);
    },
  );
});
