import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import ts from "typescript";
import { parse as parseYaml } from "yaml";
import { errorCodes } from "../../src/errors/explorerVerifyError.js";
import { readManifest } from "../../src/inputs/manifest.js";
import { repoRoot } from "../inputs/hardhatProject.js";
import { readActionInputsBlock } from "../support/actionInputsYaml.js";
import { allCodeBlocks, type CodeBlock } from "./markdownBlocks.js";
import { notYetWired } from "./notYetWired.js";
import { commandProblems, shellCommands, type TaskShape } from "./shellCommands.js";

// Every fenced block of the README and docs/ is claimed by a check that runs or reads it: shell commands against
// the CLI's --help, the task's options and package.json; workflows by GitHub's parser (workflowFiles.test.ts);
// other YAML by a YAML parser; JSON by JSON.parse, manifests by the manifest reader, result records against the
// record's fields; TypeScript by the compiler's parser, its imports against the package's exports, and some run
// whole (readmeExamples.e2e.test.ts); TOML by a small reader; output samples line by line. A block no check
// claims fails here.

/** TypeScript blocks that readmeExamples.e2e.test.ts runs: file and heading. */
const runByExamples = [
  ["README.md", "## Quickstart: Hardhat 3"],
  ["docs/hardhat.md", "# The Hardhat 3 task"],
  ["docs/library.md", "## Reading from an explorer"],
  ["docs/library.md", "## Verifying from a script"],
  ["docs/library.md", "## Checking a contract before sending it"],
] as const;

const blocks = allCodeBlocks();
let tasks: TaskShape[] = [];
let emptyFolder: string;

beforeAll(async () => {
  const plugin = (await import("../../plugin/index.js")).default;
  tasks = (plugin.tasks ?? []).map((task) => ({
    id: [...task.id],
    flags: new Set(
      Object.keys("options" in task ? task.options : {}).map(
        (name) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
      ),
    ),
  }));
  emptyFolder = await mkdtemp(join(tmpdir(), "readme-blocks-"));
}, 60_000);

afterAll(async () => {
  await rm(emptyFolder, { recursive: true, force: true });
});

