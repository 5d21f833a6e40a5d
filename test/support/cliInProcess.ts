import { jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";

/**
 * Runs one command line of the CLI in this process, as `explorer-verify` would: what it writes to stdout (and logs) is
 * kept, its stderr is silenced (its error lines kept). The spies are removed again, whatever the command does.
 *
 * @param argv - the arguments after `explorer-verify`
 * @returns the exit code, stdout and the error lines
 */
export async function runCliInProcess(
  argv: string[],
): Promise<{ code: number; stdout: string; errors: string[] }> {
  let stdout = "";
  const errors: string[] = [];
  const spies = [
    jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      stdout += String(chunk);
      return true;
    }),
    jest.spyOn(process.stderr, "write").mockImplementation(() => true),
    jest.spyOn(console, "error").mockImplementation((line: unknown) => {
      errors.push(String(line));
    }),
    jest.spyOn(console, "log").mockImplementation((line: unknown) => {
      stdout += `${String(line)}\n`;
    }),
  ];
  try {
    return { code: await main(argv), stdout, errors };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
