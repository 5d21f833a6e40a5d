import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import {
  ExplorerError,
  InvalidInputError,
  NotAContractError,
  verifyVyperContract,
} from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();
const address = testAddress(0x5f);
const submission = {
  address,
  name: "Vault",
  compilerVersion: "v0.3.10+commit.91361694",
  contractSourceCode: "# @version 0.3.10\n@external\ndef ping() -> uint256:\n    return 1\n",
  constructorArguments: "0x01",
};

describe("verify_vyper_contract", () => {
  it("sends a multipart form with both constructor-args spellings and reads the synchronous contract object", async () => {
    explorer.backend.addContract(address);
    await expect(verifyVyperContract(transport, submission)).resolves.toMatchObject({
      kind: "verified",
      contract: { address, contractName: "Vault", compilerVersion: "v0.3.10+commit.91361694" },
    });
    const [request] = explorer.requests;
    expect(request?.query).toEqual({ module: "contract", action: "verify_vyper_contract" });
    expect(request?.bodyFormat).toBe("multipart");
    expect(request?.body).toEqual({
      addressHash: address,
      name: "Vault",
      compilerVersion: "v0.3.10+commit.91361694",
      contractSourceCode: submission.contractSourceCode,
      constructorArguments: "01",
      constructorArguements: "01",
    });
  });

  it("sends constructorArguments empty for a contract without them: the specification marks it as no option", async () => {
    explorer.backend.addContract(address);
    const { constructorArguments: _none, ...without } = submission;
    await expect(verifyVyperContract(transport, without)).resolves.toMatchObject({ kind: "verified" });
    expect(explorer.requests[0]?.body).toMatchObject({ constructorArguments: "" });
  });

  it("maps already verified, not a contract and the detail-less publishing failure", async () => {
    await expect(verifyVyperContract(transport, submission)).rejects.toThrow(NotAContractError);
    explorer.backend.addContract(address);
    explorer.backend.script(address, { result: "fail" });
    const error = await verifyVyperContract(transport, submission).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExplorerError);
    expect((error as ExplorerError).explorerMessage).toBe(
      "Something went wrong while publishing the contract",
    );
    await verifyVyperContract(transport, submission);
    await expect(verifyVyperContract(transport, submission)).resolves.toEqual({
      kind: "already-verified",
      message: "Smart-contract already verified.",
    });
  });

  it.each(["name", "compilerVersion", "contractSourceCode"])(
    "the explorer answers `%s is required.`",
    async (key) => {
      const { callContractAction } = await import("../../../src/client/contract/callContractAction.js");
      const { multipartBody } = await import("../../../src/client/requestBody.js");
      const fields: Record<string, string> = {
        addressHash: address,
        name: "Vault",
        compilerVersion: "v0.3.10+commit.91361694",
        contractSourceCode: "x",
      };
      delete fields[key];
      const answer = await callContractAction(transport, {
        action: "verify_vyper_contract",
        body: await multipartBody(fields),
        kind: "submit",
      });
      expect(answer.envelope).toEqual({ status: "0", message: `${key} is required.`, result: null });
    },
  );

  it("rejects a short compiler version before sending anything", async () => {
    await expect(
      verifyVyperContract(transport, { ...submission, compilerVersion: "0.3.10" }),
    ).rejects.toThrow(InvalidInputError);
    expect(explorer.requests).toHaveLength(0);
  });
});
