import { join } from "node:path";
import { JsonRpcChain } from "../chain/jsonRpcChain.js";
import { InvalidInputError } from "../errors/invalidInputError.js";
import type { Compiler } from "../recompile/compiler.js";
import { type CompilerResolver, isCompiler, localCompilerResolver } from "../recompile/compilerResolver.js";
import { SolcJsWorkerPool } from "../recompile/solcJsWorkerPool.js";
import { blockscoutShapes, isBlockscoutVersion } from "./blockscoutVersion.js";
import { ChainBackend } from "./chainBackend.js";
import { ContractModule, type ContractModuleOptions } from "./contractModule.js";
import { CreationIndex } from "./creationIndex.js";
import { ExplorerHttpServer, type ExplorerHttpServerOptions } from "./httpServer.js";
import type { SubmissionVerdict } from "./judgeSubmission.js";
import type { FailedVerdict } from "./pages/contractFacts.js";
import { createExplorerPages } from "./pages/explorerPages.js";
import { ProApiGate, type ProApiSettings } from "./proApiGate.js";
import { createChainRestHandler } from "./rest/chainRestData.js";
import { StateStore, stateFileIn } from "./stateStore.js";
import {
  buildRefusal,
  type ServedVerificationConfig,
  servingVerificationConfig,
} from "./verificationConfig.js";

export interface LocalExplorerOptions
  extends Pick<ContractModuleOptions, "blockscoutVersion" | "sourcifyAnswerDelayMs">,
    Pick<ExplorerHttpServerOptions, "rateLimit" | "onRequest"> {
  /** The chain's JSON-RPC URL. */
  rpcUrl: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /**
   * Where verified contracts and guids are kept, so a rerun or a `status` call sees earlier work. Default
   * `<cacheDir>/local-explorer-<chainId>.json`; `false` keeps them in memory only.
   */
  stateFile?: string | false;
  /** Folder of the default state file. Default `cache/explorer-verify` under the working directory. */
  cacheDir?: string;
  /**
   * Compilers to use first, e.g. the ones a Hardhat build used: `.js` files are solc-js, anything else a native
   * solc run with `--standard-json`. A native `solc` on PATH and the npm `solc` package are tried after them.
   */
  compilers?: string[];
  /**
   * Worker threads for solc-js compiles. Default the CPU count less one (at least one). `0` compiles on the thread
   * that answers requests, one compile per submission, as the explorer did before it had a pool: every answer,
   * status polls included, then waits for a running compile (for measuring the pool against it).
   */
  compilerThreads?: number;
  /** First block to look for contract creations in. Default 0. */
  fromBlock?: number;
  /** Told of every verdict, with a plain explanation when it failed. */
  onVerdict?: (address: string, verdict: SubmissionVerdict) => void;
  /**
   * Also answer as the Blockscout API (PRO routes) in front of this explorer: under `/{chainId}/api` (use
   * `url` as the API's URL), with its 402 for a call without a `proapi_` key, `404 Network not supported` for the
   * chains it is told not to serve, and `x-credits-remaining`. The other paths stay the chain's own instance.
   */
  proApi?: ProApiSettings;
  /**
   * The verification config to serve (`/api/v2/smart-contracts/verification/config`) and hold submissions to: the
   * compiler versions and EVM targets it lists, and those it cannot build although it lists them. Unset: none is
   * served, and every build is judged.
   */
  verificationConfig?: ServedVerificationConfig;
}

/** A running local explorer. */
export interface LocalExplorer {
  /** e.g. `http://127.0.0.1:41234`; use it as an explorer URL. */
  url: string;
  chainId: number;
  /** The state file, when there is one. */
  stateFile: string | undefined;
  /** The worker threads that compile submissions (its `compiles` counts the compiles run); idle with 0 threads. */
  compilerPool: SolcJsWorkerPool;
  /** How many solc-js compiles ran: in the pool identical inputs count once, on the request thread each counts. */
  compiles(): number;
  /** The Blockscout API's face, when `proApi` was given: queue its upstream failures with `failNext`. */
  proApi: ProApiGate | undefined;
  close(): Promise<void>;
}

