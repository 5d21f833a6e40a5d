import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "@jest/globals";
import { readActionInputs } from "../../src/action/inputs.js";
import { integerFlag } from "../../src/cli/arguments.js";
import { flagText } from "../../src/cli/settingFlags.js";
import { defaultMaxCreated } from "../../src/discovery/createdContractJobs.js";
import {
  autoConcurrencyCeiling,
  concurrencyRange,
  timeoutSecondsRange,
  verificationDefaults,
  type WholeNumberRange,
  wholeNumberWithin,
} from "../../src/options/verificationOptions.js";
import {
  readRunSettings,
  readSetting,
  runSettings,
  type Setting,
  settingNamed,
} from "../../src/run/settings.js";
import { readActionInputsBlock } from "../support/actionInputsYaml.js";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const actionInputs = readActionInputsBlock(readFileSync(join(repository, "action.yml"), "utf8"));

const camelCase = (inputName: string) =>
  inputName.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const moduleDefaults: Record<string, string | number | boolean> = verificationDefaults;
// The inputs only the Action has (how it reports on a pull request), with their defaults in action.yml.
const actionOnlyDefaults: Record<string, string> = {
  "pr-comment": "false",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expression, as action.yml writes it.
  "github-token": "${{ github.token }}",
};

// The ranges the module holds, by the Action input that states them in its description.
const statedRanges: Record<string, WholeNumberRange> = Object.fromEntries(
  (runSettings as readonly Setting[]).flatMap((setting) =>
    setting.input && setting.range ? [[setting.input, setting.range]] : [],
  ),
);

