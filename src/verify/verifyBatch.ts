import { ExplorerClient, type ExplorerClientOptions } from "../client/ExplorerClient.js";
import { type FindExplorerOptions, findExplorerByChainId } from "../explorers/findExplorerByChainId.js";
import {
  type ConcurrencyControl,
  type ConcurrencySetting,
  concurrencyControl,
} from "./adaptiveConcurrency.js";
import { BatchMemory } from "./batchMemory.js";
import { Deadline } from "./deadline.js";
import type { VerificationJob, VerificationResult } from "./job.js";
import { linkProxy } from "./linkProxy.js";
import { type EngineOptions, verifyContract } from "./verifyContract.js";

export interface BatchOptions extends EngineOptions {
  /** The explorer, in any usual form. Without it, `chainId` names it (see {@link findExplorerByChainId}). */
  explorerUrl?: string | undefined;
  /** The chain: finds its explorer when `explorerUrl` is not given, and routes a `proapi_` key. */
  chainId?: number | undefined;
  apiKey?: string | undefined;
  /** Custom request headers, the Blockscout API setting and root: as {@link ExplorerClientOptions}. */
  headers?: ExplorerClientOptions["headers"];
  blockscoutApi?: boolean | undefined;
  blockscoutApiUrl?: string | undefined;
  /** The most bytes of an explorer's answer read (default 64 MiB): as {@link ExplorerClientOptions}. */
  maxResponseBytes?: number | undefined;
  /** How the explorer is looked up by chain id (published list URL, cache, time limit). */
  explorerLookup?: FindExplorerOptions;
  /**
   * Contracts worked on at once. Default `auto`: chosen from the explorer's stated quota and the 429s it answers,
   * at most 16.
   */
  concurrency?: ConcurrencySetting;
  /** Requests started per second to the explorer, shared by every job. Default 10. */
  requestsPerSecond?: number;
  /** Use this client instead of making one (tests, custom transports). */
  client?: ExplorerClient;
}

/**
 * Verifies many contracts on one explorer: a few at a time, one rate limiter for every request, and a failure
 * of one job never stops the others. Proxy links run after all contracts, so a proxy verified in the same batch
 * is ready for its link.
 *
 * @param jobs - the contracts
 * @param options - explorer, key, concurrency, deadlines, events
 * @returns one record per job in job order, each proxy link's record right after its implementation's
 * @example
 * const results = await verifyBatch(jobs, { explorerUrl: "https://eth.blockscout.com", concurrency: 8 });
 * const failed = results.filter((r) => !isSuccess(r));
 */
export async function verifyBatch(
  jobs: VerificationJob[],
  options: BatchOptions,
): Promise<VerificationResult[]> {
  const explorerUrl =
    options.client || options.explorerUrl || options.chainId === undefined
      ? options.explorerUrl
      : (await findExplorerByChainId(options.chainId, options.explorerLookup)).explorerUrl;
  const client =
    options.client ??
    new ExplorerClient({
      explorerUrl,
      chainId: options.chainId,
      apiKey: options.apiKey,
      headers: options.headers,
      blockscoutApi: options.blockscoutApi,
      blockscoutApiUrl: options.blockscoutApiUrl,
      ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
      ...(options.requestsPerSecond === undefined ? {} : { requestsPerSecond: options.requestsPerSecond }),
      onEvent: (event) => options.onEvent?.({ type: "transport", event }),
    });
  // One control per pool: the links' jobs are not the verifications' jobs.
  const concurrency = (): ConcurrencyControl =>
    concurrencyControl(options.concurrency ?? "auto", () => client.transport.rateLimiter.reading());
  const memory = new BatchMemory();
  const results = await inPool(jobs, concurrency(), (job) =>
    verifyContract(client, job, { memory, ...options }),
  );
  const links = await inPool(jobs, concurrency(), async (job, index) => {
    const implementation = results[index];
    const proxyAddress = job.proxyAddress;
    if (!proxyAddress || !implementation) return undefined;
    if (implementation.status !== "verified" && implementation.status !== "already-verified") {
      const notAwaited = implementation.status === "pending";
      const notLinked: VerificationResult = {
        address: proxyAddress,
        contract: `proxy of ${implementation.contract}`,
        explorer: implementation.explorer,
        format: "proxy",
        // Without waiting, the implementation's verdict is not known yet: nothing failed.
        status: notAwaited ? "pending" : "failed",
        url: client.codeUrl(proxyAddress),
        attempts: 0,
        durationMs: 0,
        ...(notAwaited ? {} : { error: { code: "verification_failed" as const } }),
        message: notAwaited
          ? "Not linked yet: the implementation's verdict was not awaited. Link them with another run once it is verified."
          : "Not linked: the implementation is not verified.",
      };
      return notLinked;
    }
    const timeoutMs = job.timeoutMs ?? options.timeoutMs;
    // The link's requests answer to its deadline too (rate-limit waits, request time limits).
    return new Deadline(timeoutMs ?? defaultLinkTimeoutMs).run(() =>
      linkProxy(client, proxyAddress, implementation, {
        ...(timeoutMs ? { timeoutMs } : {}),
        ...(options.polling ? { polling: options.polling } : {}),
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      }),
    );
  });
  return results.flatMap((result, index) => {
    const link = links[index];
    return link ? [result, link] : [result];
  });
}

const defaultLinkTimeoutMs = 300_000;

/** How often a running pool asks its control again, so a limit that rose is used before the next job ends. */
const poolRecheckMs = 100;

async function inPool<T, R>(
  items: T[],
  control: ConcurrencyControl,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  if (items.length === 0) return results;
  let next = 0;
  let running = 0;
  await new Promise<void>((resolve, reject) => {
    const recheck = setInterval(() => launch(), poolRecheckMs);
    const launch = (): void => {
      while (next < items.length && running < control.limit()) {
        const index = next++;
        const startedAt = Date.now();
        running++;
        control.jobStarted();
        work(items[index] as T, index).then(
          (result) => {
            results[index] = result;
            running--;
            control.jobFinished(Date.now() - startedAt);
            if (next >= items.length && running === 0) {
              clearInterval(recheck);
              resolve();
            } else launch();
          },
          (error: unknown) => {
            clearInterval(recheck);
            reject(error);
          },
        );
      }
    };
    launch();
  });
  return results;
}
