import { readFileSync } from "node:fs";
import { join } from "node:path";
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import { describe, expect, it } from "@jest/globals";
import { parse } from "yaml";
import { repoRoot } from "../inputs/hardhatProject.js";

// The README's many-runner workflow (deploy → plan → matrix verify → merge), read by GitHub's workflow parser, and
// wired as the Action's plan, shard and merge steps need: the plan's output feeds the matrix, each shard uploads its
// ledger folder, and the merge downloads every shard's artifact.
const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
// A GitHub expression, as the workflow writes it.
const expression = (inner: string) => `\${{ ${inner} }}`;
const text = /```yaml\n(name: deploy, then verify on many runners\n[\s\S]*?)```/.exec(readme)?.[1] ?? "";

interface Step {
  id?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  name?: string;
  needs?: string;
  if?: string;
  outputs?: Record<string, string>;
  strategy?: { matrix?: string; "fail-fast"?: boolean };
  steps: Step[];
}

describe("the README's many-runner workflow", () => {
  const workflow = parse(text) as { jobs: Record<string, Job> };
  const ours = (job: Job) => job.steps.filter((step) => step.uses?.includes("/explorer-verify@"));

  it("parses as GitHub parses it", async () => {
    expect(text).not.toBe("");
    const trace = new NoOperationTraceWriter();
    const parsed = parseWorkflow({ name: "shards.yml", content: text }, trace);
    if (parsed.value) await convertWorkflowTemplate(parsed.context, parsed.value);
    expect(parsed.context.errors.getErrors().map((error) => error.message)).toEqual([]);
  });

  it("deploys, plans, verifies each shard of the matrix, then merges", () => {
    const { deploy, plan, verify, merge } = workflow.jobs;
    expect([deploy, plan, verify, merge].every(Boolean)).toBe(true);
    expect([plan?.needs, verify?.needs, merge?.needs]).toEqual(["deploy", "plan", ["plan", "verify"]]);
    const [planStep] = ours(plan as Job);
    expect(planStep?.with?.shards).toBeDefined();
    expect(plan?.outputs?.matrix).toBe(expression(`steps.${planStep?.id}.outputs.matrix`));
    expect(verify?.strategy?.matrix).toBe(expression("fromJSON(needs.plan.outputs.matrix)"));
    expect(verify?.strategy?.["fail-fast"]).toBe(false);
    const [shardStep] = ours(verify as Job);
    expect(shardStep?.with?.shard).toBe(expression("matrix.shard"));
    expect(shardStep?.with?.targets).toBe(planStep?.with?.targets);
    expect(shardStep?.with?.bundle).toBe(planStep?.with?.bundle);
  });

  it("hands each shard and the merge the plan's digest, so another plan is refused", () => {
    const [shardStep] = ours(workflow.jobs.verify as Job);
    const [mergeStep] = ours(workflow.jobs.merge as Job);
    expect(shardStep?.with?.plan).toBe(expression("matrix.plan"));
    expect(mergeStep?.with?.plan).toBe(expression("fromJSON(needs.plan.outputs.matrix).include[0].plan"));
  });

  it("names each matrix job after its shard alone, and shows the endpoints, the same for the plan and every shard", () => {
    expect(workflow.jobs.verify?.name).toBe(`verify ${expression("matrix.shard")}`);
    const [planStep] = ours(workflow.jobs.plan as Job);
    const [shardStep] = ours(workflow.jobs.verify as Job);
    const endpoints = String(planStep?.with?.endpoints ?? "")
      .trim()
      .split("\n");
    expect(endpoints).toEqual([
      "10=blockscout=https://optimism.blockscout.com",
      "10=etherscan=https://api.etherscan.io/v2/api",
      "10=sourcify=https://sourcify.dev/server",
    ]);
    expect(shardStep?.with?.endpoints).toBe(planStep?.with?.endpoints);
  });

  it("merges after the shards ran, even failed ones, never after a cancelled run or a skipped matrix", () => {
    expect(workflow.jobs.merge?.if).toBe(expression("!cancelled() && needs.verify.result != 'skipped'"));
    // A rerun of failed jobs reruns the failed shards, whose artifacts' names are taken in the run already.
    const upload = workflow.jobs.verify?.steps.find((step) =>
      step.uses?.startsWith("actions/upload-artifact@"),
    );
    expect(upload?.with?.overwrite).toBe(true);
    expect(readme).toContain("**Re-run failed jobs.** GitHub runs the failed shards again, then the merge");
  });

  it("picks each shard's key by the secret its matrix row names, with the plan's key-secrets", () => {
    const [planStep] = ours(workflow.jobs.plan as Job);
    const [shardStep] = ours(workflow.jobs.verify as Job);
    expect(planStep?.with?.["key-secrets"]).toBe("etherscan=ETHERSCAN_API_KEY");
    expect(shardStep?.with?.["key-secrets"]).toBe(planStep?.with?.["key-secrets"]);
    expect(shardStep?.with?.["etherscan-api-key"]).toBe(
      expression("secrets[matrix.etherscan-key-secret || 'ETHERSCAN_API_KEY']"),
    );
  });

  it("uploads each shard's ledger folder, even when the shard fails, and merges them all into the cached ledger", () => {
    const upload = workflow.jobs.verify?.steps.find((step) =>
      step.uses?.startsWith("actions/upload-artifact@"),
    );
    expect(upload).toMatchObject({
      if: "always()",
      with: {
        name: `shard-${expression("matrix.shard")}`,
        path: ".explorer-verify/",
        "include-hidden-files": true,
      },
    });
    const merge = workflow.jobs.merge as Job;
    const download = merge.steps.find((step) => step.uses?.startsWith("actions/download-artifact@"));
    expect(download?.with).toEqual({ pattern: "shard-*", path: "shards" });
    expect(ours(merge)[0]?.with?.["merge-from"]).toBe("shards");
    const saved = merge.steps.find((step) => step.uses?.startsWith("actions/cache/save@"));
    const restored = workflow.jobs.verify?.steps.find((step) =>
      step.uses?.startsWith("actions/cache/restore@"),
    );
    expect(saved?.with?.path).toBe(".explorer-verify/ledger.json");
    expect(restored?.with?.key).toBe(saved?.with?.key);
  });
});
