import { InvalidInputError } from "../errors/index.js";
import { headerValueText } from "../kernel/requestHeaders.js";
import {
  autoConcurrencyCeiling,
  concurrencyRange,
  requestsPerSecondRange,
  timeoutSecondsRange,
  verificationDefaults,
  type WholeNumberRange,
  wholeNumberRequirement,
  wholeNumberWithin,
} from "../options/verificationOptions.js";
import { type Service, services } from "../verify/verifier.js";

/**
 * One setting of a run, declared once: the Action's input, the CLI's flag, the task's option and the config key are
 * derived from it (or checked against it by a test), with its default, range and help.
 */
export interface Setting {
  /** The name programs use: the engine's option, the config key, the task's option. */
  readonly name: string;
  /**
   * How its text is read: a list is comma-separated words, each one of `choices`; a text is one line that can be sent
   * in an HTTP header.
   */
  readonly type: "switch" | "wholeNumber" | "list" | "text";
  /** The default; unset: none (the engine's own rule applies). */
  readonly default?: boolean | number | string;
  /** For a whole number: the values accepted. */
  readonly range?: WholeNumberRange;
  /** For a whole number: `auto` is accepted too. */
  readonly auto?: boolean;
  /** For a list: the words it may hold. */
  readonly choices?: readonly string[];
  /** What it does, in one sentence a user reads in `--help`, `action.yml` and the README. */
  readonly help: string;
  /** The Action's input, where it offers the setting. */
  readonly input?: string;
  /** The CLI's `verify` flag, where it offers the setting (a switch whose default is on is offered as `--no-…`). */
  readonly flag?: string;
  /** What a `--no-…` flag does, said for the flag. */
  readonly negatedHelp?: string;
  /** The task's option (camelCase, as Hardhat declares it), where it offers the setting. */
  readonly option?: string;
  /** `explorerVerify.<name>` in the Hardhat config takes it. */
  readonly config?: boolean;
}

/** The contracts looked at per factory with include-created (the engine's default is 100, `defaultMaxCreated`). */
export const maxCreatedRange: WholeNumberRange = { min: 1, max: 10_000 };

