import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import {
  checkProxyVerification,
  ExplorerError,
  InvalidInputError,
  verifyProxyContract,
} from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();
const proxy = testAddress(0xc3);
const implementation = testAddress(0xd4);

describe("verifyproxycontract and checkproxyverification", () => {
  it("posts the proxy address, polls the guid through `Verification in progress` to the pass text", async () => {
    explorer.backend.addContract(proxy, { verified: {}, implementation });
    explorer.backend.proxyPendingPolls = 1;
    const guid = await verifyProxyContract(transport, { address: proxy });
    expect(guid.slice(0, 40)).toBe(proxy.slice(2));
    const [submitted] = explorer.requests;
    expect(submitted?.method).toBe("POST");
    expect(submitted?.query).toEqual({ module: "contract", action: "verifyproxycontract" });
    expect(submitted?.body).toEqual({ address: proxy });
    await expect(checkProxyVerification(transport, { guid })).resolves.toEqual({
      state: "pending",
      message: "Verification in progress",
      implementation: undefined,
    });
    await expect(checkProxyVerification(transport, { guid })).resolves.toEqual({
      state: "pass",
      message: `The proxy's (${proxy}) implementation contract is found at ${implementation} and is successfully updated.`,
      implementation,
    });
    expect(explorer.requestsFor("checkproxyverification")[0]?.query).toEqual({
      module: "contract",
      action: "checkproxyverification",
      guid,
    });
  });

  it("reads the status-0 NOTOK failure as a failed state", async () => {
    explorer.backend.addContract(proxy, { verified: {} });
    const guid = await verifyProxyContract(transport, { address: proxy });
    await expect(checkProxyVerification(transport, { guid })).resolves.toEqual({
      state: "fail",
      message:
        "A corresponding implementation contract was unfortunately not detected for the proxy address.",
      implementation: undefined,
    });
  });

  it("reads Unknown UID", async () => {
    await expect(
      checkProxyVerification(transport, { guid: `${proxy.slice(2)}00000001` }),
    ).resolves.toMatchObject({ state: "unknown-uid" });
  });

  it("throws with `Smart-contract not found or is not verified` for an unverified proxy", async () => {
    const error = await verifyProxyContract(transport, { address: proxy }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExplorerError);
    expect((error as ExplorerError).explorerMessage).toBe("Smart-contract not found or is not verified");
  });

  it("carries `Only one attempt in 4000ms`", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"status":"0","message":"Only one attempt in 4000ms","result":null}',
    });
    await expect(verifyProxyContract(transport, { address: proxy })).rejects.toMatchObject({
      explorerMessage: "Only one attempt in 4000ms",
    });
  });

  it("rejects malformed input before sending anything", async () => {
    await expect(verifyProxyContract(transport, { address: "proxy" })).rejects.toThrow(InvalidInputError);
    await expect(
      verifyProxyContract(transport, { address: proxy, expectedImplementation: "0x1" }),
    ).rejects.toMatchObject({ field: "expectedImplementation" });
    await expect(checkProxyVerification(transport, { guid: "?" })).rejects.toThrow(InvalidInputError);
    expect(explorer.requests).toHaveLength(0);
  });
});
