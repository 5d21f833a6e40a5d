import { expect, it } from "@jest/globals";
import { cliCommand } from "../../src/cli/arguments.js";

// A flag left without its value gets one line saying so, whether it ends the command line or the next word is a flag
// (Node's parser calls that "argument is ambiguous").
const options = { timeout: { type: "string" }, "rpc-url": { type: "string" } } as const;

function timeoutGiven(argv: string[]): Promise<string | undefined> {
  let timeout: string | undefined;
  const verify = cliCommand("verify", options, async (parsed) => {
    timeout = parsed.values.timeout;
    return 0;
  });
  return verify(argv).then(() => timeout);
}

it.each([
  ["ends the command line", ["0xabc", "--timeout"]],
  ["is followed by another flag", ["--timeout", "--rpc-url", "http://127.0.0.1:8545"]],
])("says a flag needs a value when it %s", async (_case, argv) => {
  await expect(timeoutGiven(argv)).rejects.toThrow(
    "--timeout needs a value (one that starts with a dash is written --timeout=-VALUE): see explorer-verify verify --help.",
  );
});

it("still takes a value that starts with a dash when written with =", async () => {
  await expect(timeoutGiven(["--timeout=-1"])).resolves.toBe("-1");
});
