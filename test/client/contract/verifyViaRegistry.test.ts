import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import { afterFakeTime } from "../../support/fakeTime.js";
import {
  ExplorerError,
  InvalidInputError,
  TimeoutError,
  UnknownActionError,
  verifyViaRegistry,
  verifyViaSourcify,
} from "../../support/internals.js";
import { startTestExplorer } from "../../support/testExplorer.js";
import { transportFor } from "../../support/transportFor.js";
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

  it("sends the metadata file as metadata.json whatever it was called, the one name Blockscout 12 reads", async () => {
    explorer.backend.addContract(address);
    const renamed = [{ ...files[0]!, name: "build/Box.metadata.json" }, files[1]!];
    await expect(verifyViaSourcify(transport, { address, files: renamed })).resolves.toMatchObject({
      kind: "verified",
    });
    expect(explorer.requests[0]?.files.map((file) => [file.field, file.filename, file.contentType])).toEqual([
      ["files[0]", "metadata.json", "application/json"],
      ["files[1]", "contracts/Box.sol", "text/plain"],
    ]);
  });

  it("waits for a registry answer past the transport's time limit for reads: Blockscout 12 waits on Sourcify", async () => {
    const slow = await startTestExplorer({ blockscoutVersion: "12", sourcifyAnswerDelayMs: 1_500 });
    try {
      slow.backend.addContract(address);
      // Reads end after 1 s here; the registry submission has a limit of its own (120 s by default). The 1.5 s are
      // Jest's, moved on once the submission is at the explorer: the read's limit would come first.
      const outcome = await afterFakeTime(
        1_500,
        () => slow.requestsFor("verify_via_sourcify").length === 1,
        () => verifyViaSourcify(transportFor(slow, { requestTimeoutMs: 1_000 }), { address, files }),
      );
      expect(outcome).toMatchObject({ kind: "verified", contract: { address } });
      expect(slow.requestsFor("verify_via_sourcify")).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it("explains `Sourcify did not return metadata`: the metadata goes only under its own name", async () => {
    const twelve = await startTestExplorer({ blockscoutVersion: "12" });
    try {
      twelve.backend.addContract(address);
      // Two JSON files and neither named metadata.json: no telling which is the metadata, so they go as they are.
      const unclear = [{ name: "a.json", content: "{}" }, { name: "b.json", content: "{}" }, files[1]!];
      const error = await verifyViaSourcify(transportFor(twelve), { address, files: unclear }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ExplorerError);
      expect(error).toMatchObject({
        code: "explorer_error",
        explorerMessage: "Sourcify did not return metadata",
        shortMessage: "The explorer refused the request: Sourcify did not return metadata",
        details:
          "Blockscout 12 takes the compiler's metadata only from an uploaded file named exactly metadata.json: send it under that name.",
      });
    } finally {
      await twelve.close();
    }
  });

  it("takes `Contract is not verified` as a failure with its text", async () => {
    const twelve = await startTestExplorer({ blockscoutVersion: "12" });
    try {
      twelve.backend.addContract(address).script(address, { result: "fail" });
      const error = await verifyViaSourcify(transportFor(twelve), { address, files }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ExplorerError);
      expect(error).toMatchObject({
        explorerMessage: "Contract is not verified",
        shortMessage: "The explorer refused the request: Contract is not verified",
        details:
          "Sourcify could not match the uploaded metadata and sources to the deployed code: check that they are the build the contract was deployed from.",
      });
    } finally {
      await twelve.close();
    }
  });

  it("takes `Sourcify verification timed out` as a submission that may still succeed, to look for before sending again", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"message":"Sourcify verification timed out","result":null,"status":"0"}',
    });
    const error = await verifyViaSourcify(transport, { address, files }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: "timeout",
      maybeReceived: true,
      shortMessage:
        "The explorer stopped waiting for Sourcify (Sourcify verification timed out); Sourcify may still verify the contract, so it is looked up before it is sent again.",
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
