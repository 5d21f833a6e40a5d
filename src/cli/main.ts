import { paint } from "../report/terminalColour.js";
import { neutraliseLines, neutraliseText } from "../report/terminalText.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { usage } from "./usage.js";

/**
 * Runs one command line. Each subcommand's code is loaded only when chosen, so a command reaches its first
 * request without loading the others.
 *
 * @param argv - the arguments after the program name
 * @returns the exit code: 0 when everything succeeded, 1 when something failed, 2 for a mistake in the command
 */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "verify":
        return await (await import("./verifyCommand.js")).verifyCommand(rest);
      case "plan":
        return await (await import("./planCommand.js")).planCommand(rest);
      case "merge":
        return await (await import("./mergeCommand.js")).mergeCommand(rest);
      case "copy":
        return await (await import("./copyCommand.js")).copyCommand(rest);
      case "bundle":
        return await (await import("./bundleCommand.js")).bundleCommand(rest);
      case "status":
        return await (await import("./statusCommand.js")).statusCommand(rest);
      case "fetch":
        return await (await import("./fetchCommand.js")).fetchCommand(rest);
      case "local-explorer":
        return await (await import("./localExplorerCommand.js")).localExplorerCommand(rest);
      case undefined:
      case "-h":
      case "--help":
      case "help":
        console.log(usage.main);
        return command === undefined ? exitCodes.usage : exitCodes.ok;
      default:
        throw new UsageError(
          `Unknown command "${command}": use verify, plan, merge, copy, bundle, status, fetch or local-explorer (explorer-verify --help).`,
        );
    }
  } catch (error) {
    return reportError(error);
  }
}

// User mistakes and explorer errors are one line; only an error this program did not expect shows its stack.
async function reportError(error: unknown): Promise<number> {
  const prefix = paint("red", "explorer-verify:", process.stderr);
  if (error instanceof UsageError) {
    console.error(`${prefix} ${neutraliseText(error.message)}`);
    return exitCodes.usage;
  }
  const { isExplorerVerifyError } = await import("../errors/explorerVerifyError.js");
  if (isExplorerVerifyError(error)) {
    console.error(`${prefix} ${neutraliseText(error.shortMessage)}`);
    return error.code === "invalid_input" ? exitCodes.usage : exitCodes.failed;
  }
  console.error(
    `${prefix} unexpected error: ${neutraliseLines(error instanceof Error ? (error.stack ?? error.message) : String(error))}`,
  );
  return exitCodes.failed;
}
