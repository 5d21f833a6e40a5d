import { ExplorerVerifyError } from "./explorerVerifyError.js";
import type { RequestContext } from "./transportErrors.js";

/** What a refusal that ends a service's part of the run says besides its text. */
interface RefusalContext {
  request: RequestContext;
  /** The service's own text, verbatim (redacted). */
  explorerMessage: string;
  /** Who refused, by name (`Etherscan`); unnamed, "the explorer". */
  service?: string | undefined;
}

function who(service: string | undefined): string {
  return service ?? "The explorer";
}

const notSentAgain = "Nothing more is sent to this service in this run.";

// The service's text as a sentence of the message (some end in a URL, some in a full stop, some in nothing).
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The service's daily quota is used up (Etherscan's `Max daily rate limit reached…` or its daily submission limit,
 * the Blockscout API's credits). It lasts for hours: the client that saw it sends nothing more.
 */
export class QuotaExhaustedError extends ExplorerVerifyError {
  readonly code = "quota_exhausted" as const;
  readonly explorerMessage: string;
  readonly request: RequestContext;

  constructor({ request, explorerMessage, service }: RefusalContext) {
    super(`${who(service)}'s daily quota is used up: ${sentence(explorerMessage)} ${notSentAgain}`, {
      metaMessages: [`Request: ${request.method} ${request.url}`],
      details: "Run again once the quota resets (daily), or with a key of a higher plan.",
    });
    this.explorerMessage = explorerMessage;
    this.request = request;
  }
}

/** The API key's plan does not cover this chain (Etherscan's `Free API access is not supported for this chain…`). */
export class PlanRequiredError extends ExplorerVerifyError {
  readonly code = "plan_required" as const;
  readonly explorerMessage: string;
  readonly request: RequestContext;

  constructor({ request, explorerMessage, service }: RefusalContext) {
    super(
      `${who(service)} refuses this chain on the API key's plan: ${sentence(explorerMessage)} ${notSentAgain}`,
      {
        metaMessages: [`Request: ${request.method} ${request.url}`],
        details: "Use a key of a paid plan for this chain, or leave this target out for it.",
      },
    );
    this.explorerMessage = explorerMessage;
    this.request = request;
  }
}

/** The service refused the API key (unknown, revoked, or missing). Every later request would be refused too. */
export class InvalidApiKeyError extends ExplorerVerifyError {
  readonly code = "invalid_api_key" as const;
  readonly explorerMessage: string;
  readonly request: RequestContext;

  constructor({ request, explorerMessage, service }: RefusalContext) {
    super(`${who(service)} refused the API key: ${sentence(explorerMessage)} ${notSentAgain}`, {
      metaMessages: [`Request: ${request.method} ${request.url}`],
      details:
        service === "Etherscan"
          ? "Check the key. Etherscan API v2 takes one key from etherscan.io for every chain; keys of the former per-chain explorers are refused."
          : "Check the key: that it was copied whole, and that it is this explorer's.",
    });
    this.explorerMessage = explorerMessage;
    this.request = request;
  }
}

/** The service has no such operation (Sourcify has no proxy link, Etherscan no flattened or registry format). */
export class NotSupportedError extends ExplorerVerifyError {
  readonly code = "not_supported" as const;
  /** The service, e.g. `sourcify`. */
  readonly service: string;
  /** The operation, e.g. `verifyProxyContract`. */
  readonly operation: string;

  constructor(service: string, operation: string, shortMessage: string) {
    super(shortMessage);
    this.service = service;
    this.operation = operation;
  }
}

/** A refusal after which the client that saw it sends nothing more. */
export type StoppingRefusal = QuotaExhaustedError | PlanRequiredError | InvalidApiKeyError;
