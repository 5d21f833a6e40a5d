import { describe, expect, it } from "@jest/globals";
import { runsOf } from "../../src/local-explorer/rpcParams.js";

describe("the optimizer runs a call gives", () => {
  it("reads the integer prefix of a string or a number, 0 included, and 200 when absent or unparsable", () => {
    expect([runsOf("0"), runsOf(0), runsOf("1000"), runsOf("15abc"), runsOf(999999)]).toEqual([
      0, 0, 1000, 15, 999999,
    ]);
    expect([runsOf(undefined), runsOf(null), runsOf(""), runsOf("many")]).toEqual([200, 200, 200, 200]);
  });
});
