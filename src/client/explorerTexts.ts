// The only place on the client side that knows explorer texts (Blockscout's, Etherscan's and Sourcify's codes).

function normalise(text: unknown): string {
  return typeof text === "string" ? text.trim().toLowerCase() : "";
}

// A text that says exactly this, whatever its case and surrounding space.
function textIs(expected: string): (text: unknown) => boolean {
  return (text) => normalise(text) === expected;
}

/**
 * A verification (or proxy check) still in the explorer's queue.
 * @param text - an RPC `result` or `message`
 */
export function isPending(text: unknown): boolean {
  const t = normalise(text);
  return t === "pending in queue" || t === "verification in progress" || t.startsWith("pending");
}

/** The verification passed: a `checkverifystatus` result. */
export const isPass = textIs("pass - verified");

/** The verification failed; Blockscout never gives the reason, Etherscan may append it. @param text - a result */
export function isFail(text: unknown): boolean {
  return normalise(text).startsWith("fail - ");
}

/**
 * The explorer does not know the guid (yet): Blockscout's `Unknown UID`; Etherscan-compatible services' texts that say
 * they cannot find it (`Unable to locate GUID`), whose wording no document gives.
 * @param text - a `checkverifystatus` result or message
 */
export function isUnknownUid(text: unknown): boolean {
  const t = normalise(text);
  return (
    t === "unknown uid" ||
    /^(unable to locate|cannot find|could not find) guid\b/.test(t) ||
    t === "guid not found"
  );
}

/**
 * Already verified, in every wording: Blockscout RPC `Smart-contract already verified.`, Blockscout v2
 * `Already verified`, Etherscan `Contract source code already verified` and `Already Verified`.
 * @param text - a message or result
 */
export function isAlreadyVerified(text: unknown): boolean {
  const t = normalise(text);
  return (
    t === "smart-contract already verified." ||
    t === "already verified" ||
    t === "pass - already verified" ||
    t.startsWith("contract source code already verified")
  );
}

/**
 * No contract at the address, or not indexed yet: `Address is not a smart-contract`,
 * `The address is not a smart contract`, Etherscan's `Unable to locate ContractCode at …`, and Blockscout's
 * publishing failure `… The contract creation transaction has not been indexed yet. Please wait a few minutes …`.
 * @param text - a message or result
 */
export function isNotAContract(text: unknown): boolean {
  const t = normalise(text);
  return (
    t === "address is not a smart-contract" ||
    t === "the address is not a smart contract" ||
    t.startsWith("unable to locate contractcode") ||
    t.includes("creation transaction has not been indexed yet")
  );
}

/**
 * `verify_via_sourcify`'s message `partial`: Sourcify matched the contract only partially (its metadata hash
 * differs), and Blockscout imports only full matches through that action.
 */
export const isSourcifyPartialMatch = textIs("partial");

/** The explorer has no such action. */
export const isUnknownAction = textIs("unknown action");

/**
 * A rate-limit answer in Blockscout's or Etherscan's words (`Max rate limit reached`,
 * `Max calls per sec rate limit reached (5/sec)`), and Etherscan's refusal of free keys while it is busy (`Free API
 * access is temporarily unavailable due to unusually high network activity…`): asking again later may pass.
 * @param text - a message or result
 */
export function isRateLimited(text: unknown): boolean {
  const t = normalise(text);
  if (isDailyQuotaReached(t)) return false;
  return (
    t.startsWith("too many requests") ||
    isKeyAttemptsThrottle(t) ||
    t.includes("rate limit reached") ||
    t.startsWith("free api access is temporarily unavailable")
  );
}

/**
 * The key's daily quota is used up: Etherscan's `Max daily rate limit reached. 110000 (100%) of 100000 day/limit`
 * and its daily submission limit (see {@link isSubmissionQuotaReached}). Waiting seconds does not help.
 * @param text - a message or result
 */
export function isDailyQuotaReached(text: unknown): boolean {
  return normalise(text).startsWith("max daily") || isSubmissionQuotaReached(text);
}

/**
 * Etherscan's daily cap on submissions, `Daily limit of 100 source code submissions reached`: reads and polls go on.
 * @param text - a message or result
 */
export function isSubmissionQuotaReached(text: unknown): boolean {
  return /^daily limit of \d+ source code submissions reached/.test(normalise(text));
}

/**
 * The key's plan does not cover the chain: Etherscan's `Free API access is not supported for this chain. Please
 * upgrade your api plan for full chain coverage. https://etherscan.io/apis`.
 * @param text - a message or result
 */
export function isPlanRequired(text: unknown): boolean {
  return normalise(text).startsWith("free api access is not supported");
}

