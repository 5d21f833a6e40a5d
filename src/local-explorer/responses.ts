// Every text and envelope this explorer answers with, written from Blockscout's behaviour
// (shared/blockscout-api.md). The only place on the server side that holds explorer texts.

/** An answer before it is written to the socket. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const texts = {
  moduleAndActionRequired: "Params 'module' and 'action' are required parameters",
  unknownModule: "Unknown module",
  unknownAction: "Unknown action",
  notFound: "Not found",
  somethingWentWrong: "Something went wrong.",
  tooManyRequests: "Too many requests. Increase limits now at https://dev.blockscout.com",
  addressRequired: "Query parameter address is required",
  contractAddressesRequired: "Query parameter contractaddresses is required",
  invalidAddressHash: "Invalid address hash",
  notVerified: "Contract source code not verified",
  notASmartContract: "Address is not a smart-contract",
  alreadyVerified: "Smart-contract already verified.",
  publishFailedPrefix: "Something went wrong while publishing the contract",
  bytecodeMismatch: "Bytecode does not match, please try again.",
  compileFailed: "There was an error compiling your contract.",
  compilerVersionMismatch: "Compiler version does not match, please try again.",
  constructorArgumentsMismatch: "Constructor arguments do not match, please try again.",
  wrongContractName: "Wrong contract name, please try again.",
  missingCodeFormat: "Missing codeformat field",
  missingSourceCodeOrAddress: "Missing sourceCode or contractaddress fields",
  optimizationUsedInvalid: "optimizationUsed has invalid format",
  attachTwoFiles: "You should attach at least 2 files",
  attachJsonAndSol: "You should attach at least one *.json and one *.sol files",
  invalidArgsFormat: "Invalid args format",
  unsuccessfulSourcify: "Unsuccessful Sourcify verification",
  // Blockscout 12's Sourcify path (API v2).
  sourcifyNoMetadata: "Sourcify did not return metadata",
  sourcifyNotVerified: "Contract is not verified",
  // Blockscout 12 refuses constructor arguments that are not hex and has not published its words: these are ours,
  // and no client should match them.
  constructorArgumentsNotHex: "Invalid constructor arguments: expected hex bytes",
  pendingInQueue: "Pending in queue",
  passVerified: "Pass - Verified",
  failUnableToVerify: "Fail - Unable to verify",
  unknownUid: "Unknown UID",
  proxyNotVerified: "Smart-contract not found or is not verified",
  proxyInProgress: "Verification in progress",
  proxyNotDetected:
    "A corresponding implementation contract was unfortunately not detected for the proxy address.",
  ok: "OK",
  notok: "NOTOK",
  v2NotFound: "Not found",
  v2UnknownAction: "Unknown API v2 action",
  v2BlockLostConsensus: "Block lost consensus",
  v2InvalidValue: "Invalid value",
} as const;

/** `<key> is required.` as the contract controller words it. */
export function requiredText(key: string): string {
  return `${key} is required.`;
}

/** The filter error of `listcontracts` (lists four values though six are accepted). */
export function invalidFilterText(value: string): string {
  return `${value} is not a valid value for \`filter\`. Please use one of: verified, unverified, 1, 2.`;
}

/** `verify`'s failure text, carrying an Elixir-style changeset dump of `reason`. */
export function publishFailedText(reason: string): string {
  return `${texts.publishFailedPrefix}: [contract_source_code: {${JSON.stringify(reason)}, []}]`;
}

/** `checkproxyverification`'s pass text for one implementation. */
export function proxyPassText(proxy: string, implementation: string): string {
  return `The proxy's (${proxy.toLowerCase()}) implementation contract is found at ${implementation.toLowerCase()} and is successfully updated.`;
}

/**
 * `checkproxyverification`'s pass text for several implementations (a diamond's facets). Blockscout writes the list
 * with Elixir's `inspect` of its address structs, from which no client can read an address: so is it here.
 */
export function proxyPassManyText(proxy: string, implementations: readonly string[]): string {
  const structs = implementations.map((implementation) => {
    const bytes = (implementation.replace(/^0x/, "").match(/../g) ?? []).map((pair) =>
      Number.parseInt(pair, 16),
    );
    return `%Explorer.Chain.Hash{byte_count: 20, bytes: <<${bytes.join(", ")}>>}`;
  });
  return `The proxy's (${proxy.toLowerCase()}) implementation contracts are found at [${structs.join(", ")}] and they've been successfully updated.`;
}

/** `{"status":"1","message":"OK","result":…}` (HTTP 200). */
export function ok(result: unknown): Reply {
  return { status: 200, body: { status: "1", message: texts.ok, result } };
}

/** `{"status":"0","message":…,"result":null}`, or `result` repeating the message where Blockscout does so. */
export function error(
  message: string,
  options: { httpStatus?: number; repeatInResult?: boolean } = {},
): Reply {
  return {
    status: options.httpStatus ?? 200,
    body: { status: "0", message, result: options.repeatInResult ? message : null },
  };
}

/** The 500 Blockscout gives for any exception in an action, e.g. a missing required parameter. */
export function somethingWentWrong(): Reply {
  return error(texts.somethingWentWrong, { httpStatus: 500 });
}

