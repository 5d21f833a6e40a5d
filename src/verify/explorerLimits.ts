import { newerThanCancun, solcDefaultEvmTarget } from "../recompile/evmTargets.js";
import type { ResultError, VerificationJob } from "./job.js";
import type { ListedBuilds, Verifier } from "./verifier.js";

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
 * @returns why it is not sent, or undefined to send it
 */
export async function unlistedBuild(
  verifier: Verifier,
  job: VerificationJob,
  endsAt: number,
): Promise<UnlistedBuild | undefined> {
  const lists = await verifier.buildLists?.(endsAt);
  const build = buildOf(job);
  if (!lists || !build) return undefined;
  const listed = lists[build.language];
  const insist = "Build with one it lists, or send it anyway with send-unlisted.";
  if (listed.compilerVersions.size > 0 && !listsRelease(listed, build.compilerVersion)) {
    return {
      message: `Not sent: the explorer's verification config does not list compiler ${build.compilerVersion}, so it cannot build this contract. ${insist}`,
      error: { code: "compiler_not_listed", details: build.compilerVersion },
    };
  }
  if (build.evmTarget && listed.evmTargets.size > 0 && !listsTarget(listed.evmTargets, build)) {
    return {
      message: `Not sent: the explorer's verification config does not list the EVM target ${build.evmTarget}, so it cannot build this contract (${namedTargets(listed.evmTargets)}). ${insist}`,
      error: { code: "evm_version_not_listed", details: build.evmTarget },
    };
  }
  return undefined;
}

/**
 * Explains a refusal of a build that matched locally: an explorer that cannot build the newest EVM targets answers
 * them `Fail - Unable to verify`, some while listing them.
 *
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
  /** The input names its EVM target; otherwise it is the compiler's default. */
  targetNamed: boolean;
}

function buildOf(job: VerificationJob): Build | undefined {
  const { source } = job;
  if (source.format === "registry") return undefined;
  const vyper =
    source.format === "vyper" ||
    (source.format === "standard-json" && source.input.language.toLowerCase() === "vyper");
  const named =
    source.format === "standard-json"
      ? source.input.settings?.evmVersion
      : source.format === "vyper"
        ? undefined
        : source.evmVersion;
  const targetNamed = typeof named === "string";
  return {
    language: vyper ? "vyper" : "solidity",
    compilerVersion: source.compilerVersion,
    targetNamed,
    evmTarget: targetNamed ? named : vyper ? undefined : solcDefaultEvmTarget(source.compilerVersion),
  };
}

// `v0.8.28+commit.7893614a` and `0.8.28` name one release; a listed nightly is not the release.
function listsRelease(listed: ListedBuilds, wanted: string): boolean {
  const bare = wanted.trim().replace(/^v/, "");
  const release = bare.split("+")[0] ?? bare;
  if (bare !== release) return listed.compilerVersions.has(bare) || listed.compilerVersions.has(release);
  return listed.compilerReleases.has(release);
}

// A build that names no target is the compiler's default build, which `default` lists.
function listsTarget(targets: ReadonlySet<string>, build: Build): boolean {
  return (
    (build.evmTarget !== undefined && targets.has(build.evmTarget)) ||
    (!build.targetNamed && targets.has("default"))
  );
}

const mostTargetsNamed = 12;

function namedTargets(targets: ReadonlySet<string>): string {
  const named = [...targets].filter((target) => target !== "default");
  if (named.length === 0) return "it lists only the compiler's default";
  const more = named.length - mostTargetsNamed;
  return `it lists ${named.slice(0, mostTargetsNamed).join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}
