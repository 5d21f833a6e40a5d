import type { ErrorCode } from "../errors/explorerVerifyError.js";
import type { Libraries } from "../kernel/libraries.js";
import type { Service } from "./service.js";

/** How a contract is submitted (DESIGN §3); `proxy` names the record of a proxy link. */
export type VerificationFormat = "standard-json" | "single-file" | "flattened" | "vyper" | "registry";

/** The compiler's standard JSON input, as far as this package reads it. */
export interface StandardJsonInput {
  language: string;
  sources: Record<string, { content?: string; urls?: string[]; keccak256?: string }>;
  settings?: Record<string, unknown>;
}

/** Optimizer settings of the single-file and flattened formats. */
export interface OptimizerSettings {
  enabled: boolean;
  runs?: number;
}

/** Standard JSON input, the format Hardhat and Foundry builds give. */
export interface StandardJsonSource {
  format: "standard-json";
  /** The full input of the build. */
  input: StandardJsonInput;
  /** `v0.8.28+commit.7893614a`, or a bare `0.8.28` completed from the shipped release table. */
  compilerVersion: string;
  /** The fully qualified name as in the input: `project/contracts/Token.sol:Token`. */
  contractName: string;
  /**
   * The contract's compiler metadata (JSON text, `output.contracts[file][name].metadata`). When given, the
   * engine first submits the minimal input holding just the sources the metadata lists.
   */
  metadata?: string;
}

export interface SingleFileSource {
  format: "single-file" | "flattened";
  /** The whole source in one file. */
  sourceCode: string;
  compilerVersion: string;
  /** The contract's name in the source, e.g. `Box`. */
  contractName: string;
  optimizer: OptimizerSettings;
  evmVersion?: string;
}

export interface VyperSource {
  format: "vyper";
  sourceCode: string;
  compilerVersion: string;
  contractName: string;
}

export interface RegistrySource {
  format: "registry";
  /** `metadata.json` text. */
  metadata: string;
  /** The source files the metadata lists, by the names it uses. */
  sources: Array<{ name: string; content: string }>;
}

export type VerificationSource = StandardJsonSource | SingleFileSource | VyperSource | RegistrySource;

/** Constructor arguments: ABI-encoded hex, or values encoded with the constructor's ABI. */
export type ConstructorArguments =
  | { hex: string }
  | { values: readonly unknown[]; abi: readonly unknown[] }
  /** Read them from the explorer's creation data, after the compiled creation code. */
  | { recoverFrom: { creationBytecode: string } };

/** For a contract found inside a transaction: the contract that created it, and that transaction. */
export interface CreatedBy {
  factory: string;
  transaction: string;
}

/** A proxy's kind, as its code and storage on the chain show it. */
export type ProxyKind = "eip1967" | "beacon" | "eip1822" | "diamond" | "minimal" | "master_copy";

/** A proxy as the chain shows it: what its records say (`proxy`). */
export interface ProxyRecord {
  kind: ProxyKind;
  /** Its implementations, lower case: one, or a diamond's facets (every one, the loupe's too). */
  implementations: string[];
  /** A beacon proxy's beacon, lower case. */
  beacon?: string;
  /** The EIP-1967 admin when it is a contract (a transparent proxy's ProxyAdmin), lower case. */
  admin?: string;
}

/** What a contract is to a proxy whose system it belongs to. */
export type ProxyPartRole = "implementation" | "facet" | "beacon" | "admin";

/** Where a copied contract's sources were read, and how fully that service had matched them to the code. */
export interface CopiedFrom {
  service: Service;
  /** `partial`: the source service matched the code but not its metadata; the copy may be partial too. */
  match: "exact" | "partial";
}

