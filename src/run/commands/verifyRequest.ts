import { InvalidInputError } from "../../errors/index.js";
import { readsDeadline } from "../../kernel/readsDeadline.js";
import { assertAddress, isAddress } from "../../kernel/validate.js";
import type { TaskVerifyRequest } from "../hardhat/taskVerify.js";
import type { BundleOutput } from "../jobs/bundleWriter.js";
import type { JobsRequest } from "../jobs/requestJobs.js";
import type { RunReporter } from "../report/runReporter.js";
import type { RunResults } from "../report/runResults.js";
import { type RunSettings, runVerify } from "../runners/runVerify.js";
import type { Door, RunSettingValues } from "../settings.js";
import type { ShardId } from "../shards/shardId.js";
import { checkedRpcUrl } from "./checkedRpcUrl.js";
import { contractsOfRun, discoveryOfRun, type RunWhat } from "./runWhat.js";
import { type HardhatRunWhere, type RunWhere, targetsOfRun } from "./runWhere.js";

/** One `verify` (or `copy`), as a door hands it to the hall: facts, in the door's words. */
export interface VerifyRequest {
  what: RunWhat;
  where: RunWhere | HardhatRunWhere;
  settings: RunSettingValues & Pick<RunSettings, "maxResponseBytes">;
  /** The ledger file, resolved, and whether to ask the services about what it records verified. */
  ledger?: { path: string; recheck: boolean } | undefined;
  /**
   * One shard of a plan; with `resultsBesideLedger`, its results are written beside the ledger for the merge. With
   * `plan` (the matrix row's digest), a shard of another plan is refused before anything is sent.
   */
  shard?: { id: ShardId; resultsBesideLedger: boolean; plan?: string | undefined } | undefined;
  /** Where to write the run's own bundle (every job, created ones too); one that cannot be written is said. */
  bundleOutput?: Omit<BundleOutput, "chainId"> | undefined;
  /** The compilers preflight and the embedded explorer use (the project's npm `solc`, Foundry's). */
  compilers: string[];
  /** The refusals this door makes, each in its words; a refusal without words is not made. */
  refusals?: {
    recheckWithoutLedger?: string | undefined;
    shardWithoutLedger?: string | undefined;
    preflightWithoutRpc?: string | undefined;
    includeCreatedOnSeveralChains?: string | undefined;
  };
}

/**
 * Checks what can be checked before anything is read, in the order a user fixes it: the addresses of a copy, the
 * ledger `--recheck` reads and a shard keeps, the flags, the RPC `--preflight` reads.
 *
 * @param request - the request, without where it goes (only its RPC)
 * @returns the checked flags and RPC URL
 * @throws {InvalidInputError} for the first mistake, in the door's words
 */
export function checkedRequest(
  request: Omit<VerifyRequest, "where"> & {
    where?: Pick<RunWhere, "rpc" | "rpcByChain" | "door"> | HardhatRunWhere | undefined;
  },
): { flags: JobsRequest | undefined; rpcUrl: string | undefined } {
  const { what, settings, refusals } = request;
  const where = request.where && "door" in request.where ? request.where : undefined;
  if (what.kind === "copy") for (const address of what.addresses) checkedAddress(address, where?.door);
  if (refusals?.recheckWithoutLedger && settings.recheck && !request.ledger)
    throw new InvalidInputError("recheck", refusals.recheckWithoutLedger);
  if (refusals?.shardWithoutLedger && request.shard && !request.ledger)
    throw new InvalidInputError("ledger", refusals.shardWithoutLedger);
  const flags = what.kind === "flags" ? what.jobs : undefined;
  const rpcUrl = flags ? flags.rpcUrl : where && checkedRpcUrl(where.rpc?.url, where.door, where.rpcByChain);
  if (refusals?.preflightWithoutRpc && settings.preflight && !rpcUrl)
    throw new InvalidInputError("preflight", refusals.preflightWithoutRpc);
  return { flags, rpcUrl };
}

