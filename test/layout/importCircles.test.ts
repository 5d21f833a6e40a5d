import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

// Every relative import: static, dynamic (`import("./x.js")`) and type-only, since each is an arrow between modules.
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)].flatMap(
    ([, specifier = ""]) => {
      const target = resolve(dirname(file), specifier.replace(/\.js$/, ".ts"));
      return existsSync(target) ? [target] : [];
    },
  );
}

// The strongly connected components of more than one module (Tarjan): each is an import circle.
function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (module: string): void => {
    order.set(module, counter);
    lowest.set(module, counter++);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!order.has(target)) {
        visit(target);
        lowest.set(module, Math.min(lowest.get(module) ?? 0, lowest.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowest.set(module, Math.min(lowest.get(module) ?? 0, order.get(target) ?? 0));
      }
    }
    if (lowest.get(module) !== order.get(module)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) circles.push(component.sort());
  };
  for (const module of graph.keys()) if (!order.has(module)) visit(module);
  return circles;
}

describe("the import graph", () => {
  it("has no circle in src/ and plugin/", () => {
    const files = [...sourceFiles(join(repository, "src")), ...sourceFiles(join(repository, "plugin"))];
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect([...graph.values()].flat().length).toBeGreaterThan(files.length);
    expect(importCircles(graph).map((circle) => circle.map((file) => relative(repository, file)))).toEqual(
      [],
    );
  });

  it("finds a circle made through a dynamic and a type-only import", () => {
    const graph = new Map([
      ["/a.ts", ["/b.ts"]],
      ["/b.ts", ["/c.ts"]],
      ["/c.ts", ["/a.ts"]],
      ["/d.ts", ["/a.ts"]],
    ]);
    expect(importCircles(graph)).toEqual([["/a.ts", "/b.ts", "/c.ts"]]);
    expect(
      importsOf(join(repository, "plugin", "tasks", "verify", "task-action.ts")).map((file) =>
        relative(repository, file),
      ),
    ).toEqual(
      expect.arrayContaining(["plugin/tasks/verify/verifyBuilt.ts", "plugin/tasks/verify/taskArguments.ts"]),
    );
  });
});