/** One contract to verify. */
export interface VerificationJob {
  /** Where the contract lives. */
  address: string;
  /**
   * The chain it is deployed on, as its deployment records it: a run over several chains verifies each job on its
   * chain's targets. Default: the run's chain.
   */
  chainId?: number;
  /** Its chain's JSON-RPC (failure explanations, preflight), when it is not the run's. */
  rpc?: { rpcUrl: string; compilers?: string[] };
  /** How the contract is shown in results: `contracts/Token.sol:Token`. Defaults from the source. */
  contract?: string;
  source: VerificationSource;
  constructorArguments?: ConstructorArguments;
  libraries?: Libraries;
  /** After this contract (an implementation) is verified, link the proxy at this address to it. */
  proxyAddress?: string;
  /** Skip the "already verified?" pre-check. */
  force?: boolean;
  /** Return `pending` right after submitting instead of waiting. Default true (wait). */
  wait?: boolean;
  /** Deadline for this contract, from its start. Default 300 s. */
  timeoutMs?: number;
  /** A contract a factory created: echoed in the result. */
  createdBy?: CreatedBy;
  /**
   * The transaction that created it, where its deployment records it or the user gave it (`--creation-tx-hash`); a
   * factory's child is created by `createdBy.transaction`. Sent to Sourcify as `creationTransactionHash`; a bundle
   * keeps it.
   */
  creationTransaction?: string;
  /** Its sources were read from another service's verification (`copy`): echoed in the result. */
  copiedFrom?: CopiedFrom;
}

/** The result record of DESIGN §3, one per contract (and one more per proxy link). */
export interface VerificationResult {
  address: string;
  contract: string;
  explorer: string;
  format: VerificationFormat | "proxy";
  status: "verified" | "already-verified" | "pending" | "failed" | "timeout";
  guid?: string;
  url: string;
  /** Submissions sent. */
  attempts: number;
  durationMs: number;
  /** Why, when not verified (or a note worth reading when it is). */
  message?: string;
  /** The chain, when the job or the run names it. */
  chainId?: number;
  /** On every `failed` and `timeout` record: why, as a code a program can branch on. */
  error?: ResultError;
  /** The factory and transaction that created the contract, for contracts found inside transactions. */
  createdBy?: CreatedBy;
  /** The service it was verified on (`blockscout` unless the run named others). */
  target?: Service;
  /**
   * How the service holds the contract, where it says: Sourcify's `exact_match` or `match` (partial), Etherscan's
   * `similar`.
   */
  match?: MatchKind;
  /** Which code Sourcify's match covers: the runtime code's match and the creation code's, each null when none. */
  matches?: MatchedCode;
  /** The match the service held before this run replaced it: `match` upgraded to `exact_match`. */
  previousMatch?: MatchKind;
  /** On a proxy's records (its own and its link's): its kind and parts, as the chain shows them. */
  proxy?: ProxyRecord;
  /** On the records of a proxy's parts (implementation, facet, beacon, admin): the proxy, and what it is to it. */
  partOf?: { proxy: string; role: ProxyPartRole };
  /** For `copy`: the service its sources were read from, and whether that service's match was partial. */
  copiedFrom?: CopiedFrom;
}

/**
 * Why a record failed, as one code of {@link ErrorCode}: the error model's (`timeout`, `not_a_contract`,
 * `rate_limited`, `verification_failed` when the explorer refused the sources, …) or, when a local recompile named
 * the cause, its verdict's (`constructor_arguments`, `settings`, `bytecode`, `compile_failed`, `no_compiler`,
 * `wrong_name`).
 */
export interface ResultError {
  code: ErrorCode;
  /** More than the message says, when there is more (e.g. the explorer's own text). */
  details?: string;
}

/**
 * How a service matched a contract. Sourcify: `exact_match` (the metadata hash too) or `match` (the code without the
 * metadata hash: a partial match, which a later exact submission can replace). Etherscan: `similar` (it shows the
 * verified sources of another contract with the same code; only a whitelisted account can make it exact).
 */
export type MatchKind = "exact_match" | "match" | "similar";

/** Sourcify's match of each code: `runtimeMatch` and `creationMatch` (null: that code did not match). */
export interface MatchedCode {
  runtime: "exact_match" | "match" | null;
  creation: "exact_match" | "match" | null;
}

/** Whether a result counts as success (verified, already verified, or pending when not waiting). */
export function isSuccess(result: VerificationResult): boolean {
  return result.status === "verified" || result.status === "already-verified" || result.status === "pending";
}
