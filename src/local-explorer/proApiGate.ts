import {
  type ProApiFault,
  proApiError,
  proApiFaults,
  proApiNetworkNotSupported,
  proApiPaymentRequired,
  type Reply,
} from "./responses.js";

/**
 * The local explorer plays the Blockscout API (`api.blockscout.com/{chainId}/api…`) in front of itself: requests
 * under `/{chainId}/api` go through this gate, the others reach the explorer as the chain's own instance.
 */
export interface ProApiSettings {
  /** A call without a `proapi_` key (`apikey`, or `Authorization: Bearer`) is answered 402. Default true. */
  requireKey?: boolean;
  /** Chains answered `404 Network not supported` (besides any chain other than the explorer's own). */
  unsupportedChains?: number[];
  /** The key's credits at the start, stated in `x-credits-remaining`. Default 100,000 (the free plan's day). */
  credits?: number;
}

/** The cost of one call on the Blockscout API. */
const creditsPerCall = 20;
const proRoute = /^\/(\d+)(\/api(?:\/.*)?)$/;

/** What the gate makes of a request: answered by the API itself, or handed to the instance at another path. */
export type GateOutcome =
  | { kind: "instance" }
  | { kind: "answered"; reply: Reply }
  | { kind: "forwarded"; path: string; headers: Record<string, string> };

/** The Blockscout API's own face: routes, the key, the credits, and failures queued on request. */
export class ProApiGate {
  readonly #chainId: number;
  readonly #requireKey: boolean;
  readonly #unsupported: Set<number>;
  readonly #queued: ProApiFault[] = [];
  #credits: number;

  constructor(chainId: number, settings: ProApiSettings) {
    this.#chainId = chainId;
    this.#requireKey = settings.requireKey ?? true;
    this.#unsupported = new Set(settings.unsupportedChains ?? []);
    this.#credits = settings.credits ?? 100_000;
  }

  /**
   * Queues failures of the chain's instance, as the API reports them (`{error, source: "upstream"}`), one each for the
   * next calls that reach the instance.
   * @param faults - e.g. `upstream-unavailable` (503), `gateway-timeout` (504), `not-implemented` (501)
   */
  failNext(...faults: ProApiFault[]): void {
    this.#queued.push(...faults);
  }

  /** Routes one request (its header names lower case). */
  admit(path: string, query: Record<string, string>, headers: Record<string, string>): GateOutcome {
    const route = proRoute.exec(path);
    if (!route) return { kind: "instance" };
    const chainId = Number(route[1]);
    if (chainId !== this.#chainId || this.#unsupported.has(chainId))
      return { kind: "answered", reply: proApiNetworkNotSupported() };
    if (this.#requireKey && !isProKey(query.apikey) && !isProKey(bearerOf(headers.authorization)))
      return { kind: "answered", reply: proApiPaymentRequired() };
    const fault = this.#queued.shift();
    if (fault) {
      const { status, error } = proApiFaults[fault];
      return { kind: "answered", reply: proApiError(status, error, "upstream") };
    }
    this.#credits = Math.max(0, this.#credits - creditsPerCall);
    return {
      kind: "forwarded",
      path: route[2] ?? "/api",
      headers: { "x-credits-remaining": String(this.#credits) },
    };
  }
}

function bearerOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
}

function isProKey(key: string | undefined): boolean {
  return /^proapi_\S+$/.test(key ?? "");
}