function isWorkflowOrSteps(text: string): boolean {
  const workflow = /^["']?on["']?:/m.test(text) && /^jobs:/m.test(text);
  const steps = /^\s*- /.test(text.split("\n").find((line) => line.trim() !== "") ?? "");
  return workflow || steps;
}

/** The check that claims a block, or undefined. */
function claimOf(block: CodeBlock): string | undefined {
  switch (block.language) {
    case "sh":
    case "bash":
      return "shell";
    case "yaml":
    case "yml":
      return isWorkflowOrSteps(block.text) ? "workflow" : "yaml";
    case "json":
      return /"contracts"\s*:/.test(block.text) ? "manifest" : "result record";
    case "ts":
      return "typescript";
    case "toml":
      return "toml";
    case "text":
      return "output sample";
    default:
      return undefined;
  }
}

const byClaim = (claim: string) =>
  blocks.filter((block) => claimOf(block) === claim).map((block) => [block.where, block] as const);

describe("the code blocks of the README and docs/", () => {
  it("are each claimed by a check", () => {
    const unclaimed = blocks
      .filter((block) => claimOf(block) === undefined)
      .map((block) => `${block.where} (${block.language || "no language"})`);
    expect(unclaimed).toEqual([]);
    expect(blocks.length).toBeGreaterThan(20);
  });

  it("would refuse a block in a language no check reads, and a command the CLI does not have", () => {
    expect(claimOf({ where: "x:1", file: "x", language: "", heading: "", text: "npm ci\n" })).toBeUndefined();
    expect(
      claimOf({ where: "x:1", file: "x", language: "python", heading: "", text: "1\n" }),
    ).toBeUndefined();
    expect(commandProblems(["npx", "explorer-verify", "verify", "--explorer", "x"], tasks)).toEqual([
      "npx explorer-verify verify --explorer x: explorer-verify verify has no --explorer (its --help does not list it)",
    ]);
    expect(commandProblems(["npx", "hardhat", "explorer-verify", "--api-key", "k"], tasks)).toEqual([
      "npx hardhat explorer-verify --api-key k: the task explorer-verify has no option --api-key",
    ]);
    expect(commandProblems(["npm", "run", "demos"], tasks)).toEqual([
      'npm run demos: package.json has no script "demos"',
    ]);
  });

  it("keep the two first commands at the very top of the README", () => {
    const first = blocks[0];
    expect(first?.where).toBe("README.md:3");
    expect(shellCommands(first?.text ?? "")).toEqual([
      ["npm", "ci"],
      ["npm", "run", "demo"],
      ["npm", "test"],
    ]);
  });

  it.each(byClaim("shell"))("%s: every command names what exists", (_where, block) => {
    const problems = shellCommands(block.text).flatMap((words) => commandProblems(words, tasks));
    expect(problems).toEqual([]);
  });

  it.each(byClaim("yaml"))("%s: parses as YAML, and its commands name what exists", (_where, block) => {
    const document = parseYaml(block.text) as unknown;
    expect(document).toBeInstanceOf(Object);
    const scripts: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === "string" && /^npx /.test(value)) scripts.push(value);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") Object.values(value).forEach(walk);
    };
    walk(document);
    const problems = scripts.flatMap((script) =>
      shellCommands(script).flatMap((words) => commandProblems(words, tasks)),
    );
    expect(problems).toEqual([]);
  });

  it.each(byClaim("workflow"))("%s: is a workflow that workflowFiles.test.ts reads", (_where, block) => {
    expect(parseYaml(block.text)).toBeInstanceOf(Object);
  });

  it.each(byClaim("manifest"))("%s: is a manifest the manifest reader takes", async (_where, block) => {
    // The example's elided values (`0x…`) become an address; its files do not exist here, so the entries that
    // name files fail alone: what is checked is every entry's shape, which the reader checks before any file.
    const manifest = block.text.replaceAll('"0x…"', '"0x5FbDB2315678afecb367f032d93F642f64180aa3"');
    const contracts = (JSON.parse(manifest) as { contracts: unknown[] }).contracts;
    const bad: string[] = [];
    const entries = await readManifest(manifest, {
      cwd: emptyFolder,
      artifactsDir: "artifacts",
      onBadEntry: (entry) => bad.push(entry.field),
    });
    expect(entries.length + bad.length).toBe(contracts.length);
  });

  it.each(byClaim("result record"))("%s: has only the result record's fields and values", (_where, block) => {
    const record = JSON.parse(block.text) as Record<string, unknown>;
    const job = readFileSync(join(repoRoot, "src", "verify", "job.ts"), "utf8");
    const body = /export interface VerificationResult \{([\s\S]*?)\n\}/.exec(job)?.[1] ?? "";
    const fields = [...body.matchAll(/^ {2}(\w+)\??:/gm)].map(([, name]) => name);
    expect(fields).toContain("durationMs");
    const unknown = Object.keys(record).filter(
      (key) => !fields.includes(key) && !(notYetWired.resultFields as readonly string[]).includes(key),
    );
    expect(unknown).toEqual([]);
    expect(["verified", "already-verified", "pending", "failed", "timeout"]).toContain(record.status);
    expect(["standard-json", "single-file", "flattened", "vyper", "registry", "proxy"]).toContain(
      record.format,
    );
    const error = record.error as { code?: string } | undefined;
    if (error) expect(errorCodes).toContain(error.code);
  });

  it.each(byClaim("typescript"))(
    "%s: parses, imports only what the package exports, and configures only known keys",
    async (_where, block) => {
      const source = ts.createSourceFile("block.ts", block.text, ts.ScriptTarget.ES2023, true);
      const syntax = ts.transpileModule(block.text, {
        reportDiagnostics: true,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023 },
      });
      expect((syntax.diagnostics ?? []).map((diagnostic) => diagnostic.messageText)).toEqual([]);
      const modules: Record<string, () => Promise<Record<string, unknown>>> = {
        "explorer-verify": () => import("../../src/index.js"),
        "explorer-verify/plugin": () => import("../../plugin/index.js"),
        "explorer-verify/client": () => import("../../src/client/index.js"),
        "explorer-verify/rest": () => import("../../src/client/rest/index.js"),
        "explorer-verify/local-explorer": () => import("../../src/local-explorer/index.js"),
        "hardhat/config": () => import("hardhat/config"),
        "node:module": () => import("node:module"),
      };
      const missing: string[] = [];
      const configKeys: string[] = [];
      const visit = (node: ts.Node) => {
        if (
          ts.isPropertyAssignment(node) &&
          node.name.getText(source) === "explorerVerify" &&
          ts.isObjectLiteralExpression(node.initializer)
        ) {
          for (const property of node.initializer.properties)
            if (property.name) configKeys.push(property.name.getText(source));
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      for (const statement of source.statements) {
        if (!ts.isImportDeclaration(statement)) continue;
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        const load = modules[from];
        if (!load) {
          missing.push(`${from}: not a module the documentation imports from`);
          continue;
        }
        const loaded = await load();
        const clause = statement.importClause;
        if (clause?.name && !("default" in loaded)) missing.push(`${from}: no default export`);
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            if (!element.isTypeOnly && !(name in loaded)) missing.push(`${from}: no export ${name}`);
          }
      }
      expect(missing).toEqual([]);
      const typeExtensions = readFileSync(
        join(repoRoot, "src", "run", "hardhat", "explorerVerifyConfig.ts"),
        "utf8",
      );
      const userConfig =
        /interface ExplorerVerifyUserSection<Secret> \{([\s\S]*?)\n\}/.exec(typeExtensions)?.[1] ?? "";
      const knownKeys = [...userConfig.matchAll(/^ {2}(\w+)\?:/gm)].map(([, key]) => key);
      expect(knownKeys).toContain("apiKey");
      expect(
        configKeys.filter(
          (key) => !knownKeys.includes(key) && !(notYetWired.configKeys as readonly string[]).includes(key),
        ),
      ).toEqual([]);
      // A whole config or program, and every example of the library's page, is run by readmeExamples.e2e.test.ts,
      // unless it shows what the doors do not offer yet.
      const whole =
        /defineConfig\(|verifyBatch\(|new ExplorerClient\(/.test(block.text) ||
        block.file === "docs/library.md";
      const ahead = configKeys.some((key) => (notYetWired.configKeys as readonly string[]).includes(key));
      const run = runByExamples.some(([file, heading]) => block.file === file && block.heading === heading);
      expect({ block: block.where, run }).toEqual({ block: block.where, run: whole && !ahead });
    },
  );

  it.each(byClaim("toml"))("%s: parses as TOML keys and sections", (_where, block) => {
    const problems = block.text
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.trim().startsWith("#"))
      .filter(
        (line) =>
          !/^\[[\w.-]+\]$/.test(line.trim()) &&
          !/^[\w-]+\s*=\s*(true|false|-?\d+|"[^"]*"|\[.*\])\s*(#.*)?$/.test(line.trim()),
      );
    expect(problems).toEqual([]);
  });

  it.each(byClaim("output sample"))("%s: is made of lines the reporter prints", (_where, block) => {
    const progress =
      /^(submitted|verified|pending|linking|linked|waiting|preflight|notice|failed|timeout|already verified|rate limit|retrying) {1,}\S/;
    const kinds = [
      progress,
      /^Verifying \d+ contracts? on \S+/,
      /^Built with the "\w+" profile \(\d+ builds?\)$/,
      /^Contract +Address +Status +Time +Explorer$/,
      /^-+( +-+){4}$/,
      /^(└ )?(\S+|proxy of .+?) +0x[0-9a-fA-F]{40} +(verified|already verified|linked|already linked|pending|failed|timeout) +\d+\.\d s +\S+$/,
      // What a proxy is, read from the chain (the run's info line before it verifies the system).
      /^Proxy 0x[0-9a-fA-F]{40} (points at implementation 0x[0-9a-fA-F]{40}|\(EIP-2535 diamond\) has \d+ facets:) /,
      /^\w+: \d+ of \d+ contracts? verified(, \d+ failed( \(optional target\))?)?; \d+ submissions? sent\.$/,
      /^…$/,
      /^The http:\/\/\S+ links work only while the local explorer runs, and it stopped with this command\. To open them, serve it again: npx explorer-verify-local-explorer --rpc \S+ --port \d+( --state \S+)?$/,
    ];
    const strays = block.text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .filter((line) => !kinds.some((kind) => kind.test(line)));
    expect(strays).toEqual([]);
  });
});

describe("the names the documentation shows before the doors offer them", () => {
  const cliHelp = readFileSync(join(repoRoot, "src", "cli", "usage.ts"), "utf8");
  const actionInputs = readActionInputsBlock(readFileSync(join(repoRoot, "action.yml"), "utf8"));
  const typeExtensions = readFileSync(
    join(repoRoot, "src", "run", "hardhat", "explorerVerifyConfig.ts"),
    "utf8",
  );
  const job = readFileSync(join(repoRoot, "src", "verify", "job.ts"), "utf8");

  it("are still not offered (once one is, take it off test/readme/notYetWired.ts)", () => {
    for (const flag of notYetWired.cliFlags)
      expect({ flag, inHelp: cliHelp.includes(flag) }).toEqual({ flag, inHelp: false });
    for (const flag of notYetWired.taskFlags)
      expect({ flag, inTask: tasks.some((task) => task.flags.has(flag)) }).toEqual({ flag, inTask: false });
    for (const input of notYetWired.actionInputs)
      expect({ input, inActionYml: actionInputs.has(input) }).toEqual({ input, inActionYml: false });
    for (const key of notYetWired.configKeys)
      expect({ key, inConfig: typeExtensions.includes(`${key}?:`) }).toEqual({ key, inConfig: false });
    const result = /export interface VerificationResult \{([\s\S]*?)\n\}/.exec(job)?.[1] ?? "";
    for (const field of notYetWired.resultFields)
      expect({ field, inRecord: new RegExp(`^ {2}${field}\\??:`, "m").test(result) }).toEqual({
        field,
        inRecord: false,
      });
  });
});