/**
 * The key is refused: Etherscan's `Missing/Invalid API Key` and `Invalid API Key (#err2)|10` (the suffix varies).
 * @param text - a message or result
 */
export function isInvalidApiKey(text: unknown): boolean {
  return normalise(text).includes("invalid api key") && !isKeyAttemptsThrottle(text);
}

/**
 * Etherscan's throttle of an address that sent 5 invalid keys within 30 s, whoever's key the next one is: `Too many
 * invalid api key attempts, please try again later`. It lasts 30 s.
 * @param text - a message or result
 */
export function isKeyAttemptsThrottle(text: unknown): boolean {
  return normalise(text).startsWith("too many invalid api key attempts");
}

/**
 * The `error` of the Blockscout API's body saying that it does not serve the chain (HTTP 404,
 * `{"error":"Network not supported","source":"internal"}`): the chain's own instance may.
 */
export const isNetworkNotSupported = textIs("network not supported");

/**
 * Blockscout 12's Sourcify path found no `metadata.json` among the uploaded files (it takes the metadata only under
 * that name): `Sourcify did not return metadata`.
 */
export const isSourcifyMetadataMissing = textIs("sourcify did not return metadata");

/**
 * Blockscout 12 polls Sourcify for about a minute (3 s × 20) and then answers `Sourcify verification timed out`:
 * Sourcify's job may still finish.
 */
export const isSourcifyTimedOut = textIs("sourcify verification timed out");

/** Blockscout 12's Sourcify path ended without a match: `Contract is not verified`. */
export const isSourcifyNotVerified = textIs("contract is not verified");

/** The HTTP statuses a bot challenge answers with: 403, and 503 for a challenge of the "under attack" mode. */
const challengeStatuses = new Set([403, 503]);
const challengeTitle = /<title>\s*just a moment\.\.\.\s*<\/title>/i;
// Cloudflare's block page ("Sorry, you have been blocked"): as final for a tool as a challenge, and passed the same way.
const blockedTitle = /<title>\s*attention required! \| cloudflare\s*<\/title>/i;

/** An answer as the transport read it, for {@link botChallengeEvidence}. */
export interface ChallengeCandidate {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body's start; a challenge page names itself in its `<title>`, near the top. */
  text: string;
}

/**
 * A bot challenge in front of an explorer (Cloudflare), recognised by its header first, `cf-mitigated: challenge`,
 * and without it by an HTML page titled `Just a moment...`, or Cloudflare's block page; on HTTP 403 (or 503).
 * @returns how it was recognised, as a message says it, or undefined for any other answer
 */
export function botChallengeEvidence(answer: ChallengeCandidate): string | undefined {
  if (!challengeStatuses.has(answer.status)) return undefined;
  if (normalise(answer.headers["cf-mitigated"]) === "challenge") return "cf-mitigated: challenge";
  const html = (answer.headers["content-type"] ?? "").toLowerCase().includes("text/html");
  if (html && challengeTitle.test(answer.text)) return 'a page titled "Just a moment..."';
  return html && blockedTitle.test(answer.text)
    ? 'Cloudflare\'s block page "Attention Required!"'
    : undefined;
}

// Sourcify's codes (`customCode` of an error body or of a job's `error`) that the client acts on.
function codeIs(expected: string): (code: unknown) => boolean {
  return (code) => code === expected;
}

/**
 * Sourcify holds the contract already: 409 at submission (both matches exact), or a job that ends without a better
 * match than the stored one.
 * @param code - a `customCode`
 */
export const isSourcifyAlreadyVerified = codeIs("already_verified");

/** Sourcify is still verifying the address for an earlier request (429). @param code - a `customCode` */
export const isSourcifyDuplicateRequest = codeIs("duplicate_verification_request");

/** The chain has no contract at the address, as far as Sourcify's node sees. @param code - a `customCode` */
export const isSourcifyNotDeployed = codeIs("contract_not_deployed");

/** Sourcify does not know the verification id (404). @param code - a `customCode` */
export const isSourcifyJobNotFound = codeIs("job_not_found");

/**
 * How Sourcify matched a contract: `exact_match` (the metadata hash too) is full, `match` partial, null none.
 * @param level - a `match` field
 * @returns `verified`, `partial`, or undefined for no match
 */
export function sourcifyMatchLevel(level: unknown): "verified" | "partial" | undefined {
  if (level === "exact_match") return "verified";
  if (level === "match") return "partial";
  return undefined;
}

/**
 * Sourcify's `match` field as its own word, when it names a match.
 * @param level - a `match` field
 * @returns `exact_match`, `match`, or undefined for no match
 */