// A copy's address, in the Action's words there; the other doors say it as the kernel does.
function checkedAddress(address: string, door: Door | undefined): void {
  if (door !== "action") assertAddress(address);
  else if (!isAddress(address))
    throw new InvalidInputError(
      "addresses",
      `Input addresses: "${address}" is not an address (0x followed by 40 hexadecimal characters).`,
    );
}

export type { TaskVerifyRequest } from "../hardhat/taskVerify.js";

/** What a verify run leaves for the door to render. */
export interface VerifyReport {
  results: RunResults;
  /** The run's bundle, when one was asked for and written. */
  bundleWritten?: string | undefined;
}

/**
 * Runs one `verify` or `copy`: checks the request, reads the contracts, resolves the targets, verifies (or copies),
 * writes the run's bundle and a shard's results when asked, and closes what it opened.
 *
 * @param request - what, where, how
 * @param reporter - where progress and the records go
 * @returns the records, and what was written
 * @throws {InvalidInputError} for a mistake in the request, before any request to a service
 */
export async function runVerifyRequest(request: VerifyRequest, reporter: RunReporter): Promise<VerifyReport>;
export async function runVerifyRequest(
  request: TaskVerifyRequest,
  reporter: RunReporter,
): Promise<{ results: RunResults | undefined }>;
export async function runVerifyRequest(
  request: VerifyRequest | TaskVerifyRequest,
  reporter: RunReporter,
): Promise<{ results: RunResults | undefined; bundleWritten?: string | undefined }> {
  // One clock for every chain read before verifying: the manifest's code, the chain id, the proxies.
  const reads = readsDeadline(request.settings.readTimeoutSeconds);
  if ("task" in request) {
    const { runTaskVerify } = await import("../hardhat/taskVerify.js");
    return { results: await runTaskVerify(request, reporter, reads) };
  }
  const { what, where, settings } = request;
  const { rpcUrl } = checkedRequest(request);
  const contracts = await contractsOfRun(what, reads);
  const severalChains = new Set(contracts.claims.map((claim) => claim.id)).size > 1;
  const refusal = request.refusals?.includeCreatedOnSeveralChains;
  if (refusal && settings.includeCreated && severalChains)
    throw new InvalidInputError("include-created", refusal);
  const targets = await targetsOfRun(
    "rpc" in where && rpcUrl && where.rpc ? { ...where, rpc: { ...where.rpc, url: rpcUrl } } : where,
    what.kind === "copy" ? [what.from, ...settings.targets] : settings.targets,
    contracts.claims,
    reads,
  );
  const writeBundle =
    request.bundleOutput &&
    (await import("../jobs/bundleWriter.js")).bundleWriterStep(
      {
        ...request.bundleOutput,
        chainId: targets.chainIds.length === 1 ? targets.chainIds[0] : undefined,
        askedFor: false,
      },
      (line) => reporter.info(line),
    );
  let bundleWritten: string | undefined;
  let results: RunResults;
  const run = { targets, settings, ledger: request.ledger, reporter, interruptible: true };
  try {
    if (what.kind === "copy") {
      const { runCopy } = await import("../runners/runCopy.js");
      results = await runCopy({ ...what, ...run });
    } else
      results = await runVerify({
        ...run,
        jobs: contracts.jobs,
        badEntries: contracts.badEntries,
        // Over several chains, each deployment's RPC is its chain's own: the run's is one chain's.
        rpc: rpcUrl && !severalChains ? { rpcUrl, compilers: request.compilers } : undefined,
        ...(await discoveryOfRun(what, contracts, settings)),
        shard: request.shard?.id,
        plan: request.shard?.plan,
        reads,
        // The output was not asked for by name: a bundle that cannot be written is said, and the run goes on.
        beforeVerifying:
          writeBundle &&
          (async (jobs) => {
            bundleWritten = await writeBundle(jobs);
          }),
      });
  } finally {
    await targets.close();
  }
  if (request.shard?.resultsBesideLedger && request.ledger) {
    const { writeShardResults } = await import("../shards/shardFolders.js");
    reporter.info(`Wrote the shard's results ${writeShardResults(request.ledger.path, results)}`);
  }
  return { results, bundleWritten };
}
