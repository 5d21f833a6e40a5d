import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { InvalidInputError } from "../../errors/index.js";
import { appendAll } from "../../kernel/appendAll.js";

const wildcard = /[*?]/;

/**
 * The deployment paths an input names: one per line, each a path or a pattern whose `*` and `?` match within one
 * folder level (`ignition/deployments/*`, `broadcast/Deploy.s.sol/*\/run-latest.json`). Patterns expand in the
 * workspace, sorted; a line that matches nothing is an error, so a typo never verifies nothing in silence.
 *
 * @param text - the input: paths or patterns, newline-separated
 * @param workspace - where relative paths start
 * @returns the paths, relative as given, without duplicates
 * @throws {InvalidInputError} for a pattern that matches nothing, or `**`
 */
export async function deploymentPaths(text: string, workspace: string): Promise<string[]> {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const paths: string[] = [];
  for (const line of lines) {
    if (!wildcard.test(line)) {
      paths.push(line);
      continue;
    }
    if (line.includes("**")) {
      throw new InvalidInputError(
        "deployment",
        `Input deployment: ${line} uses **; a * matches within one folder level, e.g. ignition/deployments/*.`,
      );
    }
    // A pattern in the middle names folders: those without the rest of the path are left out.
    const matches = (await expand(workspace, line.replace(/\/+$/, "").split("/"))).filter((path) =>
      existsSync(join(workspace, path)),
    );
    if (matches.length === 0) {
      throw new InvalidInputError(
        "deployment",
        `Input deployment: nothing in the workspace matches ${line}.`,
      );
    }
    appendAll(paths, matches);
  }
  return [...new Set(paths)];
}

async function expand(workspace: string, segments: string[], prefix = ""): Promise<string[]> {
  const [segment, ...rest] = segments;
  if (segment === undefined) return [prefix];
  const next = (name: string) => (prefix === "" ? name : `${prefix}/${name}`);
  if (!wildcard.test(segment)) return expand(workspace, rest, next(segment));
  const pattern = new RegExp(
    `^${segment
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, "[^/]*")
      .replace(/\?/g, "[^/]")}$`,
  );
  let names: string[];
  try {
    names = (await readdir(join(workspace, prefix === "" ? "." : prefix))).filter(
      (name) => !name.startsWith(".") && pattern.test(name),
    );
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const name of names.sort()) appendAll(found, await expand(workspace, rest, next(name)));
  return found;
}
