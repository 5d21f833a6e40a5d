import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../inputs/hardhatProject.js";

/** A fenced code block of the README or of docs/. */
export interface CodeBlock {
  /** `README.md:42`: the file and the line of the opening fence. */
  where: string;
  /** The file, relative to the repository. */
  file: string;
  /** The fence's language, lower-case; empty when it names none. */
  language: string;
  /** The nearest heading above the block, e.g. `## Quickstart: Hardhat 3`. */
  heading: string;
  /** The block's text, with the fence's indentation removed. */
  text: string;
}

/**
 * The user-facing Markdown files: README.md and every docs/*.md.
 *
 * @returns their paths, relative to the repository
 */
export function documentationFiles(): string[] {
  const docs = readdirSync(join(repoRoot, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => join("docs", name));
  return ["README.md", ...docs];
}

/**
 * Every fenced block of a Markdown file, nested ones (inside a list item) included.
 *
 * @param file - the file, relative to the repository
 * @returns its blocks in order
 */
export function codeBlocks(file: string): CodeBlock[] {
  const lines = readFileSync(join(repoRoot, file), "utf8").split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  let heading = "";
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (/^#{1,6} /.test(line)) heading = line;
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (!fence) continue;
    const [, indent = "", marks = "", language = ""] = fence;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && (lines[end] ?? "").trim() !== marks) {
      body.push((lines[end] ?? "").slice(indent.length));
      end++;
    }
    if (end >= lines.length) throw new Error(`${file}:${index + 1}: a fence that is never closed`);
    blocks.push({
      where: `${file}:${index + 1}`,
      file,
      language: language.toLowerCase(),
      heading,
      text: `${body.join("\n")}\n`,
    });
    index = end;
  }
  return blocks;
}

/**
 * Every fenced block of the README and docs/.
 *
 * @returns the blocks, file by file
 */
export function allCodeBlocks(): CodeBlock[] {
  return documentationFiles().flatMap(codeBlocks);
}

/**
 * The text of the first block of a language under a heading.
 *
 * @param file - the file, relative to the repository
 * @param heading - the heading line, e.g. `## Verifying from a script`
 * @param language - the fence's language
 * @returns the block's text
 * @throws {Error} when there is no such block
 */
export function blockUnder(file: string, heading: string, language: string): string {
  const block = codeBlocks(file).find((found) => found.heading === heading && found.language === language);
  if (!block) throw new Error(`${file} has no ${language} block under ${heading}`);
  return block.text;
}
