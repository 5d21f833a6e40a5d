import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { usage } from "../../src/cli/usage.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { notYetWired } from "./notYetWired.js";

// The shell commands the documentation shows, read as a shell would split them, and each checked against what
// it names: an npm script of package.json, a flag of the CLI's --help, an option of the Hardhat task, a file of
// this repository. Commands of other tools (git, forge, cd) are only recognised.

/** A task's options and positionals as the plugin declares them. */
export interface TaskShape {
  /** The task's id: `["explorer-verify"]`, `["explorer-verify", "status"]`. */
  id: string[];
  /** Its options, as typed on the command line (`--explorer-url`). */
  flags: Set<string>;
}

const hardhatGlobalFlags = new Set(["--network", "--build-profile", "--config", "--verbose", "--help"]);
const otherTools = new Set([
  "git",
  "forge",
  "anvil",
  "cd",
  "export",
  "set",
  "echo",
  "mkdir",
  "jq",
  "for",
  "do",
  "done",
]);

/**
 * Splits a block of shell into commands: continuation lines joined, comments dropped, split on `&&`, `;`, `|`.
 *
 * @param text - the block
 * @returns each command's words, quotes removed
 */
export function shellCommands(text: string): string[][] {
  const joined = text.replace(/\\\n/g, " ");
  const commands: string[][] = [];
  for (const line of joined.split("\n")) {
    let words: string[] = [];
    let word = "";
    let quote: string | undefined;
    let started = false;
    const endWord = () => {
      if (started) words.push(word);
      word = "";
      started = false;
    };
    const endCommand = () => {
      endWord();
      if (words.length > 0) commands.push(words);
      words = [];
    };
    for (let index = 0; index < line.length; index++) {
      const char = line[index] ?? "";
      if (quote) {
        if (char === quote) quote = undefined;
        else word += char;
        continue;
      }
      if (char === '"' || char === "'") {
        quote = char;
        started = true;
      } else if (char === "#" && !started) {
        break;
      } else if (/\s/.test(char)) {
        endWord();
      } else if (char === ";" || char === "|" || (char === "&" && line[index + 1] === "&")) {
        if (char === "&") index++;
        endCommand();
      } else if (char === ">") {
        // A redirection: the file name that follows is not an argument.
        endCommand();
        words = [];
        while (index + 1 < line.length && /[\s>]/.test(line[index + 1] ?? "")) index++;
        while (index + 1 < line.length && !/\s/.test(line[index + 1] ?? "")) index++;
      } else {
        word += char;
        started = true;
      }
    }
    if (quote) throw new Error(`an unclosed quote in: ${line}`);
    endCommand();
  }
  return commands;
}

/** The flags a usage text names: every `--word` in it. */
function usageFlags(text: string): Set<string> {
  return new Set([...text.matchAll(/--[a-z][a-z-]*/g)].map(([flag]) => flag));
}

const cliFlags: Record<string, Set<string>> = {
  verify: usageFlags(usage.verify),
  copy: usageFlags(usage.copy),
  bundle: usageFlags(usage.bundle),
  plan: usageFlags(usage.plan),
  merge: usageFlags(usage.merge),
  status: usageFlags(usage.status),
  fetch: usageFlags(usage.fetch),
  "local-explorer": usageFlags(usage.localExplorer),
};

const packageScripts = Object.keys(
  (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts,
);

function flagsOf(words: readonly string[]): string[] {
  return words.filter((word) => word.startsWith("--")).map((word) => word.split("=")[0] ?? word);
}

function unknownFlags(words: readonly string[], known: Set<string>, pending: readonly string[]): string[] {
  return flagsOf(words).filter((flag) => !known.has(flag) && flag !== "--help" && !pending.includes(flag));
}

/**
 * What is wrong with one command, checked against what it names.
 *
 * @param words - the command's words
 * @param tasks - the Hardhat task's shapes
 * @returns the problems; none when the command is right
 */
export function commandProblems(words: readonly string[], tasks: readonly TaskShape[]): string[] {
  const rest = [...words];
  while (/^[A-Z_][A-Z0-9_]*=/.test(rest[0] ?? "")) {
    // NAME=$(command …): the command's words follow.
    const inner = /^[A-Z_][A-Z0-9_]*=\$\((.+)$/.exec(rest.shift() ?? "")?.[1];
    if (inner) rest.unshift(inner);
  }
  const [program, ...args] = rest;
  const shown = words.join(" ");
  if (program === undefined) return [];
  if (otherTools.has(program)) return [];
  if (program === "npm") {
    const [command, ...more] = args;
    if (command === "run") {
      const script = more[0] ?? "";
      return packageScripts.includes(script) ? [] : [`${shown}: package.json has no script "${script}"`];
    }
    if (["ci", "test", "pack", "install", "version", "publish"].includes(command ?? "")) return [];
    return [`${shown}: npm ${command} is not a command the documentation should show`];
  }
  if (program !== "npx") return [`${shown}: unknown program ${program}`];
  const [tool, ...toolArgs] = args;
  if (tool === "explorer-verify") {
    const [command = "", ...commandArgs] = toolArgs;
    const known = cliFlags[command];
    if (!known) return [`${shown}: explorer-verify has no command "${command}"`];
    return unknownFlags(commandArgs, known, notYetWired.cliFlags).map(
      (flag) => `${shown}: explorer-verify ${command} has no ${flag} (its --help does not list it)`,
    );
  }
  if (tool === "hardhat") {
    const position = toolArgs.indexOf("explorer-verify");
    if (position < 0) return [];
    const next = toolArgs[position + 1];
    const id =
      next === "status" || next === "fetch" || next === "copy"
        ? ["explorer-verify", next]
        : ["explorer-verify"];
    const task = tasks.find((candidate) => candidate.id.join(" ") === id.join(" "));
    if (!task) return [`${shown}: the plugin has no task ${id.join(" ")}`];
    const known = new Set([...task.flags, ...hardhatGlobalFlags]);
    return unknownFlags(toolArgs, known, notYetWired.taskFlags).map(
      (flag) => `${shown}: the task ${id.join(" ")} has no option ${flag}`,
    );
  }
  if (tool === "@github/local-action") {
    const [command, repository, entrypoint = ""] = toolArgs;
    return command === "run" && repository === "." && existsSync(join(repoRoot, entrypoint))
      ? []
      : [`${shown}: local-action runs this repository's entrypoint: run . src/action/main.ts ENV_FILE`];
  }
  if (tool === "tsx") {
    const file = toolArgs[0] ?? "";
    return existsSync(join(repoRoot, file)) ? [] : [`${shown}: ${file} does not exist`];
  }
  return [`${shown}: npx ${tool} is not a command the documentation should show`];
}
