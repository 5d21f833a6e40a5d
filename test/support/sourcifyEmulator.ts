import { randomUUID } from "node:crypto";
import { getAddress } from "viem";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { CreationIndex } from "../../src/local-explorer/creationIndex.js";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { RateLimitWindow } from "../../src/local-explorer/rateLimitWindow.js";
import { compileCacheFolder, keepingCompiles } from "../../src/recompile/compileCache.js";
import {
  type Compiler,
  loadSolcJsCompiler,
  parseCompilerOutput,
  solcWrapperFor,
} from "../../src/recompile/compiler.js";
import type { SolcJsWorkerPool } from "../../src/recompile/solcJsWorkerPool.js";
import { type EmulatorReply, startEmulatorServer } from "./emulatorServer.js";
import { FaultInjector } from "./faultInjector.js";
import { type SolcJsRelease, solcJsPackageOf, soljsonOf } from "./solcJsReleases.js";

// EIP-1967: bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1).
const implementationSlot = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

// Sourcify's texts, from other-verifiers-api.md §2: the emulator's side, each once.
export const sourcifyTexts = {
  chainNotFound: (chainId: string) => `Chain ${chainId} not found`,
  invalidAddress: (address: string) => `Invalid address: ${address}`,
  identifierRequired: "Contract identifier is required",
  identifierShape:
    "The contractIdentifier must consist of the file path and the contract name separated by a ':'.",
  noLanguage: "Standard JSON input must contain a language field.",
  alreadyVerified: (address: string, chainId: string) =>
    `Contract ${address} on chain ${chainId} is already verified with runtimeMatch and creationMatch both being exact matches.`,
  beingVerified: (address: string, chainId: string) =>
    `Contract ${address} on chain ${chainId} is already being verified`,
  jobNotFound: (id: string) => `No verification job found for id ${id}`,
  noBetterMatch: "The contract is already verified and the job didn't yield a better match.",
  unsupportedLanguage: "The provided language is not supported.",
} as const;

type Match = "exact_match" | "match" | null;

interface Stored {
  runtimeMatch: Match;
  creationMatch: Match;
  name: string;
  fullyQualifiedName: string;
  compilerVersion: string;
  compilerSettings: Record<string, unknown>;
  sources: Record<string, { content: string }>;
  abi: unknown[];
  verifiedAt: string;
  matchId: string;
}

interface Job {
  id: string;
  chainId: string;
  address: string;
  startedAt: string;
  /** Not completed before this time (ms since the epoch), however soon the verification ends. */
  readyAt: number;
  finishedAt?: string;
  stored?: Stored;
  error?: { customCode: string; message: string; errorId: string };
}

/** A running Sourcify API v2 stand-in. */
export interface SourcifyEmulator {
  /** `http://127.0.0.1:PORT` (the `/server` part of sourcify.dev's URL is its root). */
  apiUrl: string;
  requests: ReceivedRequest[];
  faults: FaultInjector;
  /** Submissions (`POST /v2/verify/...`) received. */
  submissions(): ReceivedRequest[];
  /**
   * Another client's submission of a standard JSON input, received without a request of this test: its job runs for
   * at least `runningMs` (a 429 `duplicate_verification_request` for the address meanwhile), then stores its match.
   */
  submitElsewhere(
    address: string,
    submission: {
      stdJsonInput: object;
      compilerVersion: string;
      contractIdentifier: string;
      chainId?: number;
    },
    runningMs: number,
  ): void;
  /** Stores a match for an address as an earlier verification left it, e.g. a partial one (`match`). */
  seedMatch(address: string, match: { runtimeMatch: Match; creationMatch: Match; chainId?: number }): void;
  close(): Promise<void>;
}

type LibSourcify = typeof import("@ethereum-sourcify/lib-sourcify");
type SourcifyChain = InstanceType<LibSourcify["SourcifyChain"]>;

/**
 * lib-sourcify's view of a local chain, for lib-sourcify's own matching. lib-sourcify races each RPC call against a
 * timer it never clears; unref'd here, those timers hold no test worker open after its last test (Jest forced such a
 * worker to exit, for up to the RPC timeout after the last call).
 * @param lib - lib-sourcify, as the test file imported it
 * @returns the chain; {@link releaseSourcifyChain} lets it go
 */
