import { ExplorerVerifyError, type ExplorerVerifyErrorOptions } from "./explorerVerifyError.js";
import { hostOf, type RequestContext, requestLines } from "./transportErrors.js";

/** What a refusal that ends a service's part of the run says besides its text. */
interface RefusalContext {
  request: RequestContext;
  /** The service's own text, verbatim (redacted). */
  explorerMessage: string;
  /** Who refused, by name (`Etherscan`); unnamed, "the explorer". */
  service?: string | undefined;
}

const notSentAgain = "Nothing more is sent to this service in this run.";

// The service's text as a sentence of the message (some end in a URL, some in a full stop, some in nothing).
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

type QuotaContext = RefusalContext & { submissionsOnly?: boolean };

/**
 * The service's daily quota is used up (Etherscan's `Max daily rate limit reached…` or its daily submission limit,
 * the Blockscout API's credits). It lasts for hours: the client that saw it sends nothing more, or, when only
 * submissions are capped, no more submissions (polls of those already taken go on).
 */
export class QuotaExhaustedError extends ExplorerVerifyError {
  readonly code = "quota_exhausted" as const;
  readonly explorerMessage: string;
  readonly request: RequestContext;
  readonly submissionsOnly: boolean;

  constructor({ request, explorerMessage, service, submissionsOnly = false }: QuotaContext) {
    const stops = submissionsOnly
      ? "No more submissions are sent to this service in this run."
      : notSentAgain;
    super(`${service ?? "The explorer"}'s daily quota is used up: ${sentence(explorerMessage)} ${stops}`, {
      metaMessages: requestLines(request),
      details: "Run again once the quota resets (daily), or with a key of a higher plan.",
    });
    this.explorerMessage = explorerMessage;
    this.request = request;
    this.submissionsOnly = submissionsOnly;
  }
}

/** The API key's plan does not cover this chain (Etherscan's `Free API access is not supported for this chain…`). */
export class PlanRequiredError extends ExplorerVerifyError {
  readonly code = "plan_required" as const;
  readonly explorerMessage: string;
  readonly request: RequestContext;

  constructor({ request, explorerMessage, service }: RefusalContext) {
    super(
      `${service ?? "The explorer"} refuses this chain on the API key's plan: ${sentence(explorerMessage)} ${notSentAgain}`,
      {
        metaMessages: requestLines(request),
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
    super(`${service ?? "The explorer"} refused the API key: ${sentence(explorerMessage)} ${notSentAgain}`, {
      metaMessages: requestLines(request),
      details:
        service === "Etherscan"
          ? "Check the key. Etherscan API v2 takes one key from etherscan.io for every chain; keys of the former per-chain explorers are refused."
          : "Check the key: that it was copied whole, and that it is this explorer's.",
    });
    this.explorerMessage = explorerMessage;
    this.request = request;
  }
}

type PaymentContext = Omit<RefusalContext, "explorerMessage"> & { explorerMessage: string | undefined };

/**
 * The service asks to be paid for the call (HTTP 402 Payment Required): the Blockscout API answers a request without a
 * key so, offering x402 pay-per-call. This tool never pays; every later request without a key would be refused too,
 * so the client that saw it sends nothing more.
 */
export class PaymentRequiredError extends ExplorerVerifyError {
  readonly code = "payment_required" as const;
  readonly explorerMessage: string | undefined;
  readonly request: RequestContext;

  constructor({ request, explorerMessage, service }: PaymentContext) {
    const said = explorerMessage ? ` (${explorerMessage.replace(/\.$/, "")})` : "";
    super(
      `${service ?? `The service at ${hostOf(request.url, "its address")}`} asks for payment (HTTP 402 Payment Required${said}): the Blockscout API answers a request without a key it accepts only as a paid call (x402), which explorer-verify does not make. ${notSentAgain}`,
      {
        metaMessages: requestLines(request, ["HTTP status: 402"]),
        details:
          "Give a Blockscout API key (proapi_…, from Blockscout's developer portal): api-key, EXPLORER_VERIFY_API_KEY or explorerVerify.apiKey; or name the chain's own Blockscout instance as the explorer.",
      },
    );
    this.explorerMessage = explorerMessage;
    this.request = request;
  }
}

/** What a {@link BotProtectionError} says besides where the request went. */
interface ChallengeContext {
  request: RequestContext;
  /** The answer's HTTP status (403, or 503). */
  status: number;
  /** How the challenge was recognised, e.g. `cf-mitigated: challenge`. */
  evidence: string;
  /** Who answered, by name (`Etherscan`); unnamed, a Blockscout explorer. */
  service?: string | undefined;
  /** A browser-like User-Agent to suggest. */
  browserLikeUserAgent: string;
}

/**
 * A bot challenge (Cloudflare's challenge page) stands in front of the service: it refuses tools by their
 * User-Agent, asking again does not help, and it is neither an outage nor a rate limit. The client that saw it sends
 * nothing more.
 */
export class BotProtectionError extends ExplorerVerifyError {
  readonly code = "bot_protection" as const;
  readonly request: RequestContext;
  readonly status: number;
  /** How the challenge was recognised. */
  readonly evidence: string;

  constructor({ request, status, evidence, service, browserLikeUserAgent }: ChallengeContext) {
    const host = hostOf(request.url, "its address");
    // The user-agent setting and the headers go to Blockscout explorers only; the Blockscout API is a service of its
    // own, not behind an instance's challenge.
    const ways = service
      ? `Leave ${service} out of the targets, or make it optional, while it refuses tools.`
      : `Two ways out: a browser-like User-Agent (the user-agent setting: --user-agent, input user-agent or explorerVerify.userAgent, e.g. "${browserLikeUserAgent}"; or a User-Agent in headers), or a Blockscout API key (proapi_…), which sends the run through api.blockscout.com, not behind this challenge.`;
    const who = service ?? `The explorer at ${host}`;
    super(
      `${who} answered with a bot challenge (HTTP ${status}, ${evidence}) instead of its API: its bot protection refuses this tool's requests, and asking again does not help. Nothing more is sent to it in this run. ${ways}`,
      { metaMessages: requestLines(request, [`HTTP status: ${status}`]) },
    );
    this.request = request;
    this.status = status;
    this.evidence = evidence;
  }
}

/**
 * The service does not serve this: an operation it has not (Sourcify has no proxy link, Etherscan no flattened or
 * registry format), a chain it does not serve (the Blockscout API's `Network not supported`, with no instance to ask
 * instead), or a capability the chain's instance lacks (the Blockscout API's 501). Asking again does not help.
 */
export class NotSupportedError extends ExplorerVerifyError {
  readonly code = "not_supported" as const;

  /**
   * @param service - the service, e.g. `sourcify`
   * @param operation - what it does not serve
   * @param shortMessage - what to say
   * @param options - the request's context lines, when an answer said it
   */
  constructor(
    /** The service, e.g. `sourcify`. */
    readonly service: string,
    /** The operation, e.g. `verifyProxyContract`. */
    readonly operation: string,
    shortMessage: string,
    options: ExplorerVerifyErrorOptions = {},
  ) {
    super(shortMessage, options);
  }
}

/** A refusal after which the client that saw it sends nothing more. */
export type StoppingRefusal =
  | QuotaExhaustedError
  | PlanRequiredError
  | InvalidApiKeyError
  | BotProtectionError
  | PaymentRequiredError;
