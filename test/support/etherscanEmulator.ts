import { randomBytes } from "node:crypto";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import type { ContractRecord, Submission } from "../../src/local-explorer/backend.js";
import { CreationIndex } from "../../src/local-explorer/creationIndex.js";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { judgeSubmission } from "../../src/local-explorer/judgeSubmission.js";
import { RateLimitWindow } from "../../src/local-explorer/rateLimitWindow.js";
import { localCompilerResolver } from "../../src/recompile/compilerResolver.js";
import type { VerdictCode } from "../../src/recompile/recompileAndMatch.js";
import type { SolcJsWorkerPool } from "../../src/recompile/solcJsWorkerPool.js";
import { type EmulatorReply, startEmulatorServer } from "./emulatorServer.js";
import { FaultInjector } from "./faultInjector.js";
import { soljsonOf } from "./solcJsReleases.js";

// Etherscan's texts, from other-verifiers-api.md §1: the emulator's side, each once.
export const etherscanTexts = {
  missingKey: "Missing/Invalid API Key",
  invalidKey: "Invalid API Key (#err2)|10",
  unsupportedChain:
    "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids",
  dailyLimit: "Max daily rate limit reached. 110000 (100%) of 100000 day/limit",
  dailySubmissions: (limit: number) => `Daily limit of ${limit} source code submissions reached`,
  perSecondLimit: "Max calls per sec rate limit reached (3/sec)",
  planRequired:
    "Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis",
  // other-verifiers-api.md §8, seen in the wild (late 2026); the rest of the sentence was not quoted there.
  busy: "Free API access is temporarily unavailable due to unusually high network activity. Please try again later.",
  badModule: "Error! Missing Or invalid Module name",
  badAction: "Error! Missing Or invalid Action name",
  badAddress: "Error! Invalid address format",
  alreadyVerifiedAtSubmit: "Contract source code already verified",
  notDeployed: (address: string) => `Unable to locate ContractCode at ${address}`,
  pending: "Pending in queue",
  pass: "Pass - Verified",
  alreadyVerifiedAtPoll: "Already Verified",
  fail: "Fail - Unable to verify",
  notVerifiedAbi: "Contract source code not verified",
  pageNotFound: "Page not found",
  proxyLinked: (proxy: string, implementation: string) =>
    `The proxy's (${proxy}) implementation contract is found at ${implementation} and is successfully updated.`,
  proxyNotVerified: (proxy: string) =>
    `The proxy contract at ${proxy} does not seem to be verified. Please verify and publish the contract source before proceeding with this proxy verification.`,
  implementationNotVerified: (implementation: string) =>
    `The implementation contract at ${implementation} does not seem to be verified. Please verify and publish the contract source before proceeding with this proxy verification.`,
  noImplementation:
    "A corresponding implementation contract was unfortunately not detected for the proxy address.",
  otherImplementation:
    "The provided expected results are different than the retrieved implementation address!",
  // Etherscan refuses a similar match's resubmission from an account it has not whitelisted; its API's words for
  // that were not recorded anywhere read (other-verifiers-api.md §9), so the product never matches on this text.
  similarMatchRefused:
    "Unable to verify: the contract is a Similar Match and this account may not reverify it",
} as const;

// EIP-1967: bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1).
const implementationSlot = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
// EIP-1967's beacon slot, and EIP-1822's keccak256("PROXIABLE").
const beaconSlot = "0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50";
const proxiableSlot = "0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7";

const failureReasons: Record<Exclude<VerdictCode, "perfect" | "partial">, string> = {
  constructor_arguments: "Please check if the correct constructor argument was entered.",
  settings: "Compiled contract deployment bytecode does NOT match the transaction deployment bytecode.",
  bytecode: "Compiled contract deployment bytecode does NOT match the transaction deployment bytecode.",
  compile_failed: "Solidity Compilation Error: Identifier not found or not unique",
  no_compiler: "Invalid compiler version specified.",
  wrong_name: "Unable to locate ContractName , did you specify the correct Contract Name ?",
};

