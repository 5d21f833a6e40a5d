import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { projectCompilers } from "../../plugin/internal/projectBuild.js";
import { projectCompilers as cliCompilers } from "../../src/cli/cliWhere.js";

const cacheHome = process.env.XDG_CACHE_HOME;
let cache: string | undefined;

afterEach(() => {
  if (cache) rmSync(cache, { recursive: true, force: true });
  if (cacheHome === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = cacheHome;
});

// Hardhat's cache folder names its platforms; this machine's is linux-amd64.
const onLinuxAmd64 = process.platform === "linux" && process.arch === "x64" ? it : it.skip;

describe("the compilers Hardhat downloaded for the project", () => {
  onLinuxAmd64(
    "are read from its list.json, a release only; a list that is not JSON, or of another shape, is none",
    () => {
      cache = mkdtempSync(join(tmpdir(), "explorer-verify-hardhat-cache-"));
      const root = join(cache, "hardhat-nodejs", "compilers-v3");
      for (const platform of ["linux-amd64", "wasm"]) mkdirSync(join(root, platform), { recursive: true });
      const builds = [
        { version: "0.8.28", path: "solc-nightly", prerelease: "nightly.2024.1.1" },
        { version: "0.8.28", path: "solc-v0.8.28" },
      ];
      writeFileSync(join(root, "linux-amd64", "list.json"), JSON.stringify({ builds }));
      writeFileSync(join(root, "linux-amd64", "solc-v0.8.28"), "");
      writeFileSync(join(root, "linux-amd64", "solc-nightly"), "");
      writeFileSync(join(root, "wasm", "list.json"), "{ not json");
      process.env.XDG_CACHE_HOME = cache;
      const profile = { compilers: [{ version: "0.8.28", type: "solc" }], overrides: {}, preferWasm: false };
      const hre = { config: { solidity: { profiles: { default: profile } } } };
      // A stand-in for the runtime: only the config's profiles are read.
      const compilers = projectCompilers(hre as unknown as HardhatRuntimeEnvironment);
      expect(compilers).toEqual([join(root, "linux-amd64", "solc-v0.8.28")]);
      writeFileSync(join(root, "linux-amd64", "list.json"), JSON.stringify({ builds: "solc-v0.8.28" }));
      expect(projectCompilers(hre as unknown as HardhatRuntimeEnvironment)).toEqual([]);
    },
  );
});

describe("the CLI's compilers", () => {
  onLinuxAmd64(
    "take every native compiler Hardhat 3 or Hardhat 2 downloaded, newest first, but one that failed Hardhat's check",
    () => {
      cache = mkdtempSync(join(tmpdir(), "explorer-verify-hardhat-cache-"));
      const project = join(cache, "project");
      mkdirSync(project);
      const folder = (version: 2 | 3) =>
        join(cache ?? "", "hardhat-nodejs", `compilers-v${version}`, "linux-amd64");
      const builds = (version: 2 | 3, releases: string[]) => {
        mkdirSync(folder(version), { recursive: true });
        const list = releases.map((release) => ({ version: release, path: `solc-v${release}` }));
        writeFileSync(join(folder(version), "list.json"), JSON.stringify({ builds: list }));
        for (const release of releases) writeFileSync(join(folder(version), `solc-v${release}`), "");
      };
      builds(3, ["0.8.30"]);
      builds(2, ["0.8.19", "0.8.24", "0.8.28"]);
      writeFileSync(join(folder(2), "solc-v0.8.24.does.not.work"), "");
      process.env.XDG_CACHE_HOME = cache;
      expect(cliCompilers(project, undefined).filter((path) => path.startsWith(cache ?? "?"))).toEqual([
        join(folder(3), "solc-v0.8.30"),
        join(folder(2), "solc-v0.8.28"),
        join(folder(2), "solc-v0.8.19"),
      ]);
    },
  );
});
