import type { ExplorerClient } from "../client/explorerClient.js";
import { getSmartContractStatusIfSupported } from "../client/rest/getSmartContractStatus.js";
import type { VerificationJob } from "./job.js";

/** What the explorer already holds for an address. */
export type VerifiedState = "verified" | "partial" | "unverified";

/**
 * Asks the explorer whether the job's contract is verified. Where the explorer has
 * `GET /api/v2/smart-contracts/{address}`, its `is_fully_verified` decides: `getabi` and `getsourcecode` answer
 * with a bytecode twin's data for unverified addresses. Elsewhere `getsourcecode` is read, and a contract of
 * another name than the job's is not taken for this one.
 *
 * @param client - the explorer
 * @param job - the job
 * @returns verified, partially verified, or not
 */
export async function verifiedState(client: ExplorerClient, job: VerificationJob): Promise<VerifiedState> {
  const known = await addressVerifiedState(client, job.address);
  if (known) return known.state;
  const contract = await client.getSourceCode(job.address);
  if (!contract) return "unverified";
  const expected = expectedContractName(job);
  return expected === undefined || contract.contractName === expected ? "verified" : "unverified";
}

/**
 * Asks the explorer whether an address is verified, knowing only the address: only the smart-contract status
 * endpoint can answer that (`getsourcecode` may answer with a bytecode twin's data), so an explorer without it
 * gives no answer here.
 *
 * @param client - the explorer
 * @param address - the contract's address
 * @returns the state and, when verified, the contract's name; undefined when the explorer has no status endpoint,
 *   or when its only answer so far is a 404 that a server without the endpoint may give too
 * @throws the transport's and the endpoint's errors
 */
export async function addressVerifiedState(
  client: ExplorerClient,
  address: string,
): Promise<{ state: VerifiedState; name: string | null } | undefined> {
  const answer = await getSmartContractStatusIfSupported(client.transport, { address });
  if (!answer.supported) return undefined;
  const { status } = answer;
  // Until the endpoint has answered 200 once, its 404 may be a server's answer for any unknown path.
  if (status === null && !answer.routeConfirmed) return undefined;
  if (!status?.isVerified) return { state: "unverified", name: null };
  return { state: status.isFullyVerified ? "verified" : "partial", name: status.name };
}

function expectedContractName(job: VerificationJob): string | undefined {
  const { source } = job;
  if (source.format === "registry") return undefined;
  const name = source.contractName;
  return name.includes(":") ? name.slice(name.lastIndexOf(":") + 1) : name;
}