/** The settings every door shares, in the order `--help` and the README list them. */
export const runSettings = [
  {
    name: "targets",
    type: "list",
    default: "blockscout",
    choices: services,
    help: "Where to verify, comma-separated: blockscout, etherscan, sourcify, routescan; all of them work at once.",
    input: "targets",
    flag: "targets",
    option: "targets",
    config: true,
  },
  {
    name: "optionalTargets",
    type: "list",
    default: "",
    choices: services,
    help: "Targets whose failures warn instead of failing the run, comma-separated.",
    input: "optional-targets",
    flag: "optional-targets",
    option: "optionalTargets",
  },
  {
    name: "wait",
    type: "switch",
    default: verificationDefaults.wait,
    help: "Wait for each verdict (off: return after submitting, with status pending).",
    negatedHelp: "Return after submitting (status pending) instead of waiting for each verdict.",
    input: "wait",
    flag: "no-wait",
    option: "noWait",
  },
  {
    name: "timeoutSeconds",
    type: "wholeNumber",
    default: verificationDefaults.timeoutSeconds,
    range: timeoutSecondsRange,
    help: `Time each contract may take, in seconds, from ${timeoutSecondsRange.min} to ${timeoutSecondsRange.max}: its submissions, the explorer's verdict, its proxy's link. It is the run's read budget too, unless that is given.`,
    input: "timeout-seconds",
    flag: "timeout",
    option: "timeout",
    config: true,
  },
  {
    name: "readTimeoutSeconds",
    type: "wholeNumber",
    range: timeoutSecondsRange,
    help: `The run's read budget, in seconds, from ${timeoutSecondsRange.min} to ${timeoutSecondsRange.max}: the chain reads before any contract is verified (a manifest's deployed code, the chain id, the contracts a deployment created, the proxies' kinds and parts), all of them together. Unset: the time each contract may take.`,
    input: "read-timeout-seconds",
    flag: "read-timeout",
    option: "readTimeout",
  },
  {
    name: "concurrency",
    type: "wholeNumber",
    default: verificationDefaults.concurrency,
    range: concurrencyRange,
    auto: true,
    help: `Contracts verified at once, from ${concurrencyRange.min} to ${concurrencyRange.max}, or auto (chosen from the explorer's stated quota and its 429s, at most ${autoConcurrencyCeiling}).`,
    input: "concurrency",
    flag: "concurrency",
    config: true,
  },
  {
    name: "requestsPerSecond",
    type: "wholeNumber",
    range: requestsPerSecondRange,
    help: `Requests started per second to each explorer, from ${requestsPerSecondRange.min} to ${requestsPerSecondRange.max} (unset: the explorer's stated quota).`,
    input: "requests-per-second",
    flag: "requests-per-second",
    option: "requestsPerSecond",
    config: true,
  },
  {
    name: "keySecrets",
    type: "text",
    help: "For a plan's shards: the secret each service's key comes from, by name (never its value), per service or per chain, comma-separated: etherscan=ETHERSCAN_KEY, etherscan:10=ETHERSCAN_KEY_2. Each matrix row names its shard's (etherscan-key-secret); shards on different keys each get the whole of their key's budget.",
    input: "key-secrets",
    flag: "key-secrets",
  },
  {
    name: "userAgent",
    type: "text",
    help: "The User-Agent sent to Blockscout explorers instead of explorer-verify's own; a browser's (Mozilla/5.0 …) passes an explorer whose bot protection refuses tools.",
    input: "user-agent",
    flag: "user-agent",
    option: "userAgent",
    config: true,
  },
  {
    name: "force",
    type: "switch",
    default: verificationDefaults.force,
    help: "Submit even when the explorer says a contract is already verified.",
    input: "force",
    flag: "force",
    option: "force",
  },
  {
    name: "sendUnlisted",
    type: "switch",
    default: verificationDefaults.sendUnlisted,
    help: "Submit even a build whose compiler version or EVM target the explorer's verification config does not list.",
    input: "send-unlisted",
    flag: "send-unlisted",
    option: "sendUnlisted",
  },
  {
    name: "preflight",
    type: "switch",
    default: verificationDefaults.preflight,
    help: "Check locally, against the chain, that each submission matches the deployed code before sending it.",
    input: "preflight",
    flag: "preflight",
    option: "preflight",
  },
  {
    name: "includeCreated",
    type: "switch",
    default: verificationDefaults.includeCreated,
    help: "Also verify the contracts that the deployment's transactions created (EIP-1167 clones are reported, not submitted).",
    input: "include-created",
    flag: "include-created",
    option: "includeCreated",
  },
  {
    name: "maxCreated",
    type: "wholeNumber",
    default: 100,
    range: maxCreatedRange,
    help: `With include-created, the most contracts looked at per factory, from ${maxCreatedRange.min} to ${maxCreatedRange.max} (oldest first; the rest are counted in a warning).`,
    input: "max-created",
    flag: "max-created",
    option: "maxCreated",
  },
  {
    name: "includeProxies",
    type: "switch",
    default: verificationDefaults.includeProxies,
    help: "Take every deployed contract whose code is a proxy as one: its implementations, beacon and facets are verified too, and it is linked where the service can (reads the chain).",
    input: "include-proxies",
    flag: "include-proxies",
    option: "includeProxies",
  },
  {
    name: "recheck",
    type: "switch",
    default: verificationDefaults.recheck,
    help: "Ask the explorer even about contracts the ledger records verified.",
    input: "recheck",
    flag: "recheck",
    option: "recheck",
  },
] as const satisfies readonly Setting[];

/** A setting's name. */
export type RunSettingName = (typeof runSettings)[number]["name"];

/** Where a setting's text came from: its words in the messages. */
export type Door = "action" | "cli" | "task";

/**
 * The setting's name as the user wrote it in that door: `Input timeout-seconds`, `--timeout`.
 *
 * @param setting - the setting
 * @param door - the door
 * @returns its name there
 */
