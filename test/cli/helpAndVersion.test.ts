import { readFileSync } from "node:fs";
import { afterEach, beforeEach, expect, it, jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";
import { usage } from "../../src/cli/usage.js";

// What forge and hardhat users type first: the version, and `help COMMAND` for a command's options.
const printed: string[] = [];

beforeEach(() => {
  printed.length = 0;
  jest.spyOn(console, "log").mockImplementation((line: unknown) => void printed.push(String(line)));
});

afterEach(() => {
  jest.restoreAllMocks();
});

it.each(["--version", "-V", "version"])("prints the package's version for %s", async (flag) => {
  const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  expect(await main([flag])).toBe(0);
  expect(printed).toEqual([version]);
});

it("prints a command's usage for help COMMAND, as COMMAND --help does", async () => {
  expect(await main(["help", "verify"])).toBe(0);
  expect(printed).toEqual([usage.verify]);
});

it("prints the whole usage for help and a word that is no command", async () => {
  expect(await main(["help", "nope"])).toBe(0);
  expect(printed).toEqual([usage.main]);
});
