import { describe, expect, it } from "@jest/globals";
import { secretApiKey, testAddress } from "../../support/addresses.js";
import { afterFakeTime } from "../../support/fakeTime.js";
import type { Fault } from "../../support/faultInjector.js";
import {
  checkVerifyStatus,
  getAbi,
  getSourceCode,
  type TransportEvent,
  verify,
  verifySourceCode,
} from "../../support/internals.js";
import { transportFor } from "../../support/transportFor.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer } = await useTestExplorer();
const address = testAddress(0xa1);
const encodedKey = encodeURIComponent(secretApiKey);

function expectNoKey(text: string): void {
  expect(text).not.toContain(secretApiKey);
  expect(text).not.toContain(encodedKey);
}

describe("API key handling", () => {
  it("sends the key as the apikey query parameter and the x-api-key header", async () => {
    explorer.backend.addContract(address, { verified: { abi: [] } });
    await getAbi(transportFor(explorer, { apiKey: secretApiKey }), { address });
    expect(explorer.requests[0]?.query.apikey).toBe(secretApiKey);
    expect(explorer.requests[0]?.headers["x-api-key"]).toBe(secretApiKey);
  });

  it("keeps the key out of every error, its string, its stack and every progress event", async () => {
    const events: TransportEvent[] = [];
    const transport = transportFor(explorer, {
      apiKey: secretApiKey,
      // Only the hang case times out: on Jest's timers, moved past it once its request is at the explorer.
      requestTimeoutMs: 30_000,
      maxRetries: 1,
      maxRateLimitRetries: 1,
      onEvent: (e) => events.push(e),
    });
    explorer.backend.addContract(address);
    const standardJson = {
      codeFormat: "solidity-standard-json-input" as const,
      address,
      contractName: "A",
      compilerVersion: "v0.8.28+commit.7893614a",
      standardJsonInput: { language: "Solidity", sources: {} },
    };
    const cases: Array<[Fault[], () => Promise<unknown>, string]> = [
      [
        [
          { kind: "html", status: 502 },
          { kind: "html", status: 502 },
        ],
        () => getAbi(transport, { address }),
        "invalid_response",
      ],
      [
        [
          { kind: "rate-limit", resetMs: 5 },
          { kind: "rate-limit", resetMs: 5 },
        ],
        () => getAbi(transport, { address }),
        "rate_limited",
      ],
      [[{ kind: "reset" }], () => verifySourceCode(transport, standardJson), "network_error"],
      [[{ kind: "hang" }], () => getSourceCode(transport, { address }), "timeout"],
      // An explorer that echoes the key back must not get it printed either.
      [
        [
          {
            kind: "status",
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({ message: `bad key ${secretApiKey}` }),
          },
        ],
        () => checkVerifyStatus(transport, { guid: "00000000000000000000000000000000000000a16a86ec40" }),
        "http_error",
      ],
      [
        [{ kind: "status", status: 200, contentType: "text/plain", body: `key=${secretApiKey}` }],
        () =>
          verify(transport, {
            address,
            name: "A",
            compilerVersion: "v0.8.28+commit.7893614a",
            optimization: false,
            contractSourceCode: "contract A {}",
          }),
        "invalid_response",
      ],
      [
        [
          {
            kind: "status",
            status: 200,
            contentType: "application/json",
            body: JSON.stringify({ status: "0", message: `No such key ${secretApiKey}`, result: null }),
          },
        ],
        () => getSourceCode(transport, { address }),
        "explorer_error",
      ],
      // Nested past any answer, with the key echoed in it: an answer that cannot be read, never a network failure.
      [
        [
          {
            kind: "status",
            status: 200,
            contentType: "application/json",
            body: `{"status":"1","message":"${secretApiKey}","result":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
          },
        ],
        () => getAbi(transport, { address }),
        "invalid_response",
      ],
    ];
    for (const [faults, call, code] of cases) {
      explorer.faults.next(...faults);
      const sent = explorer.requests.length;
      const error = (await (code === "timeout"
        ? afterFakeTime(30_000, () => explorer.requests.length > sent, call)
        : call()
      ).catch((e: unknown) => e)) as Error & { code: string };
      expect(error.code).toBe(code);
      expectNoKey(String(error));
      expectNoKey(error.message);
      expectNoKey(error.stack ?? "");
      expectNoKey(JSON.stringify(error));
      expect(error.message).toContain("apikey=***");
    }
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expectNoKey(JSON.stringify(event));
  });
});
