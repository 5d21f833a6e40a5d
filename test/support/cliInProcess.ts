import { jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";

/**
 * Runs one command line of the CLI in this process, as `explorer-verify` would: what it writes to stdout (and logs) is
 * kept, its stderr is silenced. The spies are removed again, whatever the command does.
 *
 * @param argv - the arguments after `explorer-verify`
 * @returns the exit code and stdout
 */
export async function runCliInProcess(argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = "";
  const spies = [
    jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      stdout += String(chunk);
      return true;
    }),
    jest.spyOn(process.stderr, "write").mockImplementation(() => true),
    jest.spyOn(console, "error").mockImplementation(() => {}),
    jest.spyOn(console, "log").mockImplementation((line: unknown) => {
      stdout += `${String(line)}\n`;
    }),
  ];
  try {
    return { code: await main(argv), stdout };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
