import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { libraryList } from "../../src/run/jobs/libraryList.js";

const math = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const weights = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

describe("linked libraries as users write them", () => {
  it("take forge's path:Name:address, comma-separated or repeated, JSON, and a JSON file, in one map", async () => {
    const folder = mkdtempSync(join(tmpdir(), "libraries-"));
    writeFileSync(join(folder, "libs.json"), JSON.stringify({ "src/File.sol:FromFile": weights }));
    expect(
      await libraryList(
        [
          `src/MathLib.sol:MathLib:${math}`,
          `src/a/W.sol:W:${weights},src/b/X.sol:X:${math}`,
          '{"src/J.sol:J":"0x01"}',
          "libs.json",
        ],
        folder,
        "--libraries",
      ),
    ).toEqual({
      "src/MathLib.sol:MathLib": math,
      "src/a/W.sol:W": weights,
      "src/b/X.sol:X": math,
      "src/J.sol:J": "0x01",
      "src/File.sol:FromFile": weights,
    });
  });

  it("take solc's shape too, by source file then name, as a standard JSON input's settings hold them", async () => {
    const folder = mkdtempSync(join(tmpdir(), "libraries-"));
    writeFileSync(join(folder, "solc.json"), JSON.stringify({ "src/libs/MathLib.sol": { MathLib: math } }));
    expect(
      await libraryList(
        ["solc.json", `{"src/W.sol":{"W":"${weights}"},"":{"Bare":"${math}"}}`],
        folder,
        "--libraries",
      ),
    ).toEqual({
      "src/libs/MathLib.sol:MathLib": math,
      "src/W.sol:W": weights,
      Bare: math,
    });
  });

  it("refuse a value of none of these forms, naming it, before anything is sent", async () => {
    await expect(
      libraryList(["src/MathLib.sol:MathLib:0x12"], tmpdir(), "--libraries"),
    ).rejects.toMatchObject({
      code: "invalid_input",
      shortMessage: expect.stringMatching(
        /^--libraries src\/MathLib\.sol:MathLib:0x12: not path\/Lib\.sol:Lib:0x… \(forge's form\), JSON, or a readable JSON file/,
      ),
    });
  });

  it("refuse a file larger than a list of libraries is, without reading it whole", async () => {
    const folder = mkdtempSync(join(tmpdir(), "libraries-"));
    // Valid JSON, padded past 1 MiB: read whole, it would be taken.
    writeFileSync(join(folder, "big.json"), `{"src/A.sol:A":"${math}"${" ".repeat(1_048_576)}}`);
    await expect(libraryList(["big.json"], folder, "--libraries")).rejects.toMatchObject({
      code: "invalid_input",
      shortMessage: `--libraries big.json: not path/Lib.sol:Lib:0x… (forge's form), JSON, or a readable JSON file (${join(folder, "big.json")}).`,
    });
  });
});
