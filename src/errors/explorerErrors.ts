import { ExplorerVerifyError } from "./explorerVerifyError.js";
import { type RequestContext, requestLines } from "./transportErrors.js";

function contextLines(request: RequestContext, httpStatus: number): string[] {
  return requestLines(request, [`HTTP status: ${httpStatus}`]);
}

/** The explorer understood the request and refused it with a message (RPC `status: "0"`, or a REST error body). */
export class ExplorerError extends ExplorerVerifyError {
  readonly code = "explorer_error" as const;

  constructor(
    readonly request: RequestContext,
    readonly httpStatus: number,
    /** The explorer's own text, verbatim (redacted). */
    readonly explorerMessage: string,
    hint?: string,
  ) {
    // A 5xx envelope (Blockscout's `Something went wrong.`) is the explorer failing, not a refusal.
    super(
      httpStatus >= 500
        ? `The explorer answered HTTP ${httpStatus}: ${explorerMessage}`
        : `The explorer refused the request: ${explorerMessage}`,
      {
        metaMessages: contextLines(request, httpStatus),
        details: hint,
      },
    );
  }
}

/** Why an explorer refused a proxy link, in the engine's words. */
export type ProxyLinkRefusal =
  /** The proxy itself must be verified before it can be linked. */
  | "proxy_not_verified"
  /** Asked too soon after another link of the proxy: the same request may go again after `retryAfterMs`. */
  | "try_again";

/**
 * An explorer's refusal of a proxy link, with why read from its words by the service's verifier, so that the engine
 * branches on {@link ProxyLinkRefusedError.reason}, never on the explorer's text.
 */
export class ProxyLinkRefusedError extends ExplorerError {
  readonly reason: ProxyLinkRefusal;
  /** With `try_again`: how long the explorer asked to wait. */
  readonly retryAfterMs: number | undefined;

  constructor(refused: ExplorerError, reason: ProxyLinkRefusal, retryAfterMs?: number) {
    super(refused.request, refused.httpStatus, refused.explorerMessage, refused.details);
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The address holds no contract code, or the explorer has not indexed it yet. */
export class NotAContractError extends ExplorerVerifyError {
  readonly code = "not_a_contract" as const;
  /** The explorer says it has not indexed the contract's creation yet (Blockscout's `verify`): it may later. */
  readonly notIndexed: boolean;

  constructor(
    readonly request: RequestContext,
    readonly address: string,
    readonly explorerMessage: string,
  ) {
    const notIndexed = /not been indexed yet/i.test(explorerMessage);
    super(
      notIndexed
        ? `The explorer has not indexed the creation transaction of ${address} yet.`
        : `The explorer says ${address} is not a contract.`,
      {
        metaMessages: requestLines(request, [`Explorer message: ${explorerMessage}`]),
        details:
          "Right after a deployment the explorer may not have indexed the contract yet: wait and try again. Otherwise check the address and the network.",
      },
    );
    this.notIndexed = notIndexed;
  }
}

/** The explorer does not know the action (or the REST path). */
export class UnknownActionError extends ExplorerVerifyError {
  readonly code = "unknown_action" as const;
  readonly action: string;
  readonly request: RequestContext;

  constructor(request: RequestContext, action: string, httpStatus: number, details?: string) {
    super(`The explorer does not support the action "${action}".`, {
      metaMessages: contextLines(request, httpStatus),
      details:
        details ??
        "Check that the URL points at a Blockscout-compatible explorer, and that API writes are enabled on it for verify.",
    });
    this.action = action;
    this.request = request;
  }
}

/** A REST resource that does not exist (HTTP 404). */
export class NotFoundError extends ExplorerVerifyError {
  readonly code = "not_found" as const;
  readonly explorerMessage: string;
  readonly request: RequestContext;
  /** For `Block lost consensus`: the hash of the block that lost it. */
  readonly blockHash: string | undefined;

  constructor(request: RequestContext, explorerMessage: string, blockHash?: string) {
    super(
      blockHash
        ? `The explorer says: ${explorerMessage} (block ${blockHash}).`
        : `The explorer says: ${explorerMessage}.`,
      { metaMessages: contextLines(request, 404) },
    );
    this.explorerMessage = explorerMessage;
    this.request = request;
    this.blockHash = blockHash;
  }
}

/** One entry of a REST 422 answer. */
export interface ParameterProblem {
  title: string;
  detail: string;
  /** JSON pointer of the parameter, e.g. `/address_hash_param`. */
  pointer: string | undefined;
}

/** The explorer rejected a REST parameter (HTTP 422). */
export class InvalidParametersError extends ExplorerVerifyError {
  readonly code = "invalid_parameters" as const;

  constructor(
    readonly request: RequestContext,
    readonly problems: ParameterProblem[],
  ) {
    const first = problems[0];
    super(
      first
        ? `The explorer rejected a parameter: ${first.pointer ?? "?"}: ${first.detail}`
        : "The explorer rejected the parameters.",
      {
        metaMessages: [
          ...contextLines(request, 422),
          ...problems.map((p) => `${p.pointer ?? "?"}: ${p.title}: ${p.detail}`),
        ],
      },
    );
  }
}
