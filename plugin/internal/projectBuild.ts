import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { type BuildInfo, readBuildInfo } from "../../src/inputs/buildInfo.js";
import { hardhatCompilers } from "../../src/run/commands/requestFacts.js";
import { userError } from "./pluginError.js";

/** Verification uses the profile deployments are built with, unless the user names another (hardhat-verify does too). */
const defaultBuildProfile = "production";

/**
 * The build profile the user asks for (`--build-profile`, else {@link defaultBuildProfile}), checked before anything.
 *
 * @param hre - the Hardhat runtime
 * @returns its name
 * @throws {HardhatPluginError} when the config has no such profile
 */
export function askedBuildProfile(hre: HardhatRuntimeEnvironment): string {
  const buildProfile = hre.globalOptions.buildProfile ?? defaultBuildProfile;
  if (hre.config.solidity.profiles[buildProfile] !== undefined) return buildProfile;
  const known = Object.keys(hre.config.solidity.profiles).join(", ");
  throw userError(`There is no build profile "${buildProfile}" in the Hardhat config (known: ${known}).`);
}

/**
 * Builds the project's contracts with a build profile and reads the build infos of that build (not older ones
 * that may lie beside them).
 *
 * @param hre - the Hardhat runtime
 * @param buildProfile - a profile of the config (see {@link askedBuildProfile})
 * @returns the build profile used and its build infos
 * @throws {HardhatPluginError} when the project does not compile
 */
export async function buildProject(
  hre: HardhatRuntimeEnvironment,
  buildProfile: string,
): Promise<{ buildProfile: string; buildInfos: BuildInfo[] }> {
  const roots = await hre.solidity.getRootFilePaths();
  const result = await buildOutputOnStderr(() => hre.solidity.build(roots, { buildProfile, quiet: true }));
  if (!hre.solidity.isSuccessfulBuildResult(result)) {
    throw userError(
      `The project's contracts could not be compiled with the "${buildProfile}" build profile. Run \`npx hardhat build --build-profile ${buildProfile}\` to see why.`,
    );
  }
  const buildIds = new Set<string>();
  for (const fileResult of result.values()) {
    if (fileResult.type === "CACHE_HIT") buildIds.add(fileResult.buildId);
    else if (fileResult.type === "BUILD_SUCCESS") buildIds.add(await fileResult.compilationJob.getBuildId());
    else
      throw userError(
        `The project's contracts could not be compiled with the "${buildProfile}" build profile.`,
      );
  }
  const artifacts = await hre.solidity.getArtifactsDirectory("contracts");
  const buildInfos = await Promise.all(
    [...buildIds].map((id) => readBuildInfo(join(artifacts, "build-info", `${id}.json`))),
  );
  return { buildProfile, buildInfos };
}

// Hardhat prints a blank line per compilation job (and compiler downloads) with console.log even when quiet: stdout
// is for results (`--json` prints one document there), so the build's blank lines go nowhere and the rest to stderr.
async function buildOutputOnStderr<T>(build: () => Promise<T>): Promise<T> {
  const log = console.log;
  console.log = (...parts: unknown[]) => {
    if (parts.some((part) => part !== "")) console.error(...parts);
  };
  try {
    return await build();
  } finally {
    console.log = log;
  }
}

/**
 * The compilers Hardhat uses for this project, so local compiles (the embedded explorer, preflight) run the
 * same ones: a compiler's `path` from the config (a native binary or a solc-js file), else the compiler Hardhat
 * downloaded for that version to its cache (native first, as Hardhat prefers it, then its WASM build).
 * Nothing is downloaded here.
 *
 * @param hre - the Hardhat runtime
 * @returns compiler paths, `.js` ones being solc-js
 */
export function projectCompilers(hre: HardhatRuntimeEnvironment): string[] {
  const paths: string[] = [];
  for (const profile of Object.values(hre.config.solidity.profiles)) {
    for (const compiler of [...profile.compilers, ...Object.values(profile.overrides)]) {
      if (typeof compiler.path === "string") paths.push(compiler.path);
      else if (compiler.type === undefined || compiler.type === "solc")
        paths.push(...hardhatCompilers(compiler.version, profile.preferWasm));
    }
  }
  return [...new Set(paths)];
}