describe("action.yml against the options module", () => {
  it("reads every input of action.yml", () => {
    expect([...actionInputs.keys()]).toEqual([
      "explorer-url",
      "chain-id",
      "targets",
      "optional-targets",
      "etherscan-api-key",
      "routescan-api-key",
      "api-key",
      "headers",
      "user-agent",
      "contracts",
      "deployment",
      "bundle",
      "copy-from",
      "addresses",
      "explorers",
      "endpoints",
      "endpoint-keys",
      "endpoint-sites",
      "rpc-urls",
      "ledger",
      "recheck",
      "artifacts",
      "rpc-url",
      "wait",
      "timeout-seconds",
      "read-timeout-seconds",
      "concurrency",
      "requests-per-second",
      "force",
      "send-unlisted",
      "preflight",
      "include-created",
      "max-created",
      "include-proxies",
      "fail-on-error",
      "shards",
      "shard",
      "plan",
      "merge-from",
      "key-secrets",
      "pr-comment",
      "github-token",
    ]);
    for (const [name, fields] of actionInputs) {
      expect({ name, keys: Object.keys(fields) }).toEqual({
        name,
        keys: ["description", "required", "default"],
      });
    }
  });

  it("gives every input the module's default, and no default where the module has none", () => {
    for (const [name, fields] of actionInputs) {
      // A setting the options module does not hold (max-created) has its default in the hall's declaration.
      const moduleDefault =
        moduleDefaults[camelCase(name)] ??
        (runSettings as readonly Setting[]).find((setting) => setting.input === name)?.default;
      expect({ name, default: fields.default }).toEqual({
        name,
        default: actionOnlyDefaults[name] ?? (moduleDefault === undefined ? "" : String(moduleDefault)),
      });
    }
    // The module's options the Action does not offer: the format is chosen per manifest entry there.
    const notActionInputs = Object.keys(moduleDefaults).filter(
      (option) => ![...actionInputs.keys()].some((name) => camelCase(name) === option),
    );
    expect(notActionInputs).toEqual(["format"]);
  });

  it("states in the descriptions the module's ranges and auto's ceiling, and no other", () => {
    for (const [name, { description = "" }] of actionInputs) {
      const ranges = [...description.matchAll(/from (\d+) to (\d+)/g)].map(([, min, max]) => ({
        min: Number(min),
        max: Number(max),
      }));
      expect({ name, ranges }).toEqual({ name, ranges: statedRanges[name] ? [statedRanges[name]] : [] });
      const ceilings = [...description.matchAll(/at most (\d+)/g)].map(([, most]) => Number(most));
      expect({ name, ceilings }).toEqual({
        name,
        ceilings: name === "concurrency" ? [autoConcurrencyCeiling] : [],
      });
    }
  });

  it("matches the table of inputs in docs/action.md", () => {
    const table = readFileSync(join(repository, "docs", "action.md"), "utf8");
    const rows = [...table.matchAll(/^\| `([a-z-]+)` \|\s*(?:`([^`]*)`)?\s*\|/gm)].map(([, name, value]) => [
      name,
      value ?? "",
    ]);
    const inputRows = rows.filter(([name]) => actionInputs.has(name ?? ""));
    expect(inputRows).toEqual([...actionInputs].map(([name, fields]) => [name, fields.default]));
  });
});

describe("action.yml's outputs against docs/action.md", () => {
  it("describes each output of the page's table, with the fields the page shows", () => {
    const page = readFileSync(join(repository, "docs", "action.md"), "utf8");
    const table = page.slice(page.indexOf("| output | meaning |")).split("\n\n")[0] ?? "";
    const rows = [...table.matchAll(/^\| `([a-z-]+)` \| (.*) \|$/gm)];
    const outputs = readActionInputsBlock(readFileSync(join(repository, "action.yml"), "utf8"), "outputs");
    expect([...outputs.keys()].sort()).toEqual(rows.map(([, name]) => name).sort());
    // The result record's fields, as the README's example shows them.
    const readme = readFileSync(join(repository, "README.md"), "utf8");
    const record = /## The result record[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1] ?? "{}";
    for (const [, name = "", meaning = ""] of rows) {
      // A JSON key the page shows, quoted as there; a record's field, by its name.
      const fields = [...meaning.matchAll(/"[A-Za-z-]+":/g)].map(([field]) => field);
      if (name === "results") fields.push(...Object.keys(JSON.parse(record) as object));
      const description = outputs.get(name)?.description ?? "";
      const named = (field: string) =>
        field.startsWith('"') ? description.includes(field) : new RegExp(`\\b${field}\\b`).test(description);
      const missing = fields.filter((field) => !named(field));
      expect({ name, missing }).toEqual({ name, missing: [] });
    }
  });
});

describe("the plugin's documented config against the options module", () => {
  const typeExtensions = readFileSync(
    join(repository, "src", "run", "hardhat", "explorerVerifyConfig.ts"),
    "utf8",
  );

  it("states the concurrency and timeout limits and defaults the module holds", () => {
    expect(typeExtensions).toContain(
      `/** Contracts verified at once: ${concurrencyRange.min} to ${concurrencyRange.max}, or \`auto\` (from the explorer's stated quota and 429s, at most ${autoConcurrencyCeiling}). Default \`${verificationDefaults.concurrency}\`. */`,
    );
    expect(typeExtensions).toContain(
      `/** Time each contract may take, in seconds (and the run's read budget): a whole number from ${timeoutSecondsRange.min} to ${timeoutSecondsRange.max}. Default ${verificationDefaults.timeoutSeconds}. */`,
    );
  });
});

describe("the Action's and the CLI's readings of the same options", () => {
  const set: string[] = [];
  // Only these inputs: those of an earlier call are gone.
  function inputs(values: Record<string, string>): void {
    for (const variable of set.splice(0)) delete process.env[variable];
    for (const [name, value] of Object.entries(values)) {
      const variable = `INPUT_${name.toUpperCase()}`;
      process.env[variable] = value;
      set.push(variable);
    }
  }
  afterEach(() => {
    for (const variable of set.splice(0)) delete process.env[variable];
  });

  it("take the module's defaults when nothing is given", () => {
    inputs({ "explorer-url": "https://eth.blockscout.com", contracts: "verify.json" });
    expect(readActionInputs()).toMatchObject({
      ledger: verificationDefaults.ledger,
      recheck: verificationDefaults.recheck,
      artifacts: verificationDefaults.artifacts,
      wait: verificationDefaults.wait,
      timeoutSeconds: verificationDefaults.timeoutSeconds,
      concurrency: verificationDefaults.concurrency,
      force: verificationDefaults.force,
      preflight: verificationDefaults.preflight,
      includeCreated: verificationDefaults.includeCreated,
      failOnError: verificationDefaults.failOnError,
    });
    expect(integerFlag(undefined, "timeout", verificationDefaults.timeoutSeconds, timeoutSecondsRange)).toBe(
      300,
    );
  });

  it("accept the range's ends and refuse one past them, in the same words", () => {
    for (const [name, flag, range, auto] of [
      ["timeout-seconds", "timeout", timeoutSecondsRange, ""],
      ["concurrency", "concurrency", concurrencyRange, "auto or "],
    ] as const) {
      const fallback = auto ? "auto" : 300;
      for (const end of [range.min, range.max]) {
        inputs({
          "explorer-url": "https://eth.blockscout.com",
          contracts: "verify.json",
          [name]: String(end),
        });
        expect(readActionInputs()).toMatchObject({ [camelCase(name)]: end });
        expect(integerFlag(String(end), flag, fallback, range)).toBe(end);
      }
      for (const wrong of [String(range.min - 1), String(range.max + 1), "2.5", "ten"]) {
        inputs({ "explorer-url": "https://eth.blockscout.com", contracts: "verify.json", [name]: wrong });
        const requirement = `${auto}a whole number from ${range.min} to ${range.max}`;
        expect(() => readActionInputs()).toThrow(`Input ${name} must be ${requirement}, got "${wrong}".`);
        expect(() => integerFlag(wrong, flag, fallback, range)).toThrow(
          `--${flag} must be ${requirement}, got "${wrong}".`,
        );
      }
    }
  });

  it("read max-created (default 100, 1 to 10000) as the Action's input and the CLI's flag", () => {
    const setting = settingNamed("maxCreated");
    inputs({ "explorer-url": "https://eth.blockscout.com", contracts: "verify.json" });
    expect(readActionInputs().maxCreated).toBe(100);
    inputs({
      "explorer-url": "https://eth.blockscout.com",
      contracts: "verify.json",
      "max-created": "10000",
    });
    expect(readActionInputs().maxCreated).toBe(10_000);
    inputs({ "explorer-url": "https://eth.blockscout.com", contracts: "verify.json", "max-created": "0" });
    expect(() => readActionInputs()).toThrow(
      'Input max-created must be a whole number from 1 to 10000, got "0".',
    );
    expect(readRunSettings("cli", (each) => flagText(each, { "max-created": "7" })).maxCreated).toBe(7);
    expect(() => readSetting(setting, "10001", "cli")).toThrow(
      '--max-created must be a whole number from 1 to 10000, got "10001".',
    );
    expect(setting.default).toBe(defaultMaxCreated);
  });

  it("read user-agent as one line of text in every door, and nothing when it is not given", () => {
    const setting = settingNamed("userAgent");
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36";
    inputs({ "explorer-url": "https://eth.blockscout.com", contracts: "verify.json" });
    expect(readActionInputs().userAgent).toBeUndefined();
    inputs({ "explorer-url": "https://eth.blockscout.com", contracts: "verify.json", "user-agent": browser });
    expect(readActionInputs().userAgent).toBe(browser);
    expect(readRunSettings("cli", (each) => flagText(each, { "user-agent": browser })).userAgent).toBe(
      browser,
    );
    for (const [door, name] of [
      ["action", "Input user-agent"],
      ["cli", "--user-agent"],
      ["task", "--user-agent"],
    ] as const) {
      expect(() => readSetting(setting, "Mozilla/5.0\u0007", door)).toThrow(
        `${name} must be one line of text without control characters (it is sent in a request header).`,
      );
    }
  });

  it("reads a whole number within a range, and nothing else", () => {
    expect(wholeNumberWithin("64", concurrencyRange)).toBe(64);
    expect(wholeNumberWithin(" ", concurrencyRange)).toBeUndefined();
    expect(wholeNumberWithin("1.0", concurrencyRange)).toBe(1);
    expect(wholeNumberWithin("0.5", concurrencyRange)).toBeUndefined();
    expect(wholeNumberWithin("65", concurrencyRange)).toBeUndefined();
    for (const other of ["0x10", "1e1", "+5", "0b11", "Infinity"])
      expect(wholeNumberWithin(other, concurrencyRange)).toBeUndefined();
  });
});

describe("the action.yml reader", () => {
  it("reads quoted and plain values, and refuses what YAML would read otherwise", () => {
    const inputs = readActionInputsBlock(
      [
        "name: x",
        "inputs:",
        "  a:",
        `    description: 'It''s {"10": "url"}' # a comment`,
        '    default: "say \\"hi\\""',
        "  b:",
        "    default: plain # a comment",
        "outputs:",
        "  c:",
        "    description: not read",
      ].join("\n"),
    );
    expect(Object.fromEntries(inputs)).toEqual({
      a: { description: `It's {"10": "url"}`, default: 'say "hi"' },
      b: { default: "plain" },
    });
    expect(() => readActionInputsBlock('inputs:\n  a:\n    description: inline JSON ({ "a": 1 })\n')).toThrow(
      'action.yml line 3: a plain value with ": " in it, which YAML does not allow',
    );
    expect(() => readActionInputsBlock("inputs:\n  a:\n    description: |\n      text\n")).toThrow(
      "action.yml line 3: a value this reader does not handle: |",
    );
  });
});