export function localSourcifyChain(lib: LibSourcify, rpcUrl: string, chainId: number): SourcifyChain {
  const sourcifyChain = new lib.SourcifyChain({
    name: `local ${chainId}`,
    chainId,
    rpcs: [{ rpc: rpcUrl, traceSupport: "debug_traceTransaction" }],
    supported: true,
  });
  const timeoutMs = lib.SourcifyChain.getGlobalRpcTimeout();
  sourcifyChain.rejectInMs = (host) =>
    new Promise<never>((_resolve, reject) => {
      setTimeout(() => reject(new Error(`RPC ${host} took too long to respond`)), timeoutMs).unref();
    });
  return sourcifyChain;
}

/** Stops the ethers providers of a {@link localSourcifyChain}. */
export function releaseSourcifyChain(sourcifyChain: SourcifyChain): void {
  for (const rpc of sourcifyChain.rpcs) rpc.provider?.destroy();
}

/**
 * Starts a Sourcify API v2 stand-in: the v2 routes, asynchronous jobs, 409 for exact matches, and real matching
 * through lib-sourcify (npm solc, a local chain), behind a fault injector.
 * @param options - the local chain and its id
 * @returns the running emulator
 */
export async function startSourcifyEmulator(options: {
  rpcUrl: string;
  chainId: number;
  /** More chains served by the same node, as the same contract deployed on several chains. Default: none. */
  moreChainIds?: number[];
  /** A job is reported running until this long after its submission, as a busy server's is. Default 0. */
  pendingMs?: number;
  /**
   * Requests per second answered: past it, 429 `too_many_requests` (declared in Sourcify's OpenAPI; its server
   * has no limiter). Default: no limit.
   */
  requestsPerSecond?: number;
  /** Compiles in these worker threads, so a compile never holds the answers (a benchmark's stand-in). */
  solcJsPool?: SolcJsWorkerPool;
}): Promise<SourcifyEmulator> {
  const lib = (await import(
    "@ethereum-sourcify/lib-sourcify"
  )) as typeof import("@ethereum-sourcify/lib-sourcify");
  lib.setLibSourcifyLoggerLevel(0);
  // Long enough for a node on a loaded machine (at 3 s, a busy CI machine made lib-sourcify answer "Cannot fetch
  // bytecode" now and then).
  lib.SourcifyChain.setGlobalRpcTimeout(10_000);
  const chain = new JsonRpcChain(options.rpcUrl);
  const index = new CreationIndex(chain);
  const chainIds = [options.chainId, ...(options.moreChainIds ?? [])].map(String);
  const sourcifyChains = new Map(
    chainIds.map((id) => {
      return [id, localSourcifyChain(lib, options.rpcUrl, Number(id))];
    }),
  );
  // What is stored and running is per chain and address.
  const keyOf = (chain: string, address: string) => `${chain}:${address.toLowerCase()}`;
  const keptIn = compileCacheFolder();
  const solc = {
    async compile(version: string, input: object) {
      const release = /^\d+\.\d+\.\d+/.exec(version)?.[0] ?? version;
      if (!(release in solcJsPackageOf)) throw new Error(`no solc ${version} in the stand-in`);
      const path = soljsonOf(release as SolcJsRelease);
      const pool = options.solcJsPool;
      const compiler: Compiler = pool
        ? {
            longVersion: version,
            kind: "solc-js",
            path,
            compile: async (each) =>
              parseCompilerOutput(await pool.compile(path, solcWrapperFor(path), JSON.stringify(each)), path),
          }
        : {
            longVersion: version,
            kind: "solc-js",
            path,
            compile: (each) => loadSolcJsCompiler(path).compile(each),
          };
      return (await (keptIn ? keepingCompiles(compiler, keptIn) : compiler).compile(input)) as never;
    },
  };
  const stored = new Map<string, Stored>();
  const jobs = new Map<string, Job>();
  const running = new Set<string>();
  const faults = new FaultInjector();
  let matchIds = 0;

  const failure = (status: number, customCode: string, message: string): EmulatorReply => ({
    status,
    body: { customCode, message, errorId: randomUUID() },
  });
  const now = () => new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const level = (status: string | null | undefined): Match =>
    status === "perfect" ? "exact_match" : status === "partial" ? "match" : null;
  const rank = (match: Match) => (match === "exact_match" ? 2 : match === "match" ? 1 : 0);
  const overall = (entry: { runtimeMatch: Match; creationMatch: Match }): Match =>
    entry.runtimeMatch === "exact_match" || entry.creationMatch === "exact_match"
      ? "exact_match"
      : entry.runtimeMatch || entry.creationMatch
        ? "match"
        : null;

  const run = async (
    job: Job,
    compile: () => Promise<import("@ethereum-sourcify/lib-sourcify").SolidityCompilation>,
    transactionHash: string | undefined,
  ): Promise<void> => {
    try {
      const compilation = await compile();
      const hash = transactionHash ?? (await index.creationOf(job.address))?.txHash;
      const sourcifyChain = sourcifyChains.get(job.chainId);
      if (!sourcifyChain) throw new Error(`no chain ${job.chainId} in the stand-in`);
      const verification = new lib.Verification(compilation, sourcifyChain, job.address, hash);
      await verification.verify();
      const runtimeMatch = level(verification.status.runtimeMatch);
      const creationMatch = level(verification.status.creationMatch);
      const before = stored.get(keyOf(job.chainId, job.address));
      if (
        before &&
        !(
          (rank(runtimeMatch) > rank(before.runtimeMatch) &&
            rank(creationMatch) >= rank(before.creationMatch)) ||
          (rank(creationMatch) > rank(before.creationMatch) &&
            rank(runtimeMatch) >= rank(before.runtimeMatch))
        )
      ) {
        job.error = {
          customCode: "already_verified",
          message: sourcifyTexts.noBetterMatch,
          errorId: randomUUID(),
        };
        return;
      }
      const target = compilation.compilationTarget;
      const input = compilation.jsonInput as unknown as {
        settings?: Record<string, unknown>;
        sources: Record<string, { content: string }>;
      };
      const entry: Stored = {
        runtimeMatch,
        creationMatch,
        name: target.name,
        fullyQualifiedName: `${target.path}:${target.name}`,
        compilerVersion: compilation.compilerVersion,
        compilerSettings: input.settings ?? {},
        sources: input.sources,
        abi: (compilation.contractCompilerOutput as { abi?: unknown[] }).abi ?? [],
        verifiedAt: now(),
        matchId: String(++matchIds),
      };
      stored.set(keyOf(job.chainId, job.address), entry);
      job.stored = entry;
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      job.error = {
        customCode: code ?? "internal_error",
        message: message ?? String(error),
        errorId: randomUUID(),
      };
    } finally {
      job.finishedAt = now();
      // Running until it is reported completed: a submission for the address meanwhile is a duplicate.
      const runningForMs = job.readyAt - Date.now();
      if (runningForMs <= 0) running.delete(keyOf(job.chainId, job.address));
      else setTimeout(() => running.delete(keyOf(job.chainId, job.address)), runningForMs);
    }
  };

  const submit = (
    chainId: string,
    address: string,
    compile: () => Promise<import("@ethereum-sourcify/lib-sourcify").SolidityCompilation>,
    transactionHash: string | undefined,
    runningMs = options.pendingMs ?? 0,
  ): EmulatorReply => {
    const before = stored.get(keyOf(chainId, address));
    if (before?.runtimeMatch === "exact_match" && before.creationMatch === "exact_match")
      return failure(409, "already_verified", sourcifyTexts.alreadyVerified(address, chainId));
    if (running.has(keyOf(chainId, address)))
      return failure(429, "duplicate_verification_request", sourcifyTexts.beingVerified(address, chainId));
    const job: Job = {
      id: randomUUID(),
      chainId,
      address,
      startedAt: now(),
      readyAt: Date.now() + runningMs,
    };
    jobs.set(job.id, job);
    running.add(keyOf(chainId, address));
    // Answered first, verified on a later turn, as Sourcify's workers do.
    setTimeout(() => void run(job, compile, transactionHash), 0);
    return { status: 202, body: { verificationId: job.id } };
  };

  const perSecond =
    options.requestsPerSecond === undefined
      ? undefined
      : new RateLimitWindow({ limit: options.requestsPerSecond, windowMs: 1_000 });

  const handle = async (request: ReceivedRequest): Promise<EmulatorReply> => {
    if (perSecond && !perSecond.take().allowed)
      return failure(429, "too_many_requests", "You are sending too many requests");
    const parts = request.path.split("/").filter(Boolean);
    const body = request.body;
    if (request.method === "POST" && parts[0] === "v2" && parts[1] === "verify") {
      const metadataRoute = parts[2] === "metadata";
      const [pathChain, pathAddress] = metadataRoute ? parts.slice(3) : parts.slice(2);
      if (
        !pathChain ||
        !/^\d+$/.test(pathChain) ||
        !pathAddress ||
        (metadataRoute ? parts.length !== 5 : parts.length !== 4)
      )
        return failure(404, "route_not_found", `Cannot POST ${request.path}`);
      if (!/^0x[0-9a-fA-F]{40}$/.test(pathAddress))
        return failure(400, "invalid_parameter", sourcifyTexts.invalidAddress(pathAddress));
      if (request.bodyFormat !== "json") return failure(400, "invalid_json", "Unexpected token in JSON");
      if (!chainIds.includes(pathChain))
        return failure(400, "unsupported_chain", sourcifyTexts.chainNotFound(pathChain));
      const address = getAddress(pathAddress);
      const transactionHash =
        typeof body.creationTransactionHash === "string" ? body.creationTransactionHash : undefined;
      if (metadataRoute) {
        const sources = Object.entries((body.sources ?? {}) as Record<string, string>).map(
          ([path, content]) => ({
            path,
            content,
          }),
        );
        const contract = new lib.SolidityMetadataContract(body.metadata as never, sources);
        return submit(pathChain, address, () => contract.createCompilation(solc), transactionHash);
      }
      const input = body.stdJsonInput as { language?: string } | undefined;
      const identifier = body.contractIdentifier;
      if (typeof identifier !== "string" || identifier === "")
        return failure(400, "invalid_parameter", sourcifyTexts.identifierRequired);
      if (!identifier.includes(":")) return failure(400, "invalid_parameter", sourcifyTexts.identifierShape);
      if (!input?.language) return failure(400, "invalid_parameter", sourcifyTexts.noLanguage);
      if (input.language !== "Solidity")
        return failure(400, "unsupported_language", sourcifyTexts.unsupportedLanguage);
      return submit(
        pathChain,
        address,
        standardCompilation(input, identifier, body.compilerVersion),
        transactionHash,
      );
    }
    if (
      request.method === "GET" &&
      parts[0] === "v2" &&
      parts[1] === "contract" &&
      parts[2] === "all-chains"
    ) {
      const pathAddress = parts[3] ?? "";
      if (parts.length !== 4 || !/^0x[0-9a-fA-F]{40}$/.test(pathAddress))
        return failure(400, "invalid_parameter", sourcifyTexts.invalidAddress(pathAddress));
      const address = getAddress(pathAddress);
      const results = chainIds.flatMap((chain) => {
        const entry = stored.get(keyOf(chain, address));
        return entry ? [minimalContract(entry, chain, address)] : [];
      });
      return { status: results.length > 0 ? 200 : 404, body: { results } };
    }
    if (request.method === "GET" && parts[0] === "v2" && parts[1] === "verify" && parts.length === 3) {
      const job = jobs.get(parts[2] ?? "");
      if (!job) return failure(404, "job_not_found", sourcifyTexts.jobNotFound(parts[2] ?? ""));
      const done = job.finishedAt !== undefined && Date.now() >= job.readyAt;
      return {
        status: 200,
        body: {
          isJobCompleted: done,
          verificationId: job.id,
          jobStartTime: job.startedAt,
          ...(done ? { jobFinishTime: job.finishedAt } : {}),
          contract: {
            match: job.stored ? overall(job.stored) : null,
            creationMatch: job.stored?.creationMatch ?? null,
            runtimeMatch: job.stored?.runtimeMatch ?? null,
            chainId: job.chainId,
            address: job.address,
            ...(job.stored ? { verifiedAt: job.stored.verifiedAt, matchId: job.stored.matchId } : {}),
          },
          ...(job.error ? { error: job.error } : {}),
        },
      };
    }
    if (request.method === "GET" && parts[0] === "v2" && parts[1] === "contract" && parts.length === 4) {
      const [, , pathChain = "", pathAddress = ""] = parts;
      if (!/^0x[0-9a-fA-F]{40}$/.test(pathAddress))
        return failure(400, "invalid_parameter", sourcifyTexts.invalidAddress(pathAddress));
      if (!chainIds.includes(pathChain))
        return failure(400, "unsupported_chain", sourcifyTexts.chainNotFound(pathChain));
      const address = getAddress(pathAddress);
      const entry = stored.get(keyOf(pathChain, address));
      if (!entry)
        return {
          status: 404,
          body: { match: null, creationMatch: null, runtimeMatch: null, chainId: pathChain, address },
        };
      const fields = new Set((request.query.fields ?? "").split(",").filter(Boolean));
      const wants = (field: string) => fields.has(field) || fields.has("all");
      return {
        status: 200,
        body: {
          ...minimalContract(entry, pathChain, address),
          ...(wants("compilation")
            ? {
                compilation: {
                  language: "Solidity",
                  compiler: "solc",
                  compilerVersion: entry.compilerVersion,
                  compilerSettings: entry.compilerSettings,
                  name: entry.name,
                  fullyQualifiedName: entry.fullyQualifiedName,
                },
              }
            : {}),
          ...(wants("sources") ? { sources: entry.sources } : {}),
          ...(wants("abi") ? { abi: entry.abi } : {}),
          ...(wants("proxyResolution") ? { proxyResolution: await proxyResolution(address) } : {}),
        },
      };
    }
    return failure(404, "route_not_found", `Cannot ${request.method} ${request.path}`);
  };

  // The fields every lookup answers, and the only ones of an `all-chains` result.
  const minimalContract = (entry: Stored, chain: string, address: string) => ({
    matchId: entry.matchId,
    creationMatch: entry.creationMatch,
    runtimeMatch: entry.runtimeMatch,
    verifiedAt: entry.verifiedAt,
    match: overall(entry),
    chainId: chain,
    address,
  });

  const standardCompilation =
    (input: object, identifier: string, compilerVersion: unknown) =>
    async (): Promise<import("@ethereum-sourcify/lib-sourcify").SolidityCompilation> => {
      const cut = identifier.lastIndexOf(":");
      const version = String(compilerVersion ?? "").replace(/^v/, "");
      return new lib.SolidityCompilation(solc, version, input as never, {
        path: identifier.slice(0, cut),
        name: identifier.slice(cut + 1),
      });
    };

  const proxyResolution = async (address: string) => {
    const word = await chain.getStorageAt(address, implementationSlot);
    const implementation = `0x${word.replace(/^0x/, "").padStart(64, "0").slice(24)}`;
    if (/^0x0{40}$/.test(implementation)) return { isProxy: false, proxyType: null, implementations: [] };
    return {
      isProxy: true,
      proxyType: "EIP1967Proxy",
      implementations: [{ address: getAddress(implementation) }],
    };
  };

  const server = await startEmulatorServer(handle, faults.interceptor);
  return {
    apiUrl: server.url,
    requests: server.requests,
    faults,
    submissions: () => server.requests.filter((r) => r.method === "POST" && r.path.startsWith("/v2/verify/")),
    submitElsewhere: (address, submission, runningMs) => {
      const chain = String(submission.chainId ?? options.chainId);
      const reply = submit(
        chain,
        getAddress(address),
        standardCompilation(
          submission.stdJsonInput,
          submission.contractIdentifier,
          submission.compilerVersion,
        ),
        undefined,
        runningMs,
      );
      if (reply.status !== 202) throw new Error(`the stand-in refused the other submission: ${reply.status}`);
    },
    seedMatch: (address, match) => {
      const chain = String(match.chainId ?? options.chainId);
      stored.set(keyOf(chain, address), {
        runtimeMatch: match.runtimeMatch,
        creationMatch: match.creationMatch,
        name: "",
        fullyQualifiedName: "",
        compilerVersion: "",
        compilerSettings: {},
        sources: {},
        abi: [],
        verifiedAt: now(),
        matchId: String(++matchIds),
      });
    },
    close: async () => {
      await server.close();
      for (const chain of sourcifyChains.values()) releaseSourcifyChain(chain);
    },
  };
}
