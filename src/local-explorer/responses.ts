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
  v2UnknownAction: "Unknown API v2 action",
  v2BlockLostConsensus: "Block lost consensus",
  v2InvalidValue: "Invalid value",
} as const;

/**
 * `<key> is required.` as the contract controller words it.
 * @param key - the camelCase parameter name
 * @returns the message
 */
export function requiredText(key: string): string {
  return `${key} is required.`;
}

/**
 * The filter error of `listcontracts` (lists four values though six are accepted).
 * @param value - the rejected filter
 * @returns the message
 */
export function invalidFilterText(value: string): string {
  return `${value} is not a valid value for \`filter\`. Please use one of: verified, unverified, 1, 2.`;
}

/**
 * `verify`'s failure text, carrying an Elixir-style changeset dump.
 * @param reason - the inner reason, e.g. {@link texts.bytecodeMismatch}
 * @returns the message
 */
export function publishFailedText(reason: string): string {
  return `${texts.publishFailedPrefix}: [contract_source_code: {${JSON.stringify(reason)}, []}]`;
}

/**
 * `checkproxyverification`'s pass text for one implementation.
 * @param proxy - the proxy address
 * @param implementation - the implementation address
 * @returns the message
 */
export function proxyPassText(proxy: string, implementation: string): string {
  return `The proxy's (${proxy.toLowerCase()}) implementation contract is found at ${implementation.toLowerCase()} and is successfully updated.`;
}

/**
 * `checkproxyverification`'s pass text for several implementations (a diamond's facets). Blockscout writes the list
 * with Elixir's `inspect` of its address structs, from which no client can read an address: so is it here.
 * @param proxy - the proxy address
 * @param implementations - the implementation addresses
 * @returns the message
 */
export function proxyPassManyText(proxy: string, implementations: readonly string[]): string {
  const structs = implementations.map((implementation) => {
    const bytes = [...Buffer.from(implementation.replace(/^0x/, ""), "hex")];
    return `%Explorer.Chain.Hash{byte_count: 20, bytes: <<${bytes.join(", ")}>>}`;
  });
  return `The proxy's (${proxy.toLowerCase()}) implementation contracts are found at [${structs.join(", ")}] and they've been successfully updated.`;
}

/**
 * `{"status":"1","message":"OK","result":…}`.
 * @param result - the action's result
 * @returns the reply (HTTP 200)
 */
export function ok(result: unknown): Reply {
  return { status: 200, body: { status: "1", message: texts.ok, result } };
}

/**
 * `{"status":"0","message":…,"result":null}`, or with `result` repeating the message where Blockscout does so.
 * @param message - the error text
 * @param options - HTTP status (default 200) and whether `result` repeats the message
 * @returns the reply
 */
export function error(
  message: string,
  options: { httpStatus?: number; repeatInResult?: boolean } = {},
): Reply {
  return {
    status: options.httpStatus ?? 200,
    body: { status: "0", message, result: options.repeatInResult ? message : null },
  };
}

/** The 500 Blockscout gives for any exception in an action, e.g. a missing required parameter. @returns the reply */
export function somethingWentWrong(): Reply {
  return error(texts.somethingWentWrong, { httpStatus: 500 });
}

/** The RPC 429. @param resetMs - ms until the window resets @returns the reply */
export function rpcRateLimited(resetMs: number): Reply {
  return { ...error(texts.tooManyRequests, { httpStatus: 429 }), headers: rateLimitHeaders(0, 0, resetMs) };
}

/** The REST 429. @param resetMs - ms until the window resets @returns the reply */
export function restRateLimited(resetMs: number): Reply {
  return { status: 429, body: { message: texts.tooManyRequests }, headers: rateLimitHeaders(0, 0, resetMs) };
}

/**
 * The headers on every `/api` answer; `-1` everywhere when limiting is off.
 * @param limit - requests per window
 * @param remaining - left in this window
 * @param resetMs - ms until the window resets
 * @returns the headers
 */
export function rateLimitHeaders(limit: number, remaining: number, resetMs: number): Record<string, string> {
  return {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(resetMs),
    "bypass-429-option": "no_bypass",
  };
}

/** REST 404. @param message - `Not found` or `Block lost consensus` @param hash - the lost block's hash @returns the reply */
export function restNotFound(message: string = texts.notFound, hash?: string): Reply {
  return { status: 404, body: hash ? { message, hash } : { message } };
}

/** REST 400 for an unknown path. @returns the reply */
export function restUnknownAction(): Reply {
  return { status: 400, body: { message: texts.v2UnknownAction } };
}

/**
 * REST 422 in OpenApiSpex's shape.
 * @param problems - pointer and detail of each rejected value
 * @returns the reply
 */
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

/** The three problems OpenApiSpex reports for a value that is neither a block number nor a block hash, in its order. */
export const invalidBlockProblems: ReadonlyArray<{ pointer: string; detail: string }> = [
  { pointer: restPointers.blockHashOrNumber, detail: restDetails.blockCastFailed },
  { pointer: restPointers.blockHashOrNumber, detail: restDetails.integerGotString },
  { pointer: restPointers.blockHashOrNumber, detail: restDetails.fullHashFormat },
];

/**
 * A REST list answer: `{"items":[…],"next_page_params":{…}|null}` (HTTP 200).
 * @param items - the page's items
 * @param nextPageParams - the next page's cursor, or null on the last page
 * @returns the reply
 */
export function restPage(items: unknown[], nextPageParams: Record<string, unknown> | null): Reply {
  return { status: 200, body: { items, next_page_params: nextPageParams } };
}

/**
 * A REST object answer (HTTP 200).
 * @param body - the object
 * @returns the reply
 */
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

/**
 * The Blockscout API's `{error, source}` answer.
 * @param status - the HTTP status
 * @param text - its `error`
 * @param source - `internal` (the API's routing or configuration) or `upstream` (the chain's instance)
 * @returns the reply
 */
export function proApiError(status: number, text: string, source: "internal" | "upstream"): Reply {
  return { status, body: { error: text, source }, headers: apiErrorHeaders };
}

/** 404 `Network not supported`: the API does not serve the chain. @returns the reply */
export function proApiNetworkNotSupported(): Reply {
  return proApiError(404, "Network not supported", "internal");
}

/**
 * x402's 402 for a call without a key: payment terms in base64 in `payment-required` (Base, USDC); the body is not
 * documented beyond its `error`.
 * @returns the reply
 */
export function proApiPaymentRequired(): Reply {
  const terms = Buffer.from(JSON.stringify({ network: "eip155:8453", asset: "USDC" })).toString("base64");
  return {
    status: 402,
    body: { error: "Proceed with API key or make a X402 payment to continue" },
    headers: { ...apiErrorHeaders, "payment-required": terms },
  };
}
