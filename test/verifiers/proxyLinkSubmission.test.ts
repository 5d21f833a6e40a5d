import { describe, expect, it } from "@jest/globals";
import { ExplorerError, ProxyLinkRefusedError } from "../../src/errors/index.js";
import { submitProxyLink } from "../../src/verifiers/proxyLinkSubmission.js";
import { testAddress } from "../support/addresses.js";
import { useTestExplorer } from "../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();
const proxy = testAddress(0xc5);

// The verifier reads a refused link's words; the engine sees only the reason and the wait.
describe("a proxy link submitted by a verifier", () => {
  it("reads `Smart-contract not found or is not verified` as proxy_not_verified", async () => {
    const error = await submitProxyLink(transport, { address: proxy }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyLinkRefusedError);
    expect(error).toMatchObject({
      reason: "proxy_not_verified",
      retryAfterMs: undefined,
      shortMessage: "The explorer refused the request: Smart-contract not found or is not verified",
    });
  });

  it("reads `Only one attempt in 4000ms` as try_again after 4000 ms", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"status":"0","message":"Only one attempt in 4000ms","result":null}',
    });
    await expect(submitProxyLink(transport, { address: proxy })).rejects.toMatchObject({
      reason: "try_again",
      retryAfterMs: 4_000,
    });
  });

  it("leaves any other refusal as the explorer said it", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: '{"status":"0","message":"Something else","result":null}',
    });
    const error = await submitProxyLink(transport, { address: proxy }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExplorerError);
    expect(error).not.toBeInstanceOf(ProxyLinkRefusedError);
  });
});
