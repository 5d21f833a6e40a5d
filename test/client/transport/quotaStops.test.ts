import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../../src/client/rateLimiter.js";
import { Transport } from "../../../src/client/transport.js";
import { QuotaExhaustedError } from "../../../src/errors/index.js";
import { type Answer, getAbiRequest, jsonAnswer, useScriptedServers } from "../../support/scriptedServer.js";

const scriptedServer = useScriptedServers();
const refusal = (result: string) => jsonAnswer(200, { status: "0", message: "NOTOK", result });
const okAbi = jsonAnswer(200, { status: "1", message: "OK", result: "[]" });
const submission = {
  api: "rpc",
  query: { module: "contract", action: "verifysourcecode" },
  method: "POST",
  kind: "submit",
} as const;

describe("a service's stops", () => {
  it("keeps the daily stop of every call when a submission sent before it answers the submissions cap after it", async () => {
    let answerSubmission = () => {};
    let submissionArrived = () => {};
    const arrived = new Promise<void>((resolve) => {
      submissionArrived = resolve;
    });
    const heldSubmission: Answer = (request, response) => {
      answerSubmission = () =>
        refusal("Daily limit of 100 source code submissions reached")(request, response);
      submissionArrived();
    };
    const explorer = await scriptedServer(
      heldSubmission,
      refusal("Max daily rate limit reached. 110000 (100%) of 100000 day/limit"),
      okAbi,
    );
    const transport = new Transport({
      explorerUrl: explorer.url,
      retryDelayMs: 5,
      rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
    });
    const submitted = transport.send(submission).catch((error: unknown) => error);
    await arrived;
    const read = await transport.send(getAbiRequest).catch((error: unknown) => error);
    expect(read).toMatchObject({ code: "quota_exhausted", submissionsOnly: false });
    answerSubmission();
    expect(await submitted).toMatchObject({ code: "quota_exhausted", submissionsOnly: true });
    // Nothing more is sent: the stop of every call still holds.
    const later = await transport.send(getAbiRequest).catch((error: unknown) => error);
    expect(later).toBeInstanceOf(QuotaExhaustedError);
    expect(later).toMatchObject({ submissionsOnly: false });
    expect(explorer.seen.requests).toBe(2);
  });
});
