import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";

// What the npm package runs is lib/, built from src/ and plugin/: a package those files load must be installed with
// it. The Action (src/action) is bundled into dist/ with everything it loads, so its packages may stay dev-only.
const repository = fileURLToPath(new URL("../..", import.meta.url));
const manifest = JSON.parse(readFileSync(join(repository, "package.json"), "utf8")) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const installedWithThePackage = new Set([
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.peerDependencies ?? {}),
]);
const builtins = new Set(builtinModules);

function shippedSources(): string[] {
  return ["src", "plugin"].flatMap((folder) =>
    readdirSync(join(repository, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => !relative(repository, file).startsWith(join("src", "action"))),
  );
}

// The package a value import (static or dynamic) loads; type-only imports leave nothing in the built code.
function packagesLoadedBy(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specifiers = [
    ...text.matchAll(/^import\s+(?!type\s)[^;]*?\bfrom\s+["']([^"'.][^"']*)["']/gms),
    ...text.matchAll(/\bimport\s*\(\s*["']([^"'.][^"']*)["']\s*\)/g),
  ].map(([, specifier = ""]) => specifier);
  return specifiers
    .filter((specifier) => !specifier.startsWith("node:") && !builtins.has(specifier))
    .map((specifier) => {
      const parts = specifier.split("/");
      return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
    });
}

describe("the package's runtime dependencies", () => {
  it("lists every package that the shipped code loads under dependencies or peerDependencies", () => {
    const missing = shippedSources().flatMap((file) =>
      packagesLoadedBy(file)
        .filter((name) => !installedWithThePackage.has(name))
        .map((name) => `${relative(repository, file)} loads ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("finds the packages the transport and the plugin load", () => {
    const loaded = new Set(shippedSources().flatMap(packagesLoadedBy));
    expect([...loaded].sort()).toEqual(expect.arrayContaining(["hardhat", "undici", "viem", "zod"]));
  });
});
