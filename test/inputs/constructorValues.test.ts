import { describe, expect, it } from "@jest/globals";
import { typedConstructorValues } from "../../src/inputs/constructorValues.js";
import { thrown } from "../support/rejected.js";

const abi = [
  {
    type: "constructor",
    inputs: [
      { type: "uint256", name: "supply" },
      {
        type: "tuple",
        name: "config",
        components: [
          { type: "address", name: "owner" },
          { type: "bool", name: "paused" },
        ],
      },
      { type: "uint8[]", name: "levels" },
    ],
  },
];
const owner = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

describe("constructor values, typed by the constructor's parameters", () => {
  it("types command-line words: integers as bigints, tuples and arrays read as JSON", () => {
    expect(typedConstructorValues(abi, ["1000", `["${owner}", true]`, "[1, 2]"])).toEqual([
      1000n,
      [owner, true],
      [1n, 2n],
    ]);
  });

  it("types values saved as JSON (hardhat-deploy's args): a number, a tuple by member name", () => {
    expect(typedConstructorValues(abi, [1000, { owner, paused: false }, ["3"]])).toEqual([
      1000n,
      [owner, false],
      [3n],
    ]);
  });

  it("refuses a count or a value that does not fit, naming the parameter", () => {
    expect(thrown(() => typedConstructorValues(abi, [1000]))).toMatchObject({
      message: expect.stringContaining(
        "The constructor takes 3 arguments (uint256 supply, tuple config, uint8[] levels), but 1 was given.",
      ),
    });
    expect(thrown(() => typedConstructorValues(abi, [1000, { owner, paused: "maybe" }, []]))).toMatchObject({
      message: expect.stringContaining('config.paused is a bool: give true or false, not "maybe".'),
    });
  });
});
