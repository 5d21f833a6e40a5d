import { describe, expect, it } from "@jest/globals";
import { errorCodes, mismatchCodes } from "../../src/errors/explorerVerifyError.js";

describe("the codes a program branches on", () => {
  it("are snake_case, each once, in one union that holds the recompile verdicts' codes too", () => {
    for (const code of errorCodes) expect(code).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of mismatchCodes) expect(errorCodes).toContain(code);
  });
});
