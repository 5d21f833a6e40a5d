import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  convertWorkflowTemplate,
  isMapping,
  isSequence,
  isString,
  NoOperationTraceWriter,
  parseWorkflow,
  type TemplateParseResult,
} from "@actions/workflow-parser";
import { convertActionTemplate, parseAction } from "@actions/workflow-parser/actions/index";
import { describe, expect, it } from "@jest/globals";
import { repoRoot } from "../inputs/hardhatProject.js";
import { notYetWired } from "../readme/notYetWired.js";

// action.yml and the workflows in the documentation, read by GitHub's own parser (@actions/workflow-parser, the
// one behind the Actions language service) against GitHub's schemas: what GitHub would refuse fails here.
const trace = new NoOperationTraceWriter();

/** A fenced yaml block of a Markdown file. */
interface YamlBlock {
  /** `README.md:234`: the file and the line of the block's first YAML line. */
  where: string;
  text: string;
}

function markdownFiles(): string[] {
  const files = [join(repoRoot, "README.md")];
  const walk = (folder: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(join(folder, entry.name));
      else if (entry.name.endsWith(".md")) files.push(join(folder, entry.name));
    }
  };
  walk(join(repoRoot, "docs"));
  return files;
}

function yamlBlocks(file: string): YamlBlock[] {
  const lines = readFileSync(file, "utf8").split(/\r?\n/);
  const blocks: YamlBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^(\s*)(`{3,}|~{3,})\s*(ya?ml)\b/i.exec(lines[index] ?? "");
    if (!fence) continue;
    const [, indent = "", marks = ""] = fence;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !(lines[end] ?? "").trimStart().startsWith(marks)) {
      body.push((lines[end] ?? "").slice(indent.length));
      end++;
    }
    blocks.push({ where: `${relative(repoRoot, file)}:${index + 2}`, text: body.join("\n") });
    index = end;
  }
  return blocks;
}

/** A whole workflow: top-level `on:` and `jobs:`. */
function isWorkflow(text: string): boolean {
  return /^["']?on["']?:/m.test(text) && /^jobs:/m.test(text);
}

/** Steps shown on their own (`- uses: …` lines): wrapped into a job, at their own indentation. */
function asWorkflow(text: string): string | undefined {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const first = lines[0] ?? "";
  if (!/^\s*- /.test(first)) return undefined;
  const indent = Math.min(...lines.map((line) => line.length - line.trimStart().length));
  const steps = text
    .split("\n")
    .map((line) => (line.trim() === "" ? "" : `      ${line.slice(indent)}`))
    .join("\n");
  return `on: push\njobs:\n  example:\n    runs-on: ubuntu-latest\n    steps:\n${steps}\n`;
}

function errorsOf(result: TemplateParseResult): string[] {
  return result.context.errors.getErrors().map((error) => error.message);
}

/** Parses and converts a workflow as GitHub does, returning every error it reports. */
async function workflowErrors(
  name: string,
  content: string,
): Promise<{ errors: string[]; parsed: TemplateParseResult }> {
  const parsed = parseWorkflow({ name, content }, trace);
  if (parsed.value && parsed.context.errors.count === 0)
    await convertWorkflowTemplate(parsed.context, parsed.value);
  return { errors: errorsOf(parsed), parsed };
}

const action = parseAction(
  { name: "action.yml", content: readFileSync(join(repoRoot, "action.yml"), "utf8") },
  trace,
);
const actionTemplate = action.value ? convertActionTemplate(action.context, action.value) : undefined;
const inputNames = new Set((actionTemplate?.inputs ?? []).map((input) => input.id));
const outputNames = new Set((actionTemplate?.outputs ?? []).map((output) => output.id));

/**
 * The steps that use this action (`uses: …/explorer-verify@…`): their ids, and `with:` keys that action.yml does
 * not declare.
 */
function ourSteps(parsed: TemplateParseResult): { ids: string[]; unknownInputs: string[] } {
  const ids: string[] = [];
  const unknownInputs: string[] = [];
  const jobs = parsed.value && isMapping(parsed.value) ? parsed.value.find("jobs") : undefined;
  if (!jobs || !isMapping(jobs)) return { ids, unknownInputs };
  for (const { value: job } of jobs) {
    const steps = isMapping(job) ? job.find("steps") : undefined;
    if (!steps || !isSequence(steps)) continue;
    for (let index = 0; index < steps.count; index++) {
      const step = steps.get(index);
      if (!isMapping(step)) continue;
      const uses = step.find("uses");
      if (!uses || !isString(uses) || !/(^|\/)explorer-verify@/.test(uses.value)) continue;
      const id = step.find("id");
      if (id && isString(id)) ids.push(id.value);
      const inputs = step.find("with");
      // The inputs the documentation shows ahead of action.yml (test/readme/notYetWired.ts) are accepted.
      const ahead: readonly string[] = notYetWired.actionInputs;
      if (inputs && isMapping(inputs))
        for (const { key } of inputs)
          if (!inputNames.has(key.toString()) && !ahead.includes(key.toString()))
            unknownInputs.push(key.toString());
    }
  }
  return { ids, unknownInputs };
}

describe("action.yml, read by GitHub's action parser", () => {
  it("has no errors, and runs dist/index.js on node24", () => {
    expect(errorsOf(action)).toEqual([]);
    expect(actionTemplate?.runs).toMatchObject({ using: "node24", main: "dist/index.js" });
    expect(inputNames.size).toBeGreaterThan(0);
    expect(outputNames).toEqual(
      new Set([
        "results",
        "verified-count",
        "already-verified-count",
        "failed-count",
        "counts",
        "bundle",
        "matrix",
      ]),
    );
  });
});

describe("workflows in README.md and docs/, read by GitHub's workflow parser", () => {
  const blocks = markdownFiles().flatMap(yamlBlocks);
  const workflows = blocks.flatMap((block) => {
    if (isWorkflow(block.text)) return [{ ...block, content: block.text }];
    const wrapped = asWorkflow(block.text);
    return wrapped === undefined ? [] : [{ ...block, where: `${block.where} (steps)`, content: wrapped }];
  });

  it("finds at least one whole workflow to read", () => {
    expect(workflows.filter((workflow) => !workflow.where.endsWith("(steps)")).length).toBeGreaterThan(0);
  });

  it.each(workflows.map((workflow) => [workflow.where, workflow] as const))(
    "%s parses, and uses only the action's inputs and outputs",
    async (_where, workflow) => {
      const { errors, parsed } = await workflowErrors(workflow.where, workflow.content);
      expect(errors).toEqual([]);
      const { ids, unknownInputs } = ourSteps(parsed);
      expect(unknownInputs).toEqual([]);
      const unknownOutputs = ids.flatMap((id) =>
        [...workflow.content.matchAll(new RegExp(`steps\\.${id}\\.outputs\\.([A-Za-z0-9_-]+)`, "g"))]
          .map((match) => match[1] ?? "")
          .filter((name) => !outputNames.has(name)),
      );
      expect(unknownOutputs).toEqual([]);
    },
  );

  it("would fail on what GitHub refuses: an unknown key, a job that needs one that does not exist, an input the action does not have", async () => {
    const wrongKey = await workflowErrors(
      "wrong.yml",
      "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    step:\n      - run: echo\n",
    );
    expect(wrongKey.errors).toEqual(["wrong.yml (Line: 5, Col: 5): Unexpected value 'step'"]);
    const unknownNeed = await workflowErrors(
      "needs.yml",
      "on: push\njobs:\n  c:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n  a:\n    needs: [b]\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n",
    );
    expect(unknownNeed.errors).toEqual(["needs.yml (Line: 8, Col: 13): Job 'a' depends on unknown job 'b'."]);
    const wrongInput = await workflowErrors(
      "input.yml",
      asWorkflow("- id: v\n  uses: OWNER/explorer-verify@v1\n  with:\n    explorer: https://x\n") ?? "",
    );
    expect(wrongInput.errors).toEqual([]);
    expect(ourSteps(wrongInput.parsed)).toEqual({ ids: ["v"], unknownInputs: ["explorer"] });
  });
});