export function nameIn(setting: Pick<Setting, "name" | "input" | "flag" | "option">, door: Door): string {
  if (door === "action") return `Input ${setting.input}`;
  if (door === "task")
    return `--${(setting.option ?? setting.name).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return `--${setting.flag}`;
}

/**
 * Reads one setting's text as a door received it: empty or undefined gives the default; a switch takes
 * true/false (and yes/no, on/off, 1/0); a whole number its range (and `auto` where allowed).
 *
 * @param setting - the setting
 * @param text - what the user gave, or undefined
 * @param door - where it was given, for the message
 * @returns the value, or undefined when it has no default and none was given
 * @throws {InvalidInputError} naming the setting, its range, and what was given
 */
export function readSetting(
  setting: Setting,
  text: string | undefined,
  door: Door,
): boolean | number | string | undefined {
  const given = text?.trim() ?? "";
  if (given === "") return setting.default;
  const field = setting.input ?? setting.name;
  switch (setting.type) {
    case "switch": {
      const value = given.toLowerCase();
      if (["true", "yes", "on", "1"].includes(value)) return true;
      if (["false", "no", "off", "0"].includes(value)) return false;
      throw new InvalidInputError(field, `${nameIn(setting, door)} must be true or false, got "${given}".`);
    }
    case "wholeNumber": {
      if (setting.auto && given === "auto") return "auto";
      const range = setting.range as WholeNumberRange;
      const value = wholeNumberWithin(given, range);
      if (value === undefined)
        throw new InvalidInputError(
          field,
          `${nameIn(setting, door)} must be ${wholeNumberRequirement(range, setting.auto === true)}, got "${given}".`,
        );
      return value;
    }
    case "text":
      if (!headerValueText.test(given))
        throw new InvalidInputError(
          field,
          `${nameIn(setting, door)} must be one line of text without control characters (it is sent in a request header).`,
        );
      return given;
    case "list": {
      const words = [...new Set(given.split(/[\s,]+/).filter((word) => word !== ""))];
      const unknown = words.find((word) => !setting.choices?.includes(word));
      if (unknown !== undefined)
        throw new InvalidInputError(
          field,
          `${nameIn(setting, door)}: "${unknown}" is not one of ${setting.choices?.join(", ")}.`,
        );
      return words.join(",");
    }
  }
}

/**
 * The setting of a name.
 *
 * @param name - its name
 * @returns the declaration
 */
export function settingNamed(name: RunSettingName): Setting {
  return runSettings.find((setting) => setting.name === name) as Setting;
}

// A setting's value as a run reads it, from its declaration: `auto` where it takes it, undefined where it has no default.
type SettingValue<S> = S extends { type: "list" }
  ? Service[]
  :
      | (S extends { type: "switch" } ? boolean : S extends { type: "wholeNumber" } ? number : string)
      | (S extends { auto: true } ? "auto" : never)
      | (S extends { default: unknown } ? never : undefined);

/** The settings' values a run reads: each door fills them from its own world. */
export type RunSettingValues = { [S in (typeof runSettings)[number] as S["name"]]: SettingValue<S> } & {
  /** Given, else `timeoutSeconds`: resolved here, once. */
  readTimeoutSeconds: number;
};

/**
 * Reads every setting a door offers, each through {@link readSetting}.
 *
 * @param door - the door
 * @param textOf - the text the user gave for a setting in that door, or undefined
 * @returns the values, defaults where nothing was given
 * @throws {InvalidInputError} for the first value out of its range
 */
export function readRunSettings(
  door: Door,
  textOf: (setting: Setting) => string | undefined,
): RunSettingValues {
  const values: Record<string, unknown> = {};
  for (const setting of runSettings as readonly Setting[]) {
    const offered = door === "action" ? setting.input : door === "cli" ? setting.flag : setting.option;
    const value = readSetting(setting, offered === undefined ? undefined : textOf(setting), door);
    values[setting.name] =
      setting.type === "list"
        ? String(value ?? "")
            .split(",")
            .filter((word) => word !== "")
        : value;
  }
  values.readTimeoutSeconds ??= values.timeoutSeconds;
  if ((values.targets as string[]).length === 0) {
    const targets = settingNamed("targets");
    throw new InvalidInputError(
      "targets",
      `${nameIn(targets, door)} names no target: give ${targets.choices?.join(", ")}.`,
    );
  }
  return values as RunSettingValues;
}
