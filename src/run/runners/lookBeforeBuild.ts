import { isExplorerVerifyError } from "../../errors/index.js";
import { Ledger } from "../../ledger/ledger.js";
import { verifierFor } from "../../verifiers/verifierFor.js";
import { serviceRecord } from "../../verify/jobRecord.js";
import type { RunReporter } from "../report/runReporter.js";
import { describeTargets, type RunTargets } from "../targets/targets.js";

/** One ADDRESS, before a door builds its project. */
export interface LookBeforeBuildRequest {
  address: string;
  /** `--contract`, when named. */
  contract: string | undefined;
  /** `--format`. */
  format: string;
  targets: RunTargets;
  ledger: string | undefined;
  /** Whether the run asks for more than one verified contract: a proxy's parts, created contracts, a forced run, a bundle. */
  more: boolean;
  reporter: RunReporter;
  /** The file-qualified name the build gives an explorer's bare name, from what is on disk (no build). */
  builtName: (name: string | null) => Promise<string | null>;
}

/**
 * Looks an ADDRESS up before the build, as `hardhat verify` does: a rerun over a verified contract costs one request
 * and no build. Only a run on Blockscout alone, for one contract, looks; an explorer that cannot answer now is asked
 * again by the engine's pre-check, and a contract the ledger knows is left to the run (its input hash needs the build).
 * A verified contract is recorded in the ledger without its input's hash (a later look asks again).
 *
 * @param request - the address, where, and how the door names what it built
 * @returns `settled` when the contract is verified (its record is reported), else whether the explorer said it is
 *   not verified (the engine's pre-check is then not repeated)
 */
export async function lookBeforeBuild(
  request: LookBeforeBuildRequest,
): Promise<{ settled: boolean; checkedUnverified: boolean }> {
  const { address, targets, reporter } = request;
  const [only] = targets.targets;
  const nothing = { settled: false, checkedUnverified: false };
  if (targets.targets.length !== 1 || only?.service !== "blockscout" || !address || request.more)
    return nothing;
  const verifier = await verifierFor(only, {
    onEvent: (event) => reporter.event({ type: "transport", event }),
  });
  const ledger = request.ledger === undefined ? undefined : new Ledger(request.ledger);
  // An entry without the input's hash is this look's own record: looked again.
  if (ledger?.entry(verifier.pages.ledgerKey, address)?.inputHash) return nothing;
  const startedAt = Date.now();
  const early = await verifier.lookUp(address, Number.POSITIVE_INFINITY).catch((error: unknown) => {
    if (isExplorerVerifyError(error)) return undefined;
    throw error;
  });
  // A --contract of another name than the explorer's is checked against the build: the user may be wrong, and a name
  // from an answer that may be a bytecode twin's is checked against the build too.
  const verified = early?.state === "verified" && early.ownAnswer ? early : undefined;
  if (verified && (!request.contract || request.contract.split(":").pop() === verified.name)) {
    const chain = only.chainId === undefined ? {} : { chainId: only.chainId };
    const record = serviceRecord(
      verifier,
      address,
      request.contract ?? (await request.builtName(verified.name)) ?? address,
      {
        // The format --format asks for, as a record names it (auto sends standard JSON input).
        format:
          (["registry", "single-file", "flattened"] as const).find((format) => format === request.format) ??
          "standard-json",
        status: "already-verified",
        durationMs: Date.now() - startedAt,
        ...chain,
        target: "blockscout",
      },
    );
    reporter.info(`Verifying 1 contract on ${describeTargets(targets.targets)}`);
    // Recorded as the run records it, but for the input's hash: there was no build.
    const { contract, format, url } = record;
    ledger?.record({
      explorer: verifier.pages.ledgerKey,
      address,
      ...chain,
      contract,
      format,
      url,
      inputHash: "",
      status: "verified",
    });
    reporter.finish([record]);
    return { settled: true, checkedUnverified: false };
  }
  return {
    settled: false,
    checkedUnverified: early !== undefined && early.state !== "verified" && early.state !== "unknown",
  };
}