export function sourcifyMatchKind(level: unknown): "exact_match" | "match" | undefined {
  return level === "exact_match" || level === "match" ? level : undefined;
}

/**
 * Which code Sourcify's match covers, from an answer's `runtimeMatch` and `creationMatch`.
 * @param answer - a job's contract or a lookup
 * @returns each code's match, null where it did not match
 */
export function sourcifyMatchedCode(answer: { runtimeMatch?: unknown; creationMatch?: unknown }) {
  return {
    runtime: sourcifyMatchKind(answer.runtimeMatch) ?? null,
    creation: sourcifyMatchKind(answer.creationMatch) ?? null,
  };
}

/**
 * What an RPC envelope says happened: its `message`, unless that is a bare status word (Etherscan's `NOTOK`) and
 * `result` carries the reason. Blockscout's `result` is null or repeats the message, so either way is right there.
 *
 * @param message - the envelope's `message`
 * @param result - the envelope's `result`
 * @returns the explorer's text, or undefined when the envelope has none
 */
export function envelopeReason(message: unknown, result: unknown): string | undefined {
  const reasonInResult = typeof result === "string" && result.trim() !== "";
  const bareStatusWord = ["", "ok", "notok"].includes(normalise(message));
  if (reasonInResult && bareStatusWord) return result;
  if (typeof message === "string" && message !== "") return message;
  return reasonInResult ? result : undefined;
}

/** `getabi`/`getsourcecode`/`listcontracts` saying (in an ABI field) that the contract is not verified. */
export const isNotVerifiedAbi = textIs("contract source code not verified");

/**
 * The ABI of a verified contract stored without one: Blockscout's `getabi` (status "1") and `listcontracts` send
 * it JSON-encoded, as the text `null`.
 */
export const isAbsentAbi = textIs("null");

/** `checkproxyverification` found and saved the implementation. @param text - a result */
export function isProxyPass(text: unknown): boolean {
  const t = normalise(text);
  return t.startsWith("the proxy's (") && t.includes("successfully updated");
}

/**
 * `checkproxyverification` did not link: no implementation found, and Etherscan's other refusals (the proxy or the
 * implementation `does not seem to be verified`, `The provided expected results are different than the retrieved
 * implementation address!`, `This contract does not look like it contains any delegatecall opcode sequence.`).
 * @param text - a result
 */
export function isProxyFail(text: unknown): boolean {
  const t = normalise(text);
  return (
    t.startsWith("a corresponding implementation contract was unfortunately not detected") ||
    (/^the (proxy|implementation) contract at /.test(t) && t.includes("does not seem to be verified")) ||
    t.startsWith("the provided expected results are different") ||
    t.startsWith("this contract does not look like it contains any delegatecall")
  );
}

/**
 * The implementation address named by a single-implementation proxy pass text, if there is one.
 * @param text - a `checkproxyverification` result
 * @returns the lower-case address, or undefined
 */
export function implementationFromProxyPass(text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  return /implementation contract is found at (0x[0-9a-fA-F]{40})/.exec(text)?.[1]?.toLowerCase();
}

/** The 400 an explorer gives for a path it does not serve under `/api/v2`. */
export const isUnknownApiV2Action = textIs("unknown api v2 action");

/** The 404 of an explorer whose REST API v2 is turned off. */
export const isApiV2Disabled = textIs("api v2 is disabled");

/** The plain REST 404, as opposed to `Block lost consensus` or `API V2 is disabled`. */
export const isRestNotFound = textIs("not found");

/**
 * A failure another input might fix: the compiled bytecode did not match, as opposed to a wrong compiler version,
 * contract name or constructor arguments. Blockscout's publishing text says `Bytecode does not match, please try
 * again.`; its newer verifier service puts `No contract could be verified with provided data` in the changeset.
 * @param text - a submission's error message
 */
export function isBytecodeMismatch(text: unknown): boolean {
  const t = normalise(text);
  return (
    t.includes("bytecode does not match") || t.includes("no contract could be verified with provided data")
  );
}

/**
 * The wait `verifyproxycontract` asks for after a recent refresh (`Only one attempt in 4000ms`).
 * @param text - a message
 * @returns milliseconds, or undefined when the text is not that one
 */
export function onlyOneAttemptWaitMs(text: unknown): number | undefined {
  const match = /^only one attempt in (\d+)\s*ms/.exec(normalise(text));
  return match ? Number(match[1]) : undefined;
}

/** `verifyproxycontract` refusing a proxy that is not verified itself. */
export const isProxyNotVerified = textIs("smart-contract not found or is not verified");
