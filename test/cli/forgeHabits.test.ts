import { describe, expect, it } from "@jest/globals";
import { flagsRun } from "../../src/cli/commandLineJobs.js";
import { testAddress } from "../support/addresses.js";

// What a Foundry user types first, from forge verify-contract's habits: each is read as forge means it, or refused in
// one line that names this CLI's way, before anything is sent.
const address = testAddress(1);
const place = { cwd: process.cwd(), foundry: undefined, command: "verify" };

describe("forge's ADDRESS CONTRACT order", () => {
  it("takes a first word shaped path/File.sol:Name (or .vy) as the contract, the rest as constructor arguments", () => {
    const run = (words: string[]) =>
      flagsRun({ format: "auto", proxy: false }, [address, ...words], place).jobs;
    expect(run(["src/Named.sol:Named", "7"])).toMatchObject({
      contract: "src/Named.sol:Named",
      constructorArgs: ["7"],
    });
    expect(run(["Vault.vy:Vault"])).toMatchObject({ contract: "Vault.vy:Vault", constructorArgs: [] });
    expect(run(["src/Named.sol", "a:b"])).toMatchObject({
      contract: undefined,
      constructorArgs: ["src/Named.sol", "a:b"],
    });
  });

  it("refuses it beside --contract", () => {
    expect(() =>
      flagsRun({ format: "auto", proxy: false, contract: "Named" }, [address, "src/Named.sol:Named"], place),
    ).toThrow(
      "src/Named.sol:Named after ADDRESS names the contract, as forge reads it: give it there or as --contract, not both.",
    );
  });
});
