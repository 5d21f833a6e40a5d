import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import {
  ExplorerError,
  InvalidInputError,
  UnknownActionError,
  verifyViaRegistry,
  verifyViaSourcify,
} from "../../support/internals.js";
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

  it("reads Sourcify's error object passed through as `message` and names it in the ExplorerError", async () => {
    // ContractController.verify_and_publish renders `{:error, error}` from the Sourcify adapter as the error
    // envelope's message, so Sourcify's own error body arrives as a JSON object there.
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"message":{"customCode":"no_match","message":"The onchain and recompiled bytecodes don\'t match.","errorId":"7f3c"},"result":null,"status":"0"}',
    });
    const error = await verifyViaSourcify(transport, { address, files }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExplorerError);
    expect(error).toMatchObject({
      explorerMessage: "The onchain and recompiled bytecodes don't match. (no_match)",
      shortMessage:
        "The explorer refused the request: The onchain and recompiled bytecodes don't match. (no_match)",
    });
  });

  it("reads Sourcify's `{error}` object the same way", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"message":{"error":"Contract 0x5c is not deployed on chain 31337"},"result":null,"status":"0"}',
    });
    await expect(verifyViaSourcify(transport, { address, files })).rejects.toMatchObject({
      explorerMessage: "Contract 0x5c is not deployed on chain 31337",
    });
  });

  it("explains `partial`: a partial Sourcify match the explorer did not import", async () => {
    // The Sourcify adapter maps a v2 `match` (not `exact_match`) to `{:error, "partial"}`, which the controller
    // renders as the error envelope's message.
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"message":"partial","result":null,"status":"0"}',
    });
    const error = await verifyViaSourcify(transport, { address, files }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExplorerError);
    expect(error).toMatchObject({
      code: "explorer_error",
      shortMessage:
        "The explorer refused the request: partial: the source registry matched the contract only partially (the metadata differs) and the explorer did not import it",
      details: "Submit the standard JSON input instead: the explorer accepts a partial match there.",
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