/** The RPC 429; `resetMs` until the window resets. */
export function rpcRateLimited(resetMs: number): Reply {
  return { ...error(texts.tooManyRequests, { httpStatus: 429 }), headers: rateLimitHeaders(0, 0, resetMs) };
}

/** The REST 429; `resetMs` until the window resets. */
export function restRateLimited(resetMs: number): Reply {
  return { status: 429, body: { message: texts.tooManyRequests }, headers: rateLimitHeaders(0, 0, resetMs) };
}

/** The headers on every `/api` answer: the quota, what is left, ms until it resets; `-1` when limiting is off. */
export function rateLimitHeaders(limit: number, remaining: number, resetMs: number): Record<string, string> {
  return {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(resetMs),
    "bypass-429-option": "no_bypass",
  };
}

/** REST 404: `Not found`, or `Block lost consensus` with the lost block's hash. */
export function restNotFound(message: string = texts.v2NotFound, hash?: string): Reply {
  return { status: 404, body: hash ? { message, hash } : { message } };
}

/** REST 400 for an unknown path. */
export function restUnknownAction(): Reply {
  return { status: 400, body: { message: texts.v2UnknownAction } };
}

/** REST 422 in OpenApiSpex's shape: pointer and detail of each rejected value. */
export function restInvalid(problems: Array<{ pointer: string; detail: string }>): Reply {
  return {
    status: 422,
    body: {
      errors: problems.map((p) => ({
        title: texts.v2InvalidValue,
        source: { pointer: p.pointer },
        detail: p.detail,
      })),
    },
  };
}

/** JSON pointers of the path parameters in REST 422 answers (OpenApiSpex names them `<name>_param`). */
export const restPointers = {
  addressHash: "/address_hash_param",
  blockHashOrNumber: "/block_hash_or_number_param",
  tokenId: "/token_id_param",
} as const;

/** The `detail` texts of REST 422 answers (blockscout-api.md §15). */
export const restDetails = {
  addressHashFormat: "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{40})$/",
  fullHashFormat: "Invalid format. Expected ~r/^0x([A-Fa-f0-9]{64})$/",
  tokenIdFormat: "Invalid format. Expected ~r/^-?([1-9][0-9]*|0)$/",
  blockCastFailed:
    'Failed to cast value using any of: Schema(title: "FullHash", type: :string), Schema(type: :integer)',
  integerGotString: "Invalid integer. Got: string",
  invalidEnum: "Invalid value for enum",
} as const;

/** The JSON pointer of a query parameter in a REST 422 answer: `/<name>`. */
export function restQueryPointer(name: string): string {
  return `/${name}`;
}

/** The three problems OpenApiSpex reports, in order, for a value neither a block number nor a block hash. */
export function invalidBlockProblems(): Array<{ pointer: string; detail: string }> {
  return [
    { pointer: restPointers.blockHashOrNumber, detail: restDetails.blockCastFailed },
    { pointer: restPointers.blockHashOrNumber, detail: restDetails.integerGotString },
    { pointer: restPointers.blockHashOrNumber, detail: restDetails.fullHashFormat },
  ];
}

/** A REST list answer: `{"items":[…],"next_page_params":{…}|null}` (HTTP 200), null on the last page. */
export function restPage(items: unknown[], nextPageParams: Record<string, unknown> | null): Reply {
  return { status: 200, body: { items, next_page_params: nextPageParams } };
}

/** A REST object answer (HTTP 200). */
export function restObject(body: Record<string, unknown>): Reply {
  return { status: 200, body };
}

// The Blockscout API's own answers (api.blockscout.com, PRO routes; shared/deploy-tools.md §5): `{error, source}`,
// and `-1` in every quota header, as on any answer the API gives by itself.
const apiErrorHeaders = { "x-credits-remaining": "-1", ...rateLimitHeaders(-1, -1, -1) };

/** What the Blockscout API answers by itself when asked to: its upstream failures. */
export const proApiFaults = {
  "upstream-unavailable": { status: 503, error: "Upstream service temporarily unavailable" },
  "gateway-timeout": { status: 504, error: "Gateway timeout" },
  "not-implemented": { status: 501, error: "Not implemented" },
} as const;

/** One of {@link proApiFaults}. */
export type ProApiFault = keyof typeof proApiFaults;

/** The Blockscout API's `{error, source}`: `internal` (its routing or configuration) or `upstream` (the instance). */
export function proApiError(status: number, text: string, source: "internal" | "upstream"): Reply {
  return { status, body: { error: text, source }, headers: apiErrorHeaders };
}

/** 404 `Network not supported`: the API does not serve the chain. */
export function proApiNetworkNotSupported(): Reply {
  return proApiError(404, "Network not supported", "internal");
}

/**
 * x402's 402 for a call without a key: payment terms in base64 in `payment-required` (Base, USDC); the body is not
 * documented beyond its `error`.
 */
export function proApiPaymentRequired(): Reply {
  const terms = Buffer.from(JSON.stringify({ network: "eip155:8453", asset: "USDC" })).toString("base64");
  return {
    status: 402,
    body: { error: "Proceed with API key or make a X402 payment to continue" },
    headers: { ...apiErrorHeaders, "payment-required": terms },
  };
}
