import { HttpError, InvalidResponseError, NotFoundError, UnknownActionError } from "../../errors/index.js";
import { assertAddress } from "../../kernel/validate.js";
import { type SmartContract, smartContractSchema } from "../../schemas/rest/smartContract.js";
import { bareHex } from "../contract/verifiedContract.js";
import { isNotAContract, isRestNotFound } from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import type { TransportResponse } from "../transportRequest.js";
import { callRest, parseRestBody } from "./callRest.js";

const endpoint = "/smart-contracts/{address_hash}";

/** A never-deployed address: asking about it costs the explorer nothing and tells whether the route exists. */
const probeAddress = "0x0000000000000000000000000000000000000000";

export interface GetSmartContractStatusParameters {
  address: string;
}

/** What an explorer says about the verification of one contract address. */
export interface SmartContractStatus {
  /** Verified at this address: unlike `getabi`, never a bytecode twin's data. */
  isVerified: boolean;
  isFullyVerified: boolean;
  /** Only the executable code matched (the metadata hash differs). */
  isPartiallyVerified: boolean;
  /** The contract name, when verified. */
  name: string | null;
  /** The long compiler version, when verified (or the stand-in's, when one stands in). */
  compilerVersion: string | null;
  /** The constructor arguments the explorer holds, hex without `0x` (Blockscout 12 sends it with); null when none. */
  constructorArguments: string | null;
  /**
   * For an unverified address, the verified contract whose data the explorer shows instead (and `getsourcecode` /
   * `getabi` answer with): a bytecode twin, or the implementation of an EIP-1167 clone. Null otherwise.
   */
  standIn: { kind: "bytecode-twin" | "minimal-proxy"; address: string } | null;
  /** Verified from the explorer's bytecode database (an identical contract's sources), not by a submission. */
  verifiedViaBytecodeDatabase: boolean;
  /** The verified sources (the address's own or the stand-in's) are Vyper. */
  isVyperContract: boolean;
  /** For a proxy: the implementations the explorer resolved, lower-case (a diamond's facets, all of them). */
  implementations: string[];
}

// Blockscout's `proxy_type` values for proxies whose code itself points at the implementation (EIP-1167 clones).
const cloneProxyTypes = new Set(["eip1167", "minimal_proxy", "clone_with_immutable_arguments"]);

function standInOf(contract: SmartContract, isVerified: boolean): SmartContractStatus["standIn"] {
  if (isVerified) return null;
  const [implementation] = contract.implementations ?? [];
  const isClone = cloneProxyTypes.has(contract.proxy_type?.toLowerCase() ?? "");
  const minimalProxy =
    contract.minimal_proxy_address_hash ||
    (isClone ? (implementation?.address_hash ?? implementation?.address) : undefined);
  if (minimalProxy) return { kind: "minimal-proxy", address: minimalProxy.toLowerCase() };
  const twin = contract.verified_twin_address_hash;
  return twin ? { kind: "bytecode-twin", address: twin.toLowerCase() } : null;
}

/**
 * Reads an address's verification status (`GET /api/v2/smart-contracts/{address_hash}`), Blockscout's
 * authoritative answer to "is this address verified" (its RPC `getabi` may answer with a bytecode twin's ABI).
 * The endpoint is not in the specification; use {@link supportsSmartContractStatus} to know whether an explorer
 * has it. Each answer also records that in the transport's capabilities.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address
 * @returns the status, or null when the explorer says the address is not a contract (404 `Not found`)
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {UnknownActionError} when the explorer has no such endpoint
 * @throws {NotFoundError | InvalidParametersError | HttpError | InvalidResponseError} and the transport's errors
 * @example
 * const status = await getSmartContractStatus(transport, { address });
 * if (status?.isFullyVerified) console.log(`${status.name} is verified`);
 */
export async function getSmartContractStatus(
  transport: Transport,
  parameters: GetSmartContractStatusParameters,
): Promise<SmartContractStatus | null> {
  const address = assertAddress(parameters.address);
  const capabilities = transport.capabilities;
  let response: TransportResponse;
  try {
    response = await callRest(transport, { endpoint, path: `/smart-contracts/${address}` });
  } catch (error) {
    if (
      error instanceof NotFoundError &&
      (isRestNotFound(error.explorerMessage) || isNotAContract(error.explorerMessage))
    ) {
      capabilities.smartContractStatus = true;
      return null;
    }
    if (error instanceof UnknownActionError) capabilities.smartContractStatus = false;
    throw error;
  }
  capabilities.smartContractStatus = true;
  capabilities.smartContractStatusAnswered = true;
  const contract = parseRestBody(response, smartContractSchema, endpoint);
  const isVerified = contract.is_verified ?? false;
  // Older Blockscout versions lack one of the two detail flags; each follows from the other then.
  const isPartiallyVerified =
    contract.is_partially_verified ?? (isVerified && contract.is_fully_verified === false);
  const isFullyVerified = contract.is_fully_verified ?? (isVerified && !isPartiallyVerified);
  return {
    isVerified,
    isFullyVerified,
    isPartiallyVerified,
    name: contract.name ?? null,
    compilerVersion: contract.compiler_version ?? null,
    constructorArguments: bareHex(contract.constructor_args) ?? null,
    standIn: standInOf(contract, isVerified),
    verifiedViaBytecodeDatabase: isVerified && contract.is_verified_via_eth_bytecode_db === true,
    isVyperContract: contract.is_vyper_contract === true || contract.language === "vyper",
    implementations: (contract.implementations ?? []).flatMap((implementation) => {
      const address = implementation.address_hash ?? implementation.address;
      return address ? [address.toLowerCase()] : [];
    }),
  };
}

