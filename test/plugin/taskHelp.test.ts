import { describe, expect, it } from "@jest/globals";
import { repoRoot } from "../inputs/hardhatProject.js";

// `npx hardhat explorer-verify --help`, as Hardhat's own help writer prints it from the plugin's declarations: each
// option says its default once, and none says an empty one.
interface Declared {
  id: string[];
  description: string;
  options: Record<string, unknown>;
  positionalArguments: unknown[];
}

async function helpOf(task: Declared): Promise<string> {
  const helpModule = `${repoRoot}/node_modules/hardhat/dist/src/internal/cli/help/get-help-string.js`;
  const { getHelpString } = (await import(helpModule)) as {
    getHelpString: (task: unknown, globalOptions: Map<string, unknown>) => Promise<string>;
  };
  return getHelpString(
    { ...task, options: new Map(Object.entries(task.options)), subtasks: new Map(), isEmpty: false },
    new Map(),
  );
}

describe("the task's --help", () => {
  it("says each default once, and no empty one", async () => {
    const plugin = (await import("../../plugin/index.js")).default;
    const tasks = (plugin.tasks ?? []) as unknown as Declared[];
    expect(tasks.length).toBeGreaterThan(3);
    for (const task of tasks) {
      const lines = (await helpOf(task)).split("\n");
      expect([
        task.id.join(" "),
        lines.filter((line) => /\(default: [^)]*\).*\(default: /.test(line)),
      ]).toEqual([task.id.join(" "), []]);
      expect([task.id.join(" "), lines.filter((line) => line.includes("(default: )"))]).toEqual([
        task.id.join(" "),
        [],
      ]);
    }
    const verify = tasks.find((task) => task.id.join(" ") === "explorer-verify");
    const help = await helpOf(verify as Declared);
    expect(help).toMatch(
      /--timeout +Time each contract may take, in seconds, from \d+ to \d+: its submissions, the explorer's verdict, its proxy's link\. It is the run's read budget too, unless that is given \(default: the config's, else 300\)\n/,
    );
    // The config takes no maxCreated and no readTimeoutSeconds: their help names no config default.
    expect(help).toMatch(/--max-created +With include-created, [^\n]* \(default: 100\)\n/);
    expect(help).toMatch(/--read-timeout +The run's read budget, [^\n]*may take\n/);
  });
});