export interface EtherscanEmulatorOptions {
  /** The local chain the contracts live on. */
  rpcUrl: string;
  /** The chain ids this Etherscan serves (all answered from `rpcUrl`). */
  chainIds: number[];
  /** Keys it accepts. */
  apiKeys: string[];
  /** Chains a key of the free plan is refused on. */
  paidChains?: number[];
  /** Polls answered `Pending in queue` before the verdict. Default 1. */
  pendingPolls?: number;
  /** Also answered `Pending in queue` until this long after the submission, as a busy queue is. Default 0. */
  pendingMs?: number;
  /**
   * The key's calls per second: past it, the per-second limit text with the number (HTTP 200, no header, as
   * Etherscan answers). Default: no limit.
   */
  callsPerSecond?: number;
  /** Compiles in these worker threads, so a compile never holds the answers (a benchmark's stand-in). */
  solcJsPool?: SolcJsWorkerPool;
  /** The key's stated budget of submissions (see {@link EtherscanEmulator.stateBudget}). Default: none stated. */
  budget?: StatedBudget;
  /**
   * Answer as Routescan does: the contract module at `/v2/network/{mainnet|testnet}/evm/{chainId}/etherscan/api`
   * (the chain in the path, a key optional, no proxy link), and its lists of networks.
   */
  routescan?: { testnets: number[] };
  /**
   * The contract module's path instead of `/v2/api`: another Etherscan-compatible service's URL shape (Tenderly's
   * `/api/v1/account/{account}/project/{project}/etherscan/verify/network/{chainId}`, OKLink's
   * `/api/v5/explorer/contract/verify-source-code-plugin/{CHAIN}`).
   */
  apiPath?: string;
}

/**
 * A budget of submissions the stand-in states through `getapilimit` (as its credits left) and holds the key to:
 * a submission past it is refused with Etherscan's daily submission limit.
 */
export interface StatedBudget {
  submissions: number;
  /** Until the interval ends, stated as `intervalExpiryTimespan`. Default 6 h. */
  resetsInSeconds?: number;
  /** `intervalExpiryTimespan` exactly as stated, in place of one counted from `resetsInSeconds`. */
  timespan?: string;
  /** `creditsAvailable` exactly as stated (Etherscan past its limit states a negative count), in place of the rest. */
  creditsAvailable?: number;
}

/** What the emulator stored for a verified contract. */
interface Verified {
  record: ContractRecord;
  codeFormat: string;
  sourceCode: string;
  /** Set by a proxy link. */
  implementation?: string;
}

interface Job {
  address: string;
  submittedAt: number;
  polls: number;
  verdict: Promise<{ ok: true } | { ok: false; reason: string }>;
  settled: { ok: true } | { ok: false; reason: string } | undefined;
}

/** A running Etherscan API v2 stand-in. */
export interface EtherscanEmulator {
  /** `http://127.0.0.1:PORT/v2/api`, or its `apiPath` (Routescan's: its origin, `http://127.0.0.1:PORT`). */
  apiUrl: string;
  requests: ReceivedRequest[];
  faults: FaultInjector;
  /** After this many more accepted requests, every answer is the daily limit text. */
  dailyQuotaAfter(requests: number): void;
  /** The next requests are answered with the per-second limit text (HTTP 200, as Etherscan does). */
  rateLimitNext(requests: number): void;
  /** A new interval with this budget of submissions (none spent yet); undefined: none stated, none held to. */
  stateBudget(budget: StatedBudget | undefined): void;
  /** From now, `getapilimit` is refused with this text (an Etherscan or a key without it); undefined: answered. */
  refuseApiLimit(text: string | undefined): void;
  /** The requests of one action. */
  requestsFor(action: string): ReceivedRequest[];
  /**
   * From now, `address` is a similar match of the verified `twin`: `getsourcecode` shows the twin's sources with
   * `SimilarMatch` naming it, and a submission for `address` is refused, as from an account not whitelisted.
   */
  similarMatch(address: string, twin: string): void;
  close(): Promise<void>;
}

/**
 * Starts an Etherscan API v2 stand-in: the contract module with Etherscan's texts, `chainid` and a mandatory key,
 * verifying for real (npm solc, the code on a local chain), behind a fault injector.
 * @param options - chain, chain ids, keys, paid chains
 * @returns the running emulator
 */
