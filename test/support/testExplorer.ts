import type { Clock } from "../../src/kernel/waits.js";
import { type BlockscoutVersion, blockscoutShapes } from "../../src/local-explorer/blockscoutVersion.js";
import { ContractModule } from "../../src/local-explorer/contractModule.js";
import {
  ExplorerHttpServer,
  type ReceivedRequest,
  type RestHandler,
} from "../../src/local-explorer/httpServer.js";
import type { RateLimitSettings } from "../../src/local-explorer/rateLimitWindow.js";
import { createRestHandler } from "../../src/local-explorer/rest/restHandler.js";
import { FaultInjector } from "./faultInjector.js";
import { ScriptedBackend } from "./scriptedBackend.js";

export interface TestExplorer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  backend: ScriptedBackend;
  faults: FaultInjector;
  /** Every request received, in order, as the explorer parsed it. */
  requests: ReceivedRequest[];
  /** Called with each request as it arrives, before it is answered (and before any fault). */
  onRequest: ((request: ReceivedRequest) => void) | undefined;
  /** The requests for one contract-module action. */
  requestsFor(action: string): ReceivedRequest[];
  /** Forgets contracts, scripts, faults and recorded requests, keeping the server. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a Blockscout-compatible explorer on 127.0.0.1 with an ephemeral port: the product's protocol layer
 * over a scripted backend, behind a fault injector, recording every request.
 * @param options - a REST handler for `/api/v2`, or the status endpoint alone; a Blockscout-like quota; the Blockscout
 *   release to answer as (default 11) and how long `verify_via_sourcify` takes to answer
 * @returns the running explorer
 */
export async function startTestExplorer(
  options: {
    rest?: RestHandler;
    smartContractStatus?: boolean;
    rateLimit?: RateLimitSettings;
    blockscoutVersion?: BlockscoutVersion;
    sourcifyAnswerDelayMs?: number;
    /** Where the quota's windows and the backend's pending times are measured: a unit test's own clock. */
    clock?: Clock;
  } = {},
): Promise<TestExplorer> {
  const { clock } = options;
  const backend = new ScriptedBackend();
  if (clock) backend.clock = clock;
  const rest =
    options.rest ??
    (options.smartContractStatus
      ? smartContractStatusHandler(backend, options.blockscoutVersion)
      : undefined);
  const faults = new FaultInjector();
  const requests: ReceivedRequest[] = [];
  let onRequest: TestExplorer["onRequest"];
  const server = new ExplorerHttpServer({
    contractModule: new ContractModule(backend, {
      ...(options.blockscoutVersion ? { blockscoutVersion: options.blockscoutVersion } : {}),
      ...(options.sourcifyAnswerDelayMs ? { sourcifyAnswerDelayMs: options.sourcifyAnswerDelayMs } : {}),
    }),
    ...(rest ? { rest } : {}),
    interceptor: faults.interceptor,
    onRequest: (request) => {
      requests.push(request);
      onRequest?.(request);
    },
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(clock ? { now: () => clock.now() } : {}),
  });
  const url = await server.listen(0, "127.0.0.1");
  return {
    url,
    backend,
    faults,
    requests,
    get onRequest() {
      return onRequest;
    },
    set onRequest(listener) {
      onRequest = listener;
    },
    requestsFor: (action) =>
      requests.filter((r) => String(r.query.action ?? r.body.action ?? "").toLowerCase() === action),
    reset: () => {
      backend.reset();
      faults.reset();
      requests.length = 0;
      onRequest = undefined;
    },
    close: () => server.close(),
  };
}

// Only `GET /smart-contracts/{address}`, answered from the scripted backend; the lists are empty.
function smartContractStatusHandler(backend: ScriptedBackend, version?: BlockscoutVersion): RestHandler {
  return createRestHandler(
    {
      addressTokens: () => undefined,
      addressNftCollections: () => undefined,
      blockTransactions: () => undefined,
      blockWithdrawals: () => undefined,
      internalTransactions: () => [],
      tokenInstanceHolders: () => undefined,
      smartContract: (address) => backend.smartContractBody(address),
    },
    blockscoutShapes(version),
  );
}
