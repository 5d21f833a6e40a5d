// What the protocol layer asks of whoever decides: the real local explorer (chain + compiler) or a scripted
// one in tests. The protocol layer owns parameters, texts, envelopes and the guid format; the backend owns facts.

import * as z from "../kernel/zod.js";

/**
 * A verified contract as the explorer stores it; field names follow the `getsourcecode` item. A schema, since the
 * state file keeps records between runs and is read back like every other file.
 */
export const contractRecordSchema = z.object({
  address: z.string(),
  contractName: z.string(),
  compilerVersion: z.string(),
  sourceCode: z.string(),
  fileName: z.string(),
  abi: z.array(z.unknown()),
  optimizationUsed: z.boolean(),
  optimizationRuns: z.optional(z.number()),
  evmVersion: z.optional(z.nullable(z.string())),
  constructorArguments: z.optional(z.string()),
  externalLibraries: z.optional(z.array(z.object({ name: z.string(), address_hash: z.string() }))),
  additionalSources: z.optional(z.array(z.object({ Filename: z.string(), SourceCode: z.string() }))),
  compilerSettings: z.optional(z.record(z.string(), z.unknown())),
  implementationAddresses: z.optional(z.array(z.string())),
  /** Unix seconds. */
  verifiedAt: z.number(),
  /** `partial` when only the executable code matched (the metadata hash differs). */
  match: z.optional(z.enum(["perfect", "partial"])),
  /** `sourcify` when the sources came through `verify_via_sourcify`. */
  verifiedVia: z.optional(z.literal("sourcify")),
});

export type ContractRecord = z.infer<typeof contractRecordSchema>;

export interface CreationRecord {
  contractAddress: string;
  contractCreator: string;
  txHash: string;
  blockNumber: number;
  timestamp: number;
  contractFactory: string;
  creationBytecode: string;
}

/** Everything a submission carried, whatever action brought it. */
export interface Submission {
  format: "flattened" | "standard-json" | "single-file" | "vyper" | "sourcify";
  address: string;
  contractName: string;
  compilerVersion: string;
  /** Flattened, single-file or Vyper source. */
  sourceCode?: string;
  /** The standard JSON input text. */
  standardJsonInput?: string;
  optimization?: boolean;
  optimizationRuns?: number;
  evmVersion?: string;
  constructorArguments?: string;
  libraries?: Record<string, string>;
  /** Registry uploads. */
  files?: Array<{ name: string; content: string }>;
}

/** The backend's verdict on a submission. */
export type VerificationDecision =
  | { ok: true; contract: ContractRecord }
  /** `detail` is shown only where Blockscout itself gives no reason (Vyper), to say what is missing. */
  | { ok: false; reason: string; detail?: string };

export const guidStateSchema = z.enum(["pending", "pass", "fail", "unknown"]);
export type GuidState = z.infer<typeof guidStateSchema>;

export interface ProxyCheckState {
  state: GuidState;
  implementations: string[];
}

/** A proxy as the explorer resolves it from the chain: Blockscout's `proxy_type`, and the addresses it delegates to. */
export interface ProxyFacts {
  /** `eip1967`, `eip1967_beacon`, `eip1822`, `eip2535`, `eip1167`, `master_copy`, … */
  proxyType: string;
  /** Lower case; a diamond's every facet. */
  implementations: string[];
}

export interface ExplorerBackend {
  /** Whether the address holds code the explorer knows. */
  isContract(address: string): Promise<boolean>;
  /** The contract verified at exactly this address. */
  verifiedContract(address: string): Promise<ContractRecord | undefined>;
  /** A verified contract with the same code, which `getabi`/`getsourcecode` answer with (bytecode twins). */
  twinOf(address: string): Promise<ContractRecord | undefined>;
  /** Every contract known, in the order first indexed. */
  listContracts(): Promise<Array<{ address: string; verified: ContractRecord | undefined; empty: boolean }>>;
  creations(addresses: string[]): Promise<CreationRecord[]>;
  /** Decides a synchronous submission (`verify`, `verify_vyper_contract`, `verify_via_sourcify`). */
  verifyNow(submission: Submission): Promise<VerificationDecision>;
  /** Queues an asynchronous submission under a guid (`verifysourcecode`). */
  enqueue(guid: string, submission: Submission): void;
  guidState(guid: string): Promise<GuidState>;
  /** The proxy the address is, as Blockscout resolves it from the chain; undefined for none (or none known). */
  proxyOf(address: string): Promise<ProxyFacts | undefined>;
  /** Queues a proxy check; resolves at once. */
  enqueueProxyCheck(guid: string, proxyAddress: string): void;
  proxyCheckState(guid: string): Promise<ProxyCheckState>;
}
