import { join } from "node:path";
import { ChainBackend } from "./chainBackend.js";
import { ContractModule } from "./contractModule.js";
import { CreationIndex } from "./creationIndex.js";
import { ExplorerHttpServer } from "./httpServer.js";
import { JsonRpcChain } from "./jsonRpcChain.js";
import { createExplorerPages } from "./pages/explorerPages.js";
import { VerdictLog } from "./pages/verdictLog.js";
import type { RateLimitSettings } from "./rateLimitWindow.js";
import { createChainRestHandler } from "./rest/chainRestData.js";
import { localCompilerResolver } from "./solidityCompiler.js";
import { StateStore } from "./stateStore.js";
import type { SubmissionVerdict } from "./verifySubmission.js";

export interface LocalExplorerOptions {
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
  /** Compiler files (`soljson.js`) to use besides the npm `solc` package, e.g. the one a Hardhat config names. */
  compilers?: string[];
  /** First block to look for contract creations in. Default 0. */
  fromBlock?: number;
  /** Told of every verdict, with a plain explanation when it failed. */
  onVerdict?: (address: string, verdict: SubmissionVerdict) => void;
  /** A Blockscout-like quota on `/api` requests (e.g. its per-IP default, 300 a minute); none by default. */
  rateLimit?: RateLimitSettings;
}

/** A running local explorer. */
export interface LocalExplorer {
  /** e.g. `http://127.0.0.1:41234`; use it as an explorer URL. */
  url: string;
  chainId: number;
  /** The state file, when there is one. */
  stateFile: string | undefined;
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
  const chain = new JsonRpcChain(options.rpcUrl);
  const chainId = await chain.chainId();
  const stateFile =
    options.stateFile === false
      ? undefined
      : (options.stateFile ??
        join(
          options.cacheDir ?? join(process.cwd(), "cache", "explorer-verify"),
          `local-explorer-${chainId}.json`,
        ));
  const store = new StateStore(stateFile, chainId);
  const verdicts = new VerdictLog();
  const backend = new ChainBackend({
    chain,
    store,
    index: new CreationIndex(chain, options.fromBlock ?? 0),
    resolveCompiler: localCompilerResolver(options.compilers),
    onVerdict: (address, verdict) => {
      verdicts.record(address, verdict);
      options.onVerdict?.(address, verdict);
    },
  });
  const server = new ExplorerHttpServer({
    contractModule: new ContractModule(backend),
    rest: createChainRestHandler(chain, backend),
    pages: createExplorerPages({
      chain: { chainId, rpcUrl: options.rpcUrl, getCode: (address) => chain.getCode(address) },
      backend,
      store,
      verdicts,
    }),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  });
  const url = await server.listen(options.port ?? 0, options.host ?? "127.0.0.1");
  return { url, chainId, stateFile, close: () => server.close() };
}