export async function startEtherscanEmulator(options: EtherscanEmulatorOptions): Promise<EtherscanEmulator> {
  const chain = new JsonRpcChain(options.rpcUrl);
  const index = new CreationIndex(chain);
  const resolveCompiler = localCompilerResolver({
    compilers: [soljsonOf("0.8.28"), soljsonOf("0.8.31")],
    searchPath: false,
    ...(options.solcJsPool ? { solcJsPool: options.solcJsPool } : {}),
  });
  const verified = new Map<string, Verified>();
  const jobs = new Map<string, Job>();
  // Etherscan reads one implementation: EIP-1967's slot, a beacon's implementation(), or EIP-1822's slot.
  const implementationOf = async (proxy: string): Promise<string | undefined> => {
    const inWord = (word: string | undefined) => {
      const address = `0x${(word ?? "").replace(/^0x/, "").padStart(64, "0").slice(-40)}`.toLowerCase();
      return /^0x0{40}$/.test(address) ? undefined : address;
    };
    const direct = inWord(await chain.getStorageAt(proxy, implementationSlot));
    if (direct) return direct;
    const beacon = inWord(await chain.getStorageAt(proxy, beaconSlot));
    if (beacon) return inWord(await chain.call(beacon, "0x5c60da1b").catch(() => undefined));
    return inWord(await chain.getStorageAt(proxy, proxiableSlot));
  };
  const proxyChecks = new Map<string, { proxy: string; expected: string | undefined }>();
  const similarTo = new Map<string, string>();
  const faults = new FaultInjector();
  const perSecond =
    options.callsPerSecond === undefined
      ? undefined
      : new RateLimitWindow({ limit: options.callsPerSecond, windowMs: 1_000 });
  let quotaLeft = Number.POSITIVE_INFINITY;
  let rateLimited = 0;
  let budget = options.budget;
  let budgetSpent = 0;
  let budgetStatedAt = Date.now();
  let apiLimitRefusal: string | undefined;
  // The whole stand-in's calls, as Etherscan's credits count them (every call costs one).
  let calls = 0;

  const envelope = (status: "0" | "1", message: string, result: unknown): EmulatorReply => ({
    status: 200,
    body: { status, message, result },
  });
  const refuse = (result: string): EmulatorReply => envelope("0", "NOTOK", result);

  const judge = async (submission: Submission): Promise<{ ok: true } | { ok: false; reason: string }> => {
    const runtimeCode = await chain.getCode(submission.address);
    const creation = await index.creationOf(submission.address);
    const verdict = await judgeSubmission(
      submission,
      { runtimeCode, creationInput: creation?.input },
      resolveCompiler,
    );
    if (!verdict.ok) return { ok: false, reason: failureReasons[verdict.code] };
    verified.set(submission.address.toLowerCase(), {
      record: verdict.contract,
      codeFormat: submission.format,
      sourceCode: submission.standardJsonInput ?? submission.sourceCode ?? "",
    });
    return { ok: true };
  };

  const actions: Record<string, (params: Record<string, string>) => Promise<EmulatorReply>> = {
    verifysourcecode: async (params) => {
      const address = params.contractaddress ?? "";
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return refuse(etherscanTexts.badAddress);
      if ((await chain.getCode(address)) === "0x") return refuse(etherscanTexts.notDeployed(address));
      if (verified.has(address.toLowerCase())) return refuse(etherscanTexts.alreadyVerifiedAtSubmit);
      if (similarTo.has(address.toLowerCase())) return refuse(etherscanTexts.similarMatchRefused);
      if (budget && budgetSpent >= budget.submissions)
        return refuse(etherscanTexts.dailySubmissions(budget.submissions));
      const format = params.codeformat;
      const args = params.constructorArguments ?? params.constructorArguements;
      let submission: Submission;
      if (format === "solidity-standard-json-input") {
        submission = {
          format: "standard-json",
          address,
          contractName: params.contractname ?? "",
          compilerVersion: params.compilerversion ?? "",
          standardJsonInput: params.sourceCode ?? "",
          ...(args ? { constructorArguments: args } : {}),
        };
      } else if (format === "solidity-single-file") {
        submission = {
          format: "single-file",
          address,
          contractName: params.contractname ?? "",
          compilerVersion: params.compilerversion ?? "",
          sourceCode: params.sourceCode ?? "",
          optimization: params.optimizationUsed === "1",
          ...(params.runs ? { optimizationRuns: Number(params.runs) } : {}),
          ...(params.evmversion ? { evmVersion: params.evmversion } : {}),
          ...(args ? { constructorArguments: args } : {}),
        };
      } else {
        return refuse(`Invalid codeformat ${format}`);
      }
      budgetSpent++;
      const guid = randomGuid();
      const job: Job = {
        address,
        submittedAt: Date.now(),
        polls: 0,
        verdict: judge(submission),
        settled: undefined,
      };
      job.verdict.then((settled) => {
        job.settled = settled;
      });
      jobs.set(guid, job);
      return envelope("1", "OK", guid);
    },
    checkverifystatus: async (params) => {
      const job = jobs.get(params.guid ?? "");
      if (!job) return refuse("Unable to locate GUID");
      job.polls++;
      if (
        job.polls <= (options.pendingPolls ?? 1) ||
        !job.settled ||
        Date.now() - job.submittedAt < (options.pendingMs ?? 0)
      )
        return refuse(etherscanTexts.pending);
      if (job.settled.ok) return envelope("1", "OK", etherscanTexts.pass);
      return refuse(`${etherscanTexts.fail}. ${job.settled.reason}`);
    },
    getsourcecode: async (params) => {
      const address = params.address ?? "";
      if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return refuse(etherscanTexts.badAddress);
      const twin = similarTo.get(address.toLowerCase());
      const found = verified.get(twin?.toLowerCase() ?? address.toLowerCase());
      return envelope("1", "OK", [{ ...sourceCodeItem(found), SimilarMatch: twin ?? "" }]);
    },
    verifyproxycontract: async (params) => {
      const proxy = params.address ?? "";
      if (!/^0x[0-9a-fA-F]{40}$/.test(proxy)) return refuse(etherscanTexts.badAddress);
      const guid = randomGuid();
      proxyChecks.set(guid, {
        proxy: proxy.toLowerCase(),
        expected: params.expectedimplementation?.toLowerCase(),
      });
      return envelope("1", "OK", guid);
    },
    checkproxyverification: async (params) => {
      const check = proxyChecks.get(params.guid ?? "");
      if (!check) return refuse("Unable to locate GUID");
      const implementation = await implementationOf(check.proxy);
      if (!implementation) return refuse(etherscanTexts.noImplementation);
      if (check.expected && check.expected !== implementation)
        return refuse(etherscanTexts.otherImplementation);
      const proxy = verified.get(check.proxy);
      if (!proxy) return refuse(etherscanTexts.proxyNotVerified(check.proxy));
      if (!verified.has(implementation))
        return refuse(etherscanTexts.implementationNotVerified(implementation));
      proxy.implementation = implementation;
      return envelope("1", "OK", etherscanTexts.proxyLinked(check.proxy, implementation));
    },
    getcontractcreation: async (params) => {
      const addresses = (params.contractaddresses ?? "").split(",").slice(0, 5);
      const found = [];
      for (const address of addresses) {
        const creation = await index.creationOf(address);
        if (creation) {
          found.push({
            contractAddress: creation.contractAddress,
            contractCreator: creation.contractCreator,
            txHash: creation.txHash,
            blockNumber: String(creation.blockNumber),
            timestamp: String(creation.timestamp),
            contractFactory: creation.contractFactory,
            creationBytecode: creation.creationBytecode,
          });
        }
      }
      return found.length > 0 ? envelope("1", "OK", found) : envelope("0", "No data found", null);
    },
  };

  const routescan = options.routescan;
  const networkOf = (chainId: number) => (routescan?.testnets.includes(chainId) ? "testnet" : "mainnet");
  const server = await startEmulatorServer(async (request) => {
    // Where each chain's pages live (Etherscan's chain list), or which networks Routescan serves (its lists).
    if (!routescan && request.path === "/v2/chainlist") {
      return {
        status: 200,
        body: {
          comments: "List of API endpoints maintained by Etherscan EAAS.",
          totalcount: options.chainIds.length,
          result: options.chainIds.map((chainId) => ({
            chainname: `Chain ${chainId}`,
            chainid: String(chainId),
            blockexplorer: `https://chain-${chainId}.etherscan.test/`,
            apiurl: `https://api.etherscan.io/v2/api?chainid=${chainId}`,
            status: 1,
            comment: "",
          })),
        },
      };
    }
    const list = /^\/v2\/network\/(mainnet|testnet)\/evm\/all\/blockchains$/.exec(request.path);
    if (routescan && list) {
      const served = options.chainIds.filter((chainId) => networkOf(chainId) === list[1]);
      return {
        status: 200,
        body: { items: served.map((chainId) => ({ chainId: String(chainId), evmChainId: chainId })) },
      };
    }
    const routed = /^\/v2\/network\/(mainnet|testnet)\/evm\/(\d+)\/etherscan\/api$/.exec(request.path);
    if (
      routescan
        ? !routed || routed[1] !== networkOf(Number(routed[2]))
        : request.path !== (options.apiPath ?? "/v2/api")
    )
      return { status: 404, body: null, text: etherscanTexts.pageNotFound };
    const params = { ...request.query, ...(request.body as Record<string, string>) };
    if (routed) params.chainid = routed[2] ?? "";
    const key = params.apikey;
    if (!key && !routescan) return refuse(etherscanTexts.missingKey);
    if (key && !options.apiKeys.includes(key)) return refuse(etherscanTexts.invalidKey);
    if (routescan && params.action?.includes("proxy")) return refuse(etherscanTexts.badAction);
    if (rateLimited > 0) {
      rateLimited--;
      return refuse(etherscanTexts.perSecondLimit);
    }
    if (perSecond && !perSecond.take().allowed)
      return refuse(`Max calls per sec rate limit reached (${options.callsPerSecond}/sec)`);
    if (quotaLeft <= 0) return refuse(etherscanTexts.dailyLimit);
    quotaLeft--;
    calls++;
    // The key's budget: no chain, no contract module.
    if (params.module === "getapilimit" && !routescan) {
      if (params.action !== "getapilimit") return refuse(etherscanTexts.badAction);
      if (apiLimitRefusal !== undefined) return refuse(apiLimitRefusal);
      const limit = budget?.submissions ?? 100_000;
      const used = budget ? budgetSpent : calls;
      const resetsInSeconds = Math.max(
        0,
        (budget?.resetsInSeconds ?? 6 * 3_600) - Math.floor((Date.now() - budgetStatedAt) / 1_000),
      );
      return envelope("1", "OK", {
        creditsUsed: used,
        creditsAvailable: budget?.creditsAvailable ?? Math.max(0, limit - used),
        creditLimit: limit,
        limitInterval: "daily",
        intervalExpiryTimespan: budget?.timespan ?? timespan(resetsInSeconds),
      });
    }
    const chainId = Number(params.chainid);
    if (!options.chainIds.includes(chainId)) return refuse(etherscanTexts.unsupportedChain);
    if (options.paidChains?.includes(chainId)) return refuse(etherscanTexts.planRequired);
    if (params.module !== "contract") return refuse(etherscanTexts.badModule);
    const action = actions[params.action ?? ""];
    return action ? action(params) : refuse(etherscanTexts.badAction);
  }, faults.interceptor);

  return {
    apiUrl: routescan ? server.url : `${server.url}${options.apiPath ?? "/v2/api"}`,
    requests: server.requests,
    faults,
    dailyQuotaAfter: (requests) => {
      quotaLeft = requests;
    },
    rateLimitNext: (requests) => {
      rateLimited = requests;
    },
    stateBudget: (stated) => {
      budget = stated;
      budgetSpent = 0;
      budgetStatedAt = Date.now();
    },
    refuseApiLimit: (text) => {
      apiLimitRefusal = text;
    },
    similarMatch: (address, twin) => {
      similarTo.set(address.toLowerCase(), twin);
    },
    requestsFor: (action) =>
      server.requests.filter((r) => String(r.query.action ?? r.body.action ?? "") === action),
    close: () => server.close(),
  };
}

