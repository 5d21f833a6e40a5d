// Repairs a development install made by an npm running under Node < 22: such an npm skips Hardhat's
// native EDR package (its engines ask for Node 22), and Hardhat then fails with HHE27. It runs from the
// `prepare` script, which npm runs in a checkout (npm ci, npm install, npm pack) and never when a user
// installs the published package; it acts only on Linux and only when the package is missing.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const isCheckout = existsSync(join(root, ".ci", "run"));

function platformPackage() {
  if (process.platform !== "linux") return undefined;
  const report = process.report?.getReport();
  const libc = report?.header?.glibcVersionRuntime ? "gnu" : "musl";
  if (process.arch === "x64") return `@nomicfoundation/edr-linux-x64-${libc}`;
  if (process.arch === "arm64") return `@nomicfoundation/edr-linux-arm64-${libc}`;
  return undefined;
}

function edrVersion() {
  const path = join(root, "node_modules", "@nomicfoundation", "edr", "package.json");
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, "utf8")).version;
}

function isInstalled(name) {
  try {
    createRequire(join(root, "node_modules", "@nomicfoundation", "edr", "index.js")).resolve(
      `${name}/package.json`,
    );
    return true;
  } catch {
    return false;
  }
}

const name = platformPackage();
const version = edrVersion();
if (isCheckout && name && version && !isInstalled(name)) {
  console.log(
    `postinstall: installing ${name}@${version} (skipped by an npm running under Node ${process.versions.node})`,
  );
  execFileSync("npm", ["install", "--no-save", "--ignore-scripts", `${name}@${version}`], {
    cwd: root,
    stdio: "inherit",
  });
}
