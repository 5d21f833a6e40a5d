import { verificationConfigSchema } from "../../schemas/rest/index.js";
import type { Transport } from "../transport.js";
import { callRest, parseRestBody } from "./callRest.js";

const endpoint = "/smart-contracts/verification/config";

/** What an explorer lists as buildable: each list empty where it sent none. */
export interface ExplorerBuildLists {
  solidityCompilerVersions: string[];
  solidityEvmVersions: string[];
  vyperCompilerVersions: string[];
  vyperEvmVersions: string[];
}

/**
 * Reads which compiler versions and EVM targets an explorer can verify (`GET /api/v2/smart-contracts/verification/config`).
 *
 * @param transport - the explorer's transport
 * @returns its lists
 * @throws {UnknownActionError | NotFoundError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const lists = await getVerificationConfig(transport);
 * if (!lists.solidityEvmVersions.includes("osaka")) console.log("no osaka builds here");
 */
export async function getVerificationConfig(transport: Transport): Promise<ExplorerBuildLists> {
  const response = await callRest(transport, { endpoint, path: endpoint });
  const config = parseRestBody(response, verificationConfigSchema, endpoint);
  return {
    solidityCompilerVersions: config.solidity_compiler_versions ?? [],
    solidityEvmVersions: config.solidity_evm_versions ?? [],
    vyperCompilerVersions: config.vyper_compiler_versions ?? [],
    vyperEvmVersions: config.vyper_evm_versions ?? [],
  };
}