// Etherscan sends every key of the item, verified or not; standard JSON comes back wrapped in double braces.
function sourceCodeItem(found: Verified | undefined): Record<string, string> {
  const record = found?.record;
  return {
    SourceCode: !found
      ? ""
      : found.codeFormat === "standard-json"
        ? `{${found.sourceCode}}`
        : found.sourceCode,
    ABI: record ? JSON.stringify(record.abi) : etherscanTexts.notVerifiedAbi,
    ContractName: record?.contractName ?? "",
    CompilerVersion: record?.compilerVersion ?? "",
    CompilerType: record ? "solc" : "",
    OptimizationUsed: record?.optimizationUsed ? "1" : "0",
    Runs: String(record?.optimizationRuns ?? 200),
    ConstructorArguments: record?.constructorArguments ?? "",
    EVMVersion: record?.evmVersion ?? "Default",
    Library: "",
    ContractFileName: record?.fileName ?? "",
    LicenseType: "",
    Proxy: found?.implementation ? "1" : "0",
    Implementation: found?.implementation ?? "",
    SwarmSource: "",
    SimilarMatch: "",
  };
}

// `HH:MM:SS`, as `intervalExpiryTimespan` is written.
function timespan(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(seconds / 3_600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

function randomGuid(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(50)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

/**
 * Starts a Routescan stand-in: Etherscan's contract module per network and chain in the path, a key optional, no
 * proxy link, verifying for real as the Etherscan stand-in does.
 * @param options - chain, chain ids (those in `testnets` are testnets), keys
 * @returns the running stand-in; its `apiUrl` is the origin `EXPLORER_VERIFY_ROUTESCAN_API_URL` takes
 */
export function startRoutescanEmulator(
  options: Omit<EtherscanEmulatorOptions, "routescan" | "paidChains"> & { testnets?: number[] },
): Promise<EtherscanEmulator> {
  const { testnets, ...rest } = options;
  return startEtherscanEmulator({ ...rest, routescan: { testnets: testnets ?? [] } });
}
