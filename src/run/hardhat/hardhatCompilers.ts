import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import * as z from "../../kernel/zod.js";

const compilerList = z.looseObject({
  builds: z.optional(
    z.array(
      z.looseObject({
        version: z.optional(z.unknown()),
        path: z.optional(z.string()),
        prerelease: z.optional(z.unknown()),
      }),
    ),
  ),
});

/**
 * The compilers Hardhat downloaded to its cache (Hardhat 3's `compilers-v3`, then Hardhat 2's `compilers-v2`), each
 * platform's folder listed in its list.json; a build that failed Hardhat's own check is marked with a `.does.not.work`
 * file beside it. Nothing is downloaded.
 *
 * @param version - the release wanted (e.g. `0.8.28`); unset, every native one, newest first
 * @param preferWasm - the WASM builds alone, as a profile's `preferWasm` asks
 * @returns the compilers' paths, native first, as Hardhat prefers them
 */
export function hardhatCompilers(version?: string, preferWasm = false): string[] {
  const platforms = preferWasm ? ["wasm"] : [nativePlatform(), version === undefined ? undefined : "wasm"];
  const found: string[] = [];
  for (const cache of ["compilers-v3", "compilers-v2"])
    for (const platform of platforms) {
      if (!platform) continue;
      const root = join(hardhatCacheDir(), cache, platform);
      try {
        const list = compilerList.parse(JSON.parse(readFileSync(join(root, "list.json"), "utf8")));
        const builds = (list.builds ?? []).filter(
          (b) => (version === undefined || b.version === version) && b.prerelease === undefined && b.path,
        );
        for (const { path = "" } of builds.reverse()) {
          const file = join(root, path);
          if (existsSync(file) && !existsSync(`${file}.does.not.work`)) found.push(file);
        }
      } catch {
        // Hardhat has not downloaded compilers for this platform.
      }
    }
  return found;
}

function nativePlatform(): string | undefined {
  if (process.platform === "linux") return process.arch === "arm64" ? "linux-arm64" : "linux-amd64";
  if (process.platform === "darwin") return "macosx-amd64";
  // Windows builds are zip archives unpacked elsewhere: its WASM build is used instead.
  return undefined;
}

// Where Hardhat's global cache lives (env-paths for "hardhat", as Hardhat computes it).
function hardhatCacheDir(): string {
  if (process.platform === "darwin") return join(homedir(), "Library", "Caches", "hardhat-nodejs");
  if (process.platform === "win32")
    return join(process.env.LOCALAPPDATA ?? join(homedir(), "AppData", "Local"), "hardhat-nodejs", "Cache");
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "hardhat-nodejs");
}
