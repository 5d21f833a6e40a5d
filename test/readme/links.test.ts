import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { repoRoot } from "../inputs/hardhatProject.js";
import { documentationFiles } from "./markdownBlocks.js";

// The README's links into docs/ and the docs' links back: every relative link names a file of the repository,
// and every #anchor a heading of that file (GitHub's slugs: lower case, punctuation dropped, spaces to hyphens).

/** GitHub's anchor of a heading. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(repoRoot, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading ?? "")));
}

describe("links between the README and docs/", () => {
  it("slugs headings as GitHub does", () => {
    expect(slug("What `npm run demo` does")).toBe("what-npm-run-demo-does");
    expect(slug("The ledger: reruns that resume")).toBe("the-ledger-reruns-that-resume");
  });

  it.each(documentationFiles().map((file) => [file]))("%s: every relative link resolves", (file) => {
    const text = readFileSync(join(repoRoot, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
    const broken: string[] = [];
    for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [path = "", anchor] = target.split("#");
      const linked = path === "" ? file : normalize(join(dirname(file), path));
      if (!existsSync(join(repoRoot, linked))) broken.push(`${target}: no file ${linked}`);
      else if (anchor !== undefined && linked.endsWith(".md") && !anchorsOf(linked).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${linked}`);
    }
    expect(broken).toEqual([]);
  });
});