/**
 * Tells whether an explorer has `GET /api/v2/smart-contracts/{address}`, asking it at most once per transport
 * (concurrent callers share one probe; transports given one {@link ExplorerCapabilities} share the answer).
 * `400 Unknown API v2 action`, an HTML or other non-JSON page, and a 404 other than `Not found` (e.g.
 * `API V2 is disabled`) mean no.
 *
 * @param transport - the explorer's transport
 * @returns true when the endpoint exists
 * @throws the transport's errors (time-outs, rate limits, 5xx after retries); nothing is remembered then
 * @example
 * const status = (await supportsSmartContractStatus(transport)) ? await getSmartContractStatus(transport, { address }) : undefined;
 */
export function supportsSmartContractStatus(transport: Transport): Promise<boolean> {
  const capabilities = transport.capabilities;
  const known = capabilities.smartContractStatus;
  if (known !== undefined) return Promise.resolve(known);
  const inFlight = capabilities.smartContractStatusProbe;
  return inFlight ?? startProbe(transport, probeAddress).then((answer) => answer.supported);
}

/**
 * The status of one address where the explorer has the endpoint; `supported: false` where it has not.
 * `routeConfirmed` is false while the endpoint has only ever answered 404 `Not found`, which a server without the
 * route may say too: a null status is then no proof that the address holds no contract.
 */
export type SmartContractStatusAnswer =
  | { supported: true; status: SmartContractStatus | null; routeConfirmed: boolean }
  | { supported: false };

/**
 * Reads an address's verification status where the explorer has `GET /api/v2/smart-contracts/{address}`. While
 * that is not known yet, this very request is the probe, so a batch's first pre-check costs one request, not two.
 *
 * @param transport - the explorer's transport
 * @param parameters - the address
 * @returns the status (null for "not a contract"), or `supported: false`
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws the errors of {@link getSmartContractStatus} other than those that mean "no such endpoint"
 * @example
 * const answer = await getSmartContractStatusIfSupported(transport, { address });
 * if (!answer.supported) console.log("read getsourcecode instead");
 */
export async function getSmartContractStatusIfSupported(
  transport: Transport,
  parameters: GetSmartContractStatusParameters,
): Promise<SmartContractStatusAnswer> {
  const capabilities = transport.capabilities;
  const probeInFlight = capabilities.smartContractStatusProbe;
  const known =
    capabilities.smartContractStatus ??
    (probeInFlight ? await probeInFlight.catch(() => undefined) : undefined);
  if (known === false) return { supported: false };
  if (known === true) return supportedAnswer(transport, await getSmartContractStatus(transport, parameters));
  return startProbe(transport, parameters.address);
}

// Asks about an address as the probe that concurrent callers wait for (until it ends) instead of probing again.
function startProbe(transport: Transport, address: string): Promise<SmartContractStatusAnswer> {
  const capabilities = transport.capabilities;
  const answer = getSmartContractStatus(transport, { address }).then(
    (status) => supportedAnswer(transport, status),
    (error: unknown): SmartContractStatusAnswer => {
      const unsupported =
        error instanceof UnknownActionError ||
        error instanceof NotFoundError ||
        (error instanceof HttpError && error.status === 404) ||
        // A gateway's 5xx page says nothing about the explorer behind it.
        (error instanceof InvalidResponseError && error.body.status < 500);
      if (!unsupported) throw error;
      capabilities.smartContractStatus = false;
      return { supported: false };
    },
  );
  const support: Promise<boolean> = answer
    .then((result) => result.supported)
    .finally(() => {
      if (capabilities.smartContractStatusProbe === support)
        capabilities.smartContractStatusProbe = undefined;
    });
  // Waiters read the outcome through their own await; a failed probe is its own caller's error.
  support.catch(() => {});
  capabilities.smartContractStatusProbe = support;
  return answer;
}

function supportedAnswer(
  transport: Transport,
  status: SmartContractStatus | null,
): SmartContractStatusAnswer {
  return { supported: true, status, routeConfirmed: transport.capabilities.smartContractStatusAnswered };
}
