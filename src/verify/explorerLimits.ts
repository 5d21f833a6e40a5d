import { newerThanCancun, solcDefaultEvmTarget } from "../recompile/evmTargets.js";
import type { ResultError, VerificationJob } from "./job.js";
import type { BuildLists, Verifier } from "./verifier.js";

/** Why a build is not sent: the explorer does not list what it needs. */
export interface UnlistedBuild {
  message: string;
  error: ResultError;
}

/**
 * Holds a build back when the service's published lists leave out its compiler version or its EVM target (the
 * explorer would answer only `Fail - Unable to verify`). Nothing is checked when the service publishes no lists or
 * they cannot be read.
 *
 * @param verifier - the service
 * @param job - the contract
 * @returns why it is not sent, or undefined to send it
 */
export async function unlistedBuild(
  verifier: Verifier,
  job: VerificationJob,
): Promise<UnlistedBuild | undefined> {
  const lists = verifier.buildLists ? await verifier.buildLists() : undefined;
  if (!lists) return undefined;
  const build = buildOf(job);
  if (!build) return undefined;
  const { compilers, targets } = listsFor(lists, build.language);
  const insist = "Build with one it lists, or send it anyway with send-unlisted.";
  if (compilers.length > 0 && !compilers.some((listed) => sameRelease(listed, build.compilerVersion))) {
    return {
      message: `Not sent: the explorer's verification config does not list compiler ${build.compilerVersion}, so it cannot build this contract. ${insist}`,
      error: { code: "compiler_not_listed", details: build.compilerVersion },
    };
  }
  if (build.evmTarget && targets.length > 0 && !targets.includes(build.evmTarget)) {
    return {
      message: `Not sent: the explorer's verification config does not list the EVM target ${build.evmTarget}, so it cannot build this contract (it lists ${targets.filter((t) => t !== "default").join(", ")}). ${insist}`,
      error: { code: "evm_version_not_listed", details: build.evmTarget },
    };
  }
  return undefined;
}

/**
 * Explains a refusal of a build that matched locally: an explorer that cannot build the newest EVM targets answers
 * them `Fail - Unable to verify`, some while listing them.
 *
 * @param job - the contract
 * @param explorerText - the explorer's words
 * @returns the explanation and its code, or undefined when the build's EVM target is cancun or older
 */
export function unbuildableTarget(job: VerificationJob, explorerText: string): UnlistedBuild | undefined {
  const target = buildOf(job)?.evmTarget;
  if (!target || !newerThanCancun(target)) return undefined;
  const said = explorerText.replace(/\.$/, "") || "no reason given";
  return {
    message: `The explorer could not verify the contract (${said}), yet it matches locally; this explorer cannot build ${target}. Verify it on another target (sourcify, etherscan), or redeploy it built for an older EVM target (cancun).`,
    error: { code: "evm_version_not_built", details: explorerText || target },
  };
}

interface Build {
  language: "solidity" | "vyper";
  compilerVersion: string;
  evmTarget: string | undefined;
}

function buildOf(job: VerificationJob): Build | undefined {
  const { source } = job;
  switch (source.format) {
    case "standard-json": {
      const language = source.input.language.toLowerCase() === "vyper" ? "vyper" : "solidity";
      const named = source.input.settings?.evmVersion;
      return {
        language,
        compilerVersion: source.compilerVersion,
        evmTarget:
          typeof named === "string"
            ? named
            : language === "solidity"
              ? solcDefaultEvmTarget(source.compilerVersion)
              : undefined,
      };
    }
    case "single-file":
    case "flattened":
      return {
        language: "solidity",
        compilerVersion: source.compilerVersion,
        evmTarget: source.evmVersion ?? solcDefaultEvmTarget(source.compilerVersion),
      };
    case "vyper":
      return { language: "vyper", compilerVersion: source.compilerVersion, evmTarget: undefined };
    case "registry":
      return undefined;
  }
}

function listsFor(
  lists: BuildLists,
  language: Build["language"],
): { compilers: readonly string[]; targets: readonly string[] } {
  return language === "vyper"
    ? { compilers: lists.vyperCompilerVersions, targets: lists.vyperEvmVersions }
    : { compilers: lists.solidityCompilerVersions, targets: lists.solidityEvmVersions };
}

// `v0.8.28+commit.7893614a` and `0.8.28` name one release; a listed nightly is not the release.
function sameRelease(listed: string, wanted: string): boolean {
  const bare = (version: string) => version.trim().replace(/^v/, "");
  const listedBare = bare(listed);
  const wantedBare = bare(wanted);
  if (listedBare === wantedBare) return true;
  if (wantedBare.includes("+") && listedBare.includes("+")) return false;
  return listedBare.split("+")[0] === wantedBare.split("+")[0];
}
