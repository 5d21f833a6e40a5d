import { chainIdsOf, chainPlaces } from "../targets/targets.js";
import { contractsOfRun, noContractsIn, type RunWhat } from "./runWhat.js";
import type { RunWhere } from "./runWhere.js";

/** One `bundle`, as a door hands it to the hall. */
export interface BundleRequest {
  what: Extract<RunWhat, { kind: "flags" }>;
  /** The chain the user named; the deployments' and the RPC's must agree with it. */
  where: Pick<RunWhere, "chainId">;
  /** The bundle file, resolved, and the flag that names it. */
  out: { path: string; field: string };
}

/**
 * Writes the bundle of the contracts `verify` would verify, and sends nothing to any service.
 *
 * @param request - what, on which chain, where to write
 * @param info - told of each entry left out and of the file written
 * @returns the entries that could not become contracts of the bundle
 * @throws {InvalidInputError} for a mistake in the flags or the files, or flags that name no contract
 */
export async function runBundleRequest(
  request: BundleRequest,
  info: (line: string) => void,
): Promise<{ skipped: number }> {
  const { jobs, badEntries, claims } = await contractsOfRun(request.what);
  for (const entry of badEntries) info(`skipped     ${entry.field}: ${entry.error.shortMessage}`);
  if (jobs.length === 0) throw noContractsIn(request.what);
  const { rpcUrl } = request.what.jobs;
  const places = chainPlaces({
    given: request.where.chainId,
    recorded: claims,
    rpc: rpcUrl ? { url: rpcUrl, source: "--rpc-url" } : undefined,
  });
  const chainIds = await chainIdsOf(places);
  const { writeRunBundle } = await import("../jobs/bundleWriter.js");
  const chainId = chainIds.length === 1 ? chainIds[0] : undefined;
  await writeRunBundle({ ...request.out, chainId }, jobs, info);
  return { skipped: badEntries.filter((entry) => !entry.leftOut).length };
}
