import { paint } from "../report/terminalColour.js";
import { neutraliseLines, neutraliseText } from "../report/terminalText.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { usage } from "./usage.js";

type Command = (argv: string[]) => Promise<number>;

// Each subcommand's code is loaded only when chosen, so a command reaches its first request without loading the others.
const commands: Record<string, () => Promise<Command>> = {
  verify: async () => (await import("./verifyCommand.js")).verifyCommand,
  plan: async () => (await import("./planCommand.js")).planCommand,
  merge: async () => (await import("./mergeCommand.js")).mergeCommand,
  copy: async () => (await import("./copyCommand.js")).copyCommand,
  bundle: async () => (await import("./bundleCommand.js")).bundleCommand,
  status: async () => (await import("./statusCommand.js")).statusCommand,
  fetch: async () => (await import("./fetchCommand.js")).fetchCommand,
  "local-explorer": async () => (await import("./localExplorerCommand.js")).localExplorerCommand,
};

/**
 * Runs one command line.
 *
 * @param argv - the arguments after the program name
 * @returns the exit code: 0 when everything succeeded, 1 when something failed, 2 for a mistake in the command
 */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || ["-h", "--help", "help"].includes(command)) {
      // `help verify` is `verify --help`, as git and npm answer it.
      const [asked] = rest;
      if (command === "help" && asked !== undefined && Object.hasOwn(commands, asked))
        return await main([asked, "--help"]);
      console.log(usage.main);
      return command === undefined ? exitCodes.usage : exitCodes.ok;
    }
    if (["-V", "--version", "version"].includes(command)) {
      console.log(await packageVersion());
      return exitCodes.ok;
    }
    const load = Object.hasOwn(commands, command) ? commands[command] : undefined;
    if (load) return await (await load())(rest);
    const names = Object.keys(commands);
    throw new UsageError(
      `Unknown command "${command}": use ${names.slice(0, -1).join(", ")} or ${names.at(-1)} (explorer-verify --help).`,
    );
  } catch (error) {
    return reportError(error);
  }
}

// The installed package's own version: package.json stands two folders up from lib/cli/ (and from src/cli/).
async function packageVersion(): Promise<string> {
  const [{ readFile }, z] = await Promise.all([import("node:fs/promises"), import("../kernel/zod.js")]);
  const text = await readFile(new URL("../../package.json", import.meta.url), "utf8");
  return z.object({ version: z.string() }).parse(JSON.parse(text)).version;
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
