import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import {
  type WholeNumberRange,
  wholeNumberRequirement,
  wholeNumberWithin,
} from "../options/verificationOptions.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { usage } from "./usage.js";

const apiKeyVariable = "EXPLORER_VERIFY_API_KEY";

// forge verify-contract's flags this CLI has not, and its way to say the same, named when one is given.
const forgeWays = new Map(
  Object.entries({
    "constructor-args constructor-args-path": "the words after ADDRESS (or --constructor-args-hex HEX)",
    "guess-constructor-args": "what --rpc-url does: it recovers the constructor's arguments",
    "etherscan-api-key verifier-api-key e": `the environment's ETHERSCAN_API_KEY (${apiKeyVariable} for Blockscout)`,
    verifier: "--targets SERVICES",
    "verifier-url": "--explorer-url URL for Blockscout, --endpoint CHAIN=SERVICE=URL for another service",
    "chain c": "--chain-id N",
    r: "--rpc-url URL",
    watch: "the default (--no-wait returns after submitting)",
    "compiler-version num-of-optimizations optimizer-runs via-ir evm-version": "what the build says",
    "skip-is-verified-check": "--force",
    "retries delay": "--timeout SECONDS (how long each contract may take)",
  }).flatMap(([flags, way]) =>
    flags.split(" ").map((flag) => [flag.length > 1 ? `--${flag}` : `-${flag}`, way]),
  ),
);

// The parser's errors (an unknown flag, a flag without its value, a value given to a switch) as one-line usage errors.
function parseCommandLine<const Options extends ParseArgsOptionsConfig>(
  argv: string[],
  options: Options,
  command: string,
) {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true, tokens: true });
    // parseArgs keeps the last value of a flag given twice: a second --rpc-url (another chain's) would win unsaid.
    const given = parsed.tokens.flatMap((token) =>
      token.kind === "option" && token.value !== undefined && !options[token.name]?.multiple
        ? [token.name]
        : [],
    );
    const twice = given.find((name, index) => given.indexOf(name) !== index);
    if (twice)
      throw new UsageError(
        `--${twice} is given twice, and takes one value${twice === "rpc-url" ? ", one chain's JSON-RPC (verify each other chain in a run of its own)" : ""}: see explorer-verify ${command} --help.`,
      );
    return parsed;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/'--api-key'/.test(message)) {
      throw new UsageError(
        `There is no --api-key flag (a key on the command line lands in shell history): set ${apiKeyVariable}.`,
      );
    }
    // Node's words name the parser's case ("argument is ambiguous" when the next word is a flag): say what is missing.
    const valueless = /Option '(--[^' ]+)(?: <value>)?' argument (?:is ambiguous|missing)/.exec(message);
    if (valueless) {
      const flag = valueless[1];
      throw new UsageError(
        `${flag} needs a value (one that starts with a dash is written ${flag}=-VALUE): see explorer-verify ${command} --help.`,
      );
    }
    const flag = /Unknown option '([^']+)'/.exec(message)?.[1];
    if (flag) {
      const way = forgeWays.get(flag);
      // parseArgs reads a word with one dash as flags (-12 as -1 -2), and no flag here has one dash but -h.
      const word = argv.find((given) => given.startsWith(flag) && !given.startsWith("--")) ?? flag;
      const hint = way
        ? `forge's ${flag} is ${way} here; `
        : flag.startsWith("--")
          ? ""
          : `an argument that starts with - goes after -- (${command} ADDRESS -- ${word}); `;
      throw new UsageError(
        `Unknown option ${way ? flag : word} for ${command}: ${hint}see explorer-verify ${command} --help.`,
      );
    }
    throw new UsageError(`${message.split("\n")[0]} (explorer-verify ${command} --help).`);
  }
}

/** The flags of a subcommand, as parsed. */
export type FlagValues<Options extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseCommandLine<Options>
>["values"];

/**
 * A subcommand: its flags parsed (and `--help` answered with its usage) before it runs.
 *
 * @param command - the subcommand, for its usage and messages
 * @param options - the subcommand's flags, besides `--help`
 * @param run - the subcommand, given its parsed flags and positionals
 * @returns the subcommand, taking the arguments after its name and returning the exit code
 */
export function cliCommand<const Options extends ParseArgsOptionsConfig>(
  command: Exclude<keyof typeof usage, "main" | "localExplorer">,
  options: Options,
  run: (parsed: ReturnType<typeof parseCommandLine<Options>>) => Promise<number>,
): (argv: string[]) => Promise<number> {
  return async (argv) => {
    // Asked for help, a command prints its usage whatever else is given, as git and npm answer.
    if (argv.includes("--help") || argv.includes("-h")) {
      console.log(usage[command]);
      return exitCodes.ok;
    }
    return run(parseCommandLine(argv, options, command));
  };
}

/**
 * Reads a whole-number flag.
 *
 * @param text - the flag's value, or undefined when not given
 * @param flag - its name, for messages
 * @param fallback - the value when not given
 * @param range - the allowed range
 * @returns the number
 * @throws {UsageError} when it is not a whole number in range
 */
export function integerFlag<F extends number | "auto">(
  text: string | undefined,
  flag: string,
  fallback: F,
  range: WholeNumberRange,
): number | F {
  if (text === undefined) return fallback;
  const value = wholeNumberWithin(text, range);
  if (value === undefined) {
    throw new UsageError(
      `--${flag} must be ${wholeNumberRequirement(range, fallback === "auto")}, got "${text}".`,
    );
  }
  return value;
}

/**
 * Reads `--chain-id`.
 *
 * @param text - the flag's value, or undefined when not given
 * @returns the chain id, or undefined
 * @throws {UsageError} when it is not a positive whole number
 */
export function chainIdFlag(text: string | undefined): number | undefined {
  return text === undefined
    ? undefined
    : integerFlag(text, "chain-id", 0, { min: 1, max: Number.MAX_SAFE_INTEGER });
}

/**
 * Etherscan's (`ETHERSCAN_API_KEY`, as forge and hardhat-verify read it) or Routescan's (`ROUTESCAN_API_KEY`;
 * Routescan takes requests without one, at a lower rate) key, from the environment only: a flag would land in shell
 * history. Read only when a run uses that service.
 *
 * @returns the key, or undefined when the variable is not set or empty
 */
export function serviceKeyFromEnvironment(
  variable: "ETHERSCAN_API_KEY" | "ROUTESCAN_API_KEY",
): string | undefined {
  return process.env[variable]?.trim() || undefined;
}

/**
 * The API key, from the environment only: a flag would land in shell history. A variable that is set but empty
 * is a CI secret that did not reach this job (a protected variable on an unprotected branch, a typo in its
 * name): sending without a key would hide that until the explorer refuses, so it stops here.
 *
 * @returns the key, or undefined when the variable is not set
 * @throws {UsageError} when the variable is set but empty
 */
export function apiKeyFromEnvironment(): string | undefined {
  const value = process.env[apiKeyVariable];
  if (value === undefined) return undefined;
  if (value.trim() === "") {
    throw new UsageError(
      `${apiKeyVariable} is set but empty: the secret it is read from did not reach this environment. Set it, or unset the variable to verify without a key.`,
    );
  }
  return value.trim();
}
