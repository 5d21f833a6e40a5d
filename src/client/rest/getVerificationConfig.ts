import { verificationConfigSchema } from "../../schemas/rest/verificationConfig.js";
import type { Transport } from "../transport.js";
import { callRest, parseRestBody } from "./callRest.js";

const endpoint = "/smart-contracts/verification/config";
// Room for every list at its longest (`maxListedBuilds` entries): a larger answer is not read to its end.
const maxConfigBytes = 8 * 1_048_576;

/** What an explorer lists as buildable for one language, as sets: each empty where it sent none. */
export interface ListedBuilds {
  /** The compiler versions as listed, without a leading `v` (`0.8.28+commit.7893614a`). */
  compilerVersions: ReadonlySet<string>;
  /** Their releases, the part before any `+` (`0.8.28`). */
  compilerReleases: ReadonlySet<string>;
  evmTargets: ReadonlySet<string>;
}

/** What an explorer lists as buildable, per language. */
export interface ExplorerBuildLists {
  solidity: ListedBuilds;
  vyper: ListedBuilds;
}

/**
 * Reads which compiler versions and EVM targets an explorer can verify (`GET /api/v2/smart-contracts/verification/config`),
 * once into sets, so a run asks each contract's question in constant time.
 *
 * @param transport - the explorer's transport
 * @returns its lists
 * @throws {UnknownActionError | NotFoundError | HttpError | InvalidResponseError} and the transport's errors; a list
 *   longer than `maxListedBuilds`, or an answer over 8 MiB, is not read
 * @example
 * const lists = await getVerificationConfig(transport);
 * if (!lists.solidity.evmTargets.has("osaka")) console.log("no osaka builds here");
 */
export async function getVerificationConfig(transport: Transport): Promise<ExplorerBuildLists> {
  const response = await callRest(transport, { endpoint, path: endpoint, maxResponseBytes: maxConfigBytes });
  const config = parseRestBody(response, verificationConfigSchema, endpoint);
  return {
    solidity: listedBuilds(config.solidity_compiler_versions, config.solidity_evm_versions),
    vyper: listedBuilds(config.vyper_compiler_versions, config.vyper_evm_versions),
  };
}

function listedBuilds(
  compilers: readonly string[] | null | undefined,
  targets: readonly string[] | null | undefined,
): ListedBuilds {
  // An empty name lists nothing: a list of them alone is no list, and never holds a build back.
  const named = (list: readonly string[] | null | undefined) =>
    (list ?? []).map((name) => name.trim()).filter((name) => name !== "");
  const compilerVersions = new Set(named(compilers).map((version) => version.replace(/^v/, "")));
  const compilerReleases = new Set([...compilerVersions].map((version) => version.split("+")[0] ?? version));
  return { compilerVersions, compilerReleases, evmTargets: new Set(named(targets)) };
}
