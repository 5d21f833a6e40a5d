import { describe, expect, it } from "@jest/globals";
import { request } from "undici";
import { startTestExplorer } from "../support/testExplorer.js";
import { useTestExplorer } from "../support/useTestExplorer.js";

const { explorer } = await useTestExplorer();

async function get(
  path: string,
): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  const response = await request(`${explorer.url}${path}`);
  return { status: response.statusCode, body: await response.body.json(), headers: response.headers };
}

describe("the explorer's RPC routing, as Blockscout answers", () => {
  it.each([
    ["/api?action=getabi", 400, "Params 'module' and 'action' are required parameters"],
    ["/api?module=contract", 400, "Params 'module' and 'action' are required parameters"],
    ["/api?module=account&action=balance", 400, "Unknown module"],
    ["/api?module=contract&action=verify_via_registry", 400, "Unknown action"],
    ["/api?module=contract&action=nope", 400, "Unknown action"],
    ["/api/other?module=contract&action=getabi", 404, "Not found"],
    ["/api?module=contract&action=checkverifystatus", 500, "Something went wrong."],
    ["/api?module=contract&action=verifyproxycontract", 500, "Something went wrong."],
    ["/api?module=contract&action=checkproxyverification", 500, "Something went wrong."],
  ])("%s → HTTP %i %j", async (path, status, message) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ status: "0", message, result: null });
    expect(answer.headers["x-ratelimit-remaining"]).toBe("-1");
  });

  it("refuses a listcontracts filter that only an object's own prototype holds, as any unknown filter", async () => {
    const answer = await get("/api?module=contract&action=listcontracts&filter=constructor");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: "0",
      message:
        "constructor is not a valid value for `filter`. Please use one of: verified, unverified, 1, 2.",
      result: null,
    });
  });

  it("answers verify_via_sourcify's single upload not in files[N] with `Invalid args format`", async () => {
    const body = new FormData();
    body.append("addressHash", "0x00000000000000000000000000000000000000a1");
    body.append("files", new Blob(["{}"], { type: "application/json" }), "metadata.json");
    const answer = await fetch(`${explorer.url}/api?module=contract&action=verify_via_sourcify`, {
      method: "POST",
      body,
    });
    expect(await answer.json()).toEqual({ status: "0", message: "Invalid args format", result: null });
  });

  it("accepts /api/, /api/v1 and upper-case action values", async () => {
    for (const path of ["/api/?module=contract&action=getabi", "/api/v1?module=Contract&action=GetABI"]) {
      const answer = await get(`${path}&address=0x00000000000000000000000000000000000000a1`);
      expect(answer.body).toEqual({
        status: "0",
        message: "Contract source code not verified",
        result: null,
      });
    }
  });

  it('answers a malformed JSON body with 400 "Bad request"', async () => {
    const response = await request(`${explorer.url}/api?module=contract&action=verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(response.statusCode).toBe(400);
    expect(await response.body.json()).toBe("Bad request");
  });

  it("answers an unknown v2 path with 400 Unknown API v2 action", async () => {
    const answer = await get("/api/v2/nothing-here");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Unknown API v2 action" });
  });
});

describe("a quota like Blockscout's", () => {
  it("counts requests in a fixed window, says what is left, and answers 429 beyond it", async () => {
    const limited = await startTestExplorer({ rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const response = await request(`${limited.url}/api?module=contract&action=listcontracts`);
        answers.push({
          status: response.statusCode,
          body: await response.body.json(),
          headers: response.headers,
        });
      }
      expect(
        answers.map((a) => [a.status, a.headers["x-ratelimit-limit"], a.headers["x-ratelimit-remaining"]]),
      ).toEqual([
        [200, "2", "1"],
        [200, "2", "0"],
        [429, "2", "0"],
      ]);
      expect(answers[2]?.body).toEqual({
        status: "0",
        message: "Too many requests. Increase limits now at https://dev.blockscout.com",
        result: null,
      });
      const resetMs = Number(answers[2]?.headers["x-ratelimit-reset"]);
      expect(resetMs).toBeGreaterThan(0);
      expect(resetMs).toBeLessThanOrEqual(60_000);
    } finally {
      await limited.close();
    }
  });
});
