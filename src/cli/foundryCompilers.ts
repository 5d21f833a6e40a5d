import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { type FoundryConfig, readFoundryConfigSync } from "../inputs/foundryConfig.js";

/**
 * The native compilers Foundry installed: svm keeps each release as `~/.svm/<version>/solc-<version>`, and
 * foundry.toml's `solc` may name a binary by its path. They come after the project's npm `solc`, newest first.
 *
 * @param cwd - the project folder (where a relative `solc` path starts)
 * @param foundry - the project's foundry.toml (default: read from `cwd`)
 * @param home - the home folder, where `.svm` is
 * @returns the binaries found
 */
export function foundryCompilers(
  cwd: string,
  foundry: FoundryConfig | undefined = readFoundryConfigSync(cwd),
  home = homedir(),
): string[] {
  const given = foundry?.solc !== undefined && /[/\\]/.test(foundry.solc) ? foundry.solc : undefined;
  // A JavaScript file would be loaded into this process, beside the keys: forge runs a binary there, and so does this.
  const javascript = given !== undefined && /\.[cm]?js$/i.test(given);
  if (javascript)
    console.error(
      `foundry.toml: solc names a JavaScript file (${JSON.stringify(given)}), which is not loaded: name a native solc binary, or install the npm solc package.`,
    );
  const named = given === undefined || javascript ? [] : [given];
  const svm = join(home, ".svm");
  let versions: string[] = [];
  try {
    versions = readdirSync(svm).filter((name) => /^\d+\.\d+\.\d+$/.test(name));
  } catch {
    // No svm folder: Foundry never installed a compiler here.
  }
  const installed = versions
    .sort((a, b) => b.localeCompare(a, "en", { numeric: true }))
    .map((version) => join(svm, version, `solc-${version}`));
  return [...named.map((path) => (isAbsolute(path) ? path : resolve(cwd, path))), ...installed].filter(
    (path) => existsSync(path),
  );
}
