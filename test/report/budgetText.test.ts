import { describe, expect, it } from "@jest/globals";
import { budgetText } from "../../src/report/budgetText.js";

describe("a service's budget in a sentence", () => {
  it("quotes why none was stated without the reason's own closing period", () => {
    expect(
      budgetText({
        unit: "unstated",
        reason:
          "The explorer's answer to getapilimit is not a contract-module envelope ({status, message, result}).",
      }),
    ).toBe(
      "no budget stated (The explorer's answer to getapilimit is not a contract-module envelope ({status, message, result})); the run was not planned against one",
    );
  });
});
