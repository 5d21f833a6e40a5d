import { posix } from "node:path";
import { InvalidInputError } from "../errors/index.js";

/** One import statement of a source file. */
interface ImportStatement {
  /** The whole statement, as written. */
  text: string;
  /** The path in quotes. */
  path: string;
  /** Whether it renames what it imports (`as`): such a file cannot be joined with the others. */
  aliased: boolean;
}

// `import "a.sol";`, `import "a.sol" as A;`, `import {X, Y as Z} from "a.sol";`, `import * as A from "a.sol";`
const importPattern = /^[ \t]*import\s+(?:([^;"']*?)\s+from\s+)?["']([^"']+)["']([^;]*);/gm;
const licensePattern = /^[ \t]*\/\/\s*SPDX-License-Identifier:.*$/m;

/**
 * Joins source files into one: every file after the files it imports, import statements removed, one SPDX
 * license line at the top. The compiled code is the same as from the separate files; the metadata hash differs,
 * as the source list does.
 *
 * @param sources - source name → content, all the files the contract needs
 * @param remappings - the compiler's `settings.remappings` (`context:prefix=target`), to resolve imports
 * @returns the single file
 * @throws {InvalidInputError} for an import with an alias (`as`), or of a file not among the sources
 */
export function flattenSources(sources: Record<string, string>, remappings: readonly string[] = []): string {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string): void => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const statement of importsOf(sources[name] ?? "")) {
      if (statement.aliased) {
        throw new InvalidInputError(
          "format",
          `${name} imports with an alias (${statement.text.trim()}), which a single flattened file cannot keep: verify with standard JSON input.`,
        );
      }
      visit(resolveImport(statement.path, name, sources, remappings));
    }
    visiting.delete(name);
    ordered.push(name);
  };
  for (const name of Object.keys(sources).sort()) visit(name);

  const license = Object.values(sources)
    .map((content) => licensePattern.exec(content)?.[0].trim())
    .find((line) => line !== undefined);
  const bodies = ordered.map((name) => {
    const content = (sources[name] ?? "").replace(importPattern, "").replace(licensePattern, "");
    return `// File: ${name}\n\n${content.trim()}\n`;
  });
  return `${license ? `${license}\n\n` : ""}${bodies.join("\n")}`;
}

function importsOf(content: string): ImportStatement[] {
  return [...content.matchAll(importPattern)].map(([text, symbols = "", path = "", rest = ""]) => ({
    text,
    path,
    aliased: /\bas\b/.test(symbols) || /\bas\b/.test(rest),
  }));
}

// The compiler's own rules, as far as a flattened file needs them: relative to the importing file, else through the
// longest matching remapping whose context the importing file is in, else the path as the source name.
function resolveImport(
  path: string,
  importer: string,
  sources: Record<string, string>,
  remappings: readonly string[],
): string {
  let resolved = path;
  if (path.startsWith("./") || path.startsWith("../")) {
    resolved = posix.normalize(posix.join(posix.dirname(importer), path));
  } else {
    let longest = "";
    for (const remapping of remappings) {
      const [, context = "", prefix = "", target = ""] = /^(?:([^:=]*):)?([^=]+)=(.*)$/.exec(remapping) ?? [];
      if (importer.startsWith(context) && path.startsWith(prefix) && prefix.length > longest.length) {
        longest = prefix;
        resolved = `${target}${path.slice(prefix.length)}`;
      }
    }
  }
  if (resolved in sources) return resolved;
  throw new InvalidInputError(
    "format",
    `${importer} imports "${path}", which is not among the contract's sources: it cannot be flattened; verify with standard JSON input.`,
  );
}