/**
 * Starts a Blockscout-compatible explorer on 127.0.0.1 backed by a JSON-RPC chain. It verifies for real: it
 * compiles each submission with a local compiler and compares the result with the deployed code.
 *
 * @param options - chain URL, port, state file, compilers
 * @returns the running explorer
 * @example
 * const explorer = await startLocalExplorer({ rpcUrl: "http://127.0.0.1:8545" });
 * const results = await verifyBatch(jobs, { explorerUrl: explorer.url });
 * await explorer.close();
 */
export async function startLocalExplorer(options: LocalExplorerOptions): Promise<LocalExplorer> {
  const threads = options.compilerThreads;
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 0))
    throw new InvalidInputError(
      "compilerThreads",
      `compilerThreads must be a whole number of worker threads (0 compiles on the request thread), got ${threads}.`,
    );
  if (options.blockscoutVersion !== undefined && !isBlockscoutVersion(options.blockscoutVersion))
    throw new InvalidInputError(
      "blockscoutVersion",
      `blockscoutVersion must be "11" or "12", got ${JSON.stringify(options.blockscoutVersion)}.`,
    );
  const delayMs = options.sourcifyAnswerDelayMs;
  if (delayMs !== undefined && !(Number.isSafeInteger(delayMs) && delayMs >= 0))
    throw new InvalidInputError(
      "sourcifyAnswerDelayMs",
      `sourcifyAnswerDelayMs must be a whole number of milliseconds, got ${delayMs}.`,
    );
  const chain = new JsonRpcChain(options.rpcUrl);
  const chainId = await chain.chainId();
  const stateFile =
    options.stateFile === false
      ? undefined
      : (options.stateFile ??
        stateFileIn(options.cacheDir ?? join(process.cwd(), "cache", "explorer-verify"), chainId));
  const store = new StateStore(stateFile, chainId);
  const failures = new Map<string, FailedVerdict>();
  // Compiles run in worker threads: status polls and reads are answered while they run.
  const solcJsPool = new SolcJsWorkerPool(threads);
  const compilesOnRequestThread = { count: 0 };
  const compilers = options.compilers ?? [];
  const resolveCompiler =
    threads === 0
      ? countingCompiles(localCompilerResolver({ compilers }), compilesOnRequestThread)
      : localCompilerResolver({ compilers, solcJsPool });
  const backend = new ChainBackend({
    chain,
    store,
    index: new CreationIndex(chain, options.fromBlock ?? 0),
    resolveCompiler,
    refuse: buildRefusal(options.verificationConfig),
    onVerdict: (address, verdict) => {
      if (verdict.ok) failures.delete(address.toLowerCase());
      else failures.set(address.toLowerCase(), { reason: verdict.reason, explanation: verdict.explanation });
      options.onVerdict?.(address, verdict);
    },
  });
  const proApi = options.proApi ? new ProApiGate(chainId, options.proApi) : undefined;
  const server = new ExplorerHttpServer({
    contractModule: new ContractModule(backend, options),
    rest: servingVerificationConfig(
      createChainRestHandler(chain, backend, blockscoutShapes(options.blockscoutVersion)),
      options.verificationConfig,
    ),
    pages: createExplorerPages({
      chain: { chainId, rpcUrl: options.rpcUrl, getCode: (address) => chain.getCode(address) },
      backend,
      store,
      failures,
    }),
    rateLimit: options.rateLimit,
    onRequest: options.onRequest,
    proApi,
  });
  const url = await server.listen(options.port ?? 0, options.host ?? "127.0.0.1");
  return {
    url,
    chainId,
    stateFile,
    compilerPool: solcJsPool,
    compiles: () => solcJsPool.compiles + compilesOnRequestThread.count,
    proApi,
    close: async () => {
      await server.close();
      await backend.settled();
      await solcJsPool.close();
    },
  };
}

function countingCompiles(resolve: CompilerResolver, counter: { count: number }): CompilerResolver {
  return async (longVersion) => {
    const found = await resolve(longVersion);
    if (!isCompiler(found) || found.kind !== "solc-js") return found;
    const counted = (compile: Compiler["compile"]) => (input: object) => {
      counter.count++;
      return compile(input);
    };
    const { compileAfresh } = found;
    return {
      ...found,
      compile: counted((input) => found.compile(input)),
      ...(compileAfresh ? { compileAfresh: counted((input) => compileAfresh.call(found, input)) } : {}),
    };
  };
}
