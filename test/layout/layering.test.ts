import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { cruise, type IConfiguration } from "dependency-cruiser";

// The house of DESIGN.md §10 as .dependency-cruiser.cjs writes it: its parts, and the arrows that must never exist,
// circles included. Arrows that break a never today are listed in layeringDebt.json: a new one fails here, and so does
// a listed one that is gone, so that the list only shrinks.
const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);
const config = require(join(repository, ".dependency-cruiser.cjs")) as IConfiguration;

async function cruised(baseDir: string, folders: string[]) {
  const result = await cruise(folders, {
    ...config.options,
    ruleSet: { forbidden: config.forbidden ?? [] },
    validate: true,
    baseDir,
  });
  if (typeof result.output === "string") throw new Error("dependency-cruiser answered text");
  return result.output;
}

async function brokenNevers(baseDir: string, folders: string[]): Promise<string[]> {
  return (await cruised(baseDir, folders)).summary.violations
    .map((violation) =>
      violation.type === "cycle"
        ? `${violation.rule.name}: ${[violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(" → ")}`
        : `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    )
    .sort();
}

/** A tree of a few TypeScript files, each importing the others named, for a rule's own test. */
async function tree(files: Record<string, string[]>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "explorer-verify-layering-"));
  for (const [path, imports] of Object.entries(files)) {
    await mkdir(join(root, dirname(path)), { recursive: true });
    await writeFile(join(root, path), `${imports.join("\n")}\nexport const here = 1;\n`);
  }
  return root;
}

describe("the house", () => {
  it("breaks no never of DESIGN.md §10 but those listed as debt, and has no circle", async () => {
    const debt = JSON.parse(
      await readFile(join(repository, "test", "layout", "layeringDebt.json"), "utf8"),
    ) as {
      arrows: string[];
    };
    const broken = await brokenNevers(repository, ["src", "plugin"]);
    expect(broken.filter((arrow) => arrow.startsWith("no-circular"))).toEqual([]);
    expect(broken.filter((arrow) => !debt.arrows.includes(arrow))).toEqual([]);
    // Paid off: remove it from the list.
    expect(debt.arrows.filter((arrow) => !broken.includes(arrow))).toEqual([]);
  }, 60_000);

  it("read the tree: every TypeScript file of src and plugin (.cts too), each reached from an entry point by a resolved import", async () => {
    const files = (
      await Promise.all(
        ["src", "plugin"].map((folder) => readdir(join(repository, folder), { recursive: true })),
      )
    )
      .flatMap((names, index) => names.map((name) => `${["src", "plugin"][index]}/${name}`))
      .filter((path) => /\.c?ts$/.test(path))
      .sort();
    const { modules } = await cruised(repository, ["src", "plugin"]);
    const own = modules.filter((module) => /^(src|plugin)\//.test(module.source));
    expect(own.map((module) => module.source).sort()).toEqual(files);
    // A broken resolution leaves modules that nothing imports: only the package's entry points may be such.
    const imported = new Set(own.flatMap((module) => module.dependencies.map((arrow) => arrow.resolved)));
    expect(own.filter((module) => !imported.has(module.source)).map((module) => module.source)).toEqual([
      // What `require("explorer-verify/plugin")` gets under Hardhat 2.
      "plugin/hardhat2.cts",
      "plugin/index.ts",
      "src/action/index.ts",
      "src/cli/index.ts",
      "src/client/index.ts",
      "src/index.ts",
    ]);
    expect(files.length).toBeGreaterThan(300);
  }, 60_000);

  it("fails when a door imports a hall file outside its face, or an import resolves to nothing", async () => {
    const root = await tree({
      "src/cli/statusCommand.ts": [
        'import { runStatus } from "../run/runners/runStatus.js";',
        'import { runStatusRequest } from "../run/commands/statusRequest.js";',
        'import { readRunSettings } from "../run/settings.js";',
        'import { runSucceeded } from "../run/commands/runReport.js";',
      ],
      "plugin/tasks/status/task-action.ts": [
        'import { hardhatTargets } from "../../../src/run/hardhat/hardhatTargets.js";',
        'import type { RunResults } from "../../../src/run/report/runResults.js";',
      ],
      "src/run/commands/runReport.ts": ['export { runSucceeded } from "../report/runResults.js";'],
      "src/run/runners/runStatus.ts": [],
      "src/run/hardhat/hardhatTargets.ts": [],
      "src/run/commands/statusRequest.ts": ['import { runStatus } from "../runners/runStatus.js";'],
      "src/run/settings.ts": [],
      "src/run/report/runResults.ts": ['import { gone } from "./gone.js";'],
    });
    try {
      expect(await brokenNevers(root, ["src", "plugin"])).toEqual([
        "door-through-face: plugin/tasks/status/task-action.ts → src/run/hardhat/hardhatTargets.ts",
        "door-through-face: plugin/tasks/status/task-action.ts → src/run/report/runResults.ts",
        "door-through-face: src/cli/statusCommand.ts → src/run/runners/runStatus.ts",
        "not-to-unresolvable: src/run/report/runResults.ts → ./gone.js",
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it("fails when a door imports the client", async () => {
    const root = await tree({
      "src/cli/statusCommand.ts": ['import { Transport } from "../client/transport.js";'],
      "src/client/transport.ts": [],
    });
    try {
      expect(await brokenNevers(root, ["src"])).toEqual([
        "door-below-hall: src/cli/statusCommand.ts → src/client/transport.ts",
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it("fails when a hall step calls back up to a runner, or the report text to the hall", async () => {
    const root = await tree({
      "src/run/jobs/addressJobs.ts": ['import { runVerify } from "../runners/runVerify.js";'],
      "src/run/runners/runVerify.ts": [],
      "src/report/resultsTable.ts": ['import { runVerify } from "../run/runners/runVerify.js";'],
    });
    try {
      expect(await brokenNevers(root, ["src"])).toEqual([
        "base-upward: src/report/resultsTable.ts → src/run/runners/runVerify.ts",
        "hall-steps: src/run/jobs/addressJobs.ts → src/run/runners/runVerify.ts",
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it("finds a circle made through a dynamic and a type-only import", async () => {
    const root = await tree({
      "src/run/a.ts": ['import { here } from "./b.js";', "void here;"],
      "src/run/b.ts": ['import type { here } from "./c.js";'],
      "src/run/c.ts": ['void import("./a.js");'],
    });
    try {
      expect(await brokenNevers(root, ["src"])).toEqual(
        expect.arrayContaining(["no-circular: src/run/a.ts → src/run/b.ts → src/run/c.ts → src/run/a.ts"]),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
