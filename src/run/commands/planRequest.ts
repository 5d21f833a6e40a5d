import { InvalidInputError } from "../../errors/index.js";
import { readsDeadline } from "../../kernel/readsDeadline.js";
import type { MatrixRow, PlanRequest as ShardPlanRequest } from "../shards/shardPlan.js";
import type { ChainEndpoints } from "../targets/chainEndpoints.js";
import { chainIdsOf } from "../targets/targets.js";
import { checkedRpcUrl } from "./checkedRpcUrl.js";
import { contractsOfRun, noContractsIn, type RunWhat } from "./runWhat.js";
import { chainsOfRun, type HardhatRunWhere, type RunWhere } from "./runWhere.js";

/** One `plan`, as a door hands it to the hall. */
export interface PlanRequest {
  what: RunWhat;
  /** The RPCs the door names beside the files (the command line's are in its flags). */
  where?: Pick<RunWhere, "chainId" | "rpc" | "rpcByChain" | "door"> | HardhatRunWhere | undefined;
  /** The settings `plan` shares with `verify`: the services it splits over, their stated rate, the keys' secrets. */
  settings: ShardPlanRequest["settings"];
  shards: number;
  /** The run's read budget: the chain reads of the manifest end with it. */
  readTimeoutSeconds: number;
  /** What this door says to a copy, which has no contracts to plan. */
  copyRefusal?: string | undefined;
  /** The keys the run was given, and the chains' own endpoints (their keys too): `keySecrets` naming one is refused. */
  keys?: ReadonlyArray<string | undefined> | undefined;
  endpoints?: Record<number, ChainEndpoints> | undefined;
}

/**
 * Splits a run into shards, as a GitHub Actions matrix `{"include":[{"shard":"1-of-4", …}]}`; sends nothing.
 *
 * @param request - what, over which services, in how many shards
 * @param info - told of each entry left out
 * @returns the matrix, and why each explorer was or was not split, a line each
 * @throws {InvalidInputError} for a copy, a mistake in the files, or flags that name no contract
 */
export async function runPlanRequest(
  request: PlanRequest,
  info: (line: string) => void,
): Promise<{ matrix: { include: MatrixRow[] }; notes: string[] }> {
  const { what, where } = request;
  if (what.kind === "copy")
    throw new InvalidInputError("shards", request.copyRefusal ?? "A plan splits a verification, not a copy.");
  if (where && "door" in where) checkedRpcUrl(where.rpc?.url, where.door, where.rpcByChain);
  const { jobs, badEntries, claims } = await contractsOfRun(what, readsDeadline(request.readTimeoutSeconds));
  for (const entry of badEntries) info(`skipped     ${entry.field}: ${entry.error.shortMessage}`);
  if (jobs.length === 0 && what.kind === "flags") throw noContractsIn(what);
  const { planRun } = await import("../shards/shardPlan.js");
  const endpointKeys = Object.values(request.endpoints ?? {}).flatMap((chain) =>
    Object.values(chain).map((endpoint) => endpoint?.apiKey?.value),
  );
  const keys = [...(request.keys ?? []), ...endpointKeys];
  // The run's chain as the user and the files name it (the RPC is not asked: a plan sends nothing): a shard on
  // another chain is then of another plan.
  const given = where && !("hardhat" in where) ? where.chainId : undefined;
  const chainIds = await chainIdsOf(await chainsOfRun({ chainId: given }, claims));
  const chainId = chainIds.length === 1 ? chainIds[0] : undefined;
  return planRun({ jobs, settings: request.settings, shards: request.shards, keys, chainId });
}
