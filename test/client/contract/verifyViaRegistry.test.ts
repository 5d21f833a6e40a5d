import { describe, expect, it } from "@jest/globals";
import {
  ExplorerError,
  InvalidInputError,
  UnknownActionError,
  verifyViaRegistry,
  verifyViaSourcify,
} from "../../../src/index.js";
import { testAddress } from "../../support/addresses.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();
const address = testAddress(0x5c);
const files = [
  { name: "metadata.json", content: JSON.stringify({ compiler: { version: "0.8.28+commit.7893614a" } }) },
  { name: "contracts/Box.sol", content: "contract Box {}" },
];

describe("verify_via_registry / verify_via_sourcify", () => {
  it("sends the specification's name; real Blockscout answers HTTP 400 `Unknown action`", async () => {
    const error = await verifyViaRegistry(transport, { address, files }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownActionError);
    expect(error).toMatchObject({
      action: "verify_via_registry",
      shortMessage: 'The explorer does not support the action "verify_via_registry".',
    });
    expect(explorer.requests[0]?.query).toEqual({ module: "contract", action: "verify_via_registry" });
  });

  it("sends files[0], files[1] as multipart parts with names and content types, and reads the contract object", async () => {
    explorer.backend.addContract(address);
    await expect(verifyViaSourcify(transport, { address, files })).resolves.toMatchObject({
      kind: "verified",
      contract: { address },
    });
    const [request] = explorer.requests;
    expect(request?.query).toEqual({ module: "contract", action: "verify_via_sourcify" });
    expect(request?.bodyFormat).toBe("multipart");
    expect(request?.body).toEqual({ addressHash: address });
    expect(request?.files).toEqual([
      {
        field: "files[0]",
        filename: "metadata.json",
        contentType: "application/json",
        content: files[0]?.content,
      },
      {
        field: "files[1]",
        filename: "contracts/Box.sol",
        contentType: "text/plain",
        content: "contract Box {}",
      },
    ]);
  });

  it.each([
    [[files[0]!], "You should attach at least 2 files"],
    [
      [files[1]!, { name: "README.md", content: "x" }],
      "You should attach at least one *.json and one *.sol files",
    ],
  ])("carries the explorer's file-check text %#", async (upload, message) => {
    const error = await verifyViaSourcify(transport, { address, files: upload }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExplorerError);
    expect((error as ExplorerError).explorerMessage).toBe(message);
  });

  it("takes `Smart-contract already verified.` as already verified", async () => {
    explorer.backend.addContract(address, { verified: {} });
    await expect(verifyViaSourcify(transport, { address, files })).resolves.toEqual({
      kind: "already-verified",
      message: "Smart-contract already verified.",
    });
  });

  it("rejects a file without a name before sending anything", async () => {
    const error = await verifyViaSourcify(transport, { address, files: [{ name: "", content: "x" }] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({
      field: "files[0]",
      shortMessage: "files[0] needs a non-empty name and a string content.",
    });
    expect(explorer.requests).toHaveLength(0);
  });
});
