import { type AbiParameter, decodeAbiParameters, getAddress, type Hex } from "viem";
import { constructorParameters } from "../../kernel/abiParameters.js";
import type { ContractRecord, ExplorerBackend, ProxyFacts } from "../backend.js";
import type { WireObject } from "./restData.js";

/** What the explorer knows of one contract address, for `GET /api/v2/smart-contracts/{address}`. */
export interface SmartContractFacts {
  chainId: number;
  /** Lower case. */
  address: string;
  /** The contract verified at this very address. */
  own: ContractRecord | undefined;
  /**
   * For an unverified address, the verified contract shown in its place: a bytecode twin, or an EIP-1167 clone's
   * implementation.
   */
  standIn: { kind: "bytecode-twin" | "minimal-proxy"; record: ContractRecord } | undefined;
  /** The proxy the address is, with each implementation's verified name (null when unverified). */
  proxy: { proxyType: string; implementations: Array<{ address: string; name: string | null }> } | undefined;
  /** The code at the address now. */
  deployedBytecode: string;
  /** The creation transaction's input, when the explorer indexed it. */
  creationBytecode: string | null;
}

/**
 * Gathers {@link SmartContractFacts} from the explorer's backend: the record, the stand-in and the proxy as
 * `getsourcecode` resolves them (the proxy from the chain at each answer).
 *
 * @param backend - the explorer's facts
 * @param chain - the chain id, and the code at an address
 * @param address - a lower-case address that holds code
 * @returns the facts
 */
export async function smartContractFacts(
  backend: ExplorerBackend,
  chain: { chainId: number; getCode(address: string): Promise<string> },
  address: string,
): Promise<SmartContractFacts> {
  const own = await backend.verifiedContract(address);
  const resolved: ProxyFacts | undefined = await backend.proxyOf(address);
  const proxy =
    resolved ??
    (own?.implementationAddresses?.length
      ? { proxyType: "eip1967", implementations: own.implementationAddresses }
      : undefined);
  const implementations = [];
  for (const address of proxy?.implementations ?? []) {
    implementations.push({ address, name: (await backend.verifiedContract(address))?.contractName ?? null });
  }
  const [creation] = await backend.creations([address]);
  return {
    chainId: chain.chainId,
    address,
    own,
    standIn: own ? undefined : await standInOf(backend, address, resolved),
    proxy: proxy ? { proxyType: proxy.proxyType, implementations } : undefined,
    deployedBytecode: await chain.getCode(address),
    creationBytecode: creation?.creationBytecode ?? null,
  };
}

async function standInOf(
  backend: ExplorerBackend,
  address: string,
  proxy: ProxyFacts | undefined,
): Promise<SmartContractFacts["standIn"]> {
  const [implementation] = proxy?.proxyType === "eip1167" ? proxy.implementations : [];
  if (implementation !== undefined) {
    const record = await backend.verifiedContract(implementation);
    return record ? { kind: "minimal-proxy", record } : undefined;
  }
  const twin = await backend.twinOf(address);
  return twin ? { kind: "bytecode-twin", record: twin } : undefined;
}

/**
 * The body of `GET /api/v2/smart-contracts/{address}` as Blockscout writes it (blockscout-api.md §24,
 * `prepare_smart_contract/2`): every key for an address verified itself or shown through a stand-in, and only the
 * proxy and bytecode keys for any other. Addresses are checksummed; `constructor_args` is shaped per release by the
 * REST handler.
 *
 * @param facts - what the explorer knows of the address
 * @returns the wire object
 */
export function smartContractAnswer(facts: SmartContractFacts): WireObject {
  const proxyKeys = {
    proxy_type: facts.proxy?.proxyType ?? null,
    implementations: (facts.proxy?.implementations ?? []).map((implementation) => ({
      address_hash: getAddress(implementation.address),
      name: implementation.name,
    })),
    // The local explorer resolves one kind per proxy: no other resolver ever disagrees.
    conflicting_implementations: null,
  };
  const bytecodeKeys = {
    deployed_bytecode: facts.deployedBytecode,
    creation_bytecode: facts.creationBytecode,
    creation_status: facts.deployedBytecode === "0x" ? "failed" : "success",
  };
  const own = facts.own;
  const shown = own ?? facts.standIn?.record;
  if (!shown) return { ...proxyKeys, ...bytecodeKeys };
  const viaSourcify = own?.verifiedVia === "sourcify";
  return {
    verified_twin_address_hash:
      facts.standIn?.kind === "bytecode-twin" ? getAddress(facts.standIn.record.address) : null,
    is_verified: own !== undefined,
    is_changed_bytecode: false,
    is_partially_verified: own?.match === "partial",
    is_fully_verified: own !== undefined && own.match !== "partial",
    is_verified_via_sourcify: viaSourcify,
    is_verified_via_eth_bytecode_db: false,
    is_verified_via_verifier_alliance: false,
    ...proxyKeys,
    sourcify_repo_url: viaSourcify ? sourcifyRepoUrl(facts.chainId, facts.address, own?.match) : null,
    // The local explorer has no sol2uml service to draw with.
    can_be_visualized_via_sol2uml: false,
    name: shown.contractName,
    compiler_version: shown.compilerVersion,
    optimization_enabled: shown.optimizationUsed,
    optimization_runs: shown.optimizationUsed ? (shown.optimizationRuns ?? 200) : null,
    evm_version: shown.evmVersion ?? null,
    verified_at: wireTime(shown.verifiedAt),
    abi: shown.abi,
    source_code: shown.sourceCode,
    file_path: shown.fileName,
    additional_sources: (shown.additionalSources ?? []).map((source) => ({
      source_code: source.SourceCode,
      file_path: source.Filename,
    })),
    compiler_settings: shown.compilerSettings ?? null,
    external_libraries: (shown.externalLibraries ?? []).map((library) => ({
      name: library.name,
      address_hash: getAddress(library.address_hash),
    })),
    constructor_args: own?.constructorArguments || null,
    decoded_constructor_args:
      (own && decodedConstructorArguments(own)?.map(({ input, value }) => [wireValue(value), input])) ?? null,
    language: languageOf(shown),
    license_type: licenseTypeOf(shown.sourceCode),
    certified: false,
    is_blueprint: false,
    ...bytecodeKeys,
  };
}

// Blockscout calls a contract without an ABI Yul, and knows Vyper by its record; the local explorer by the file.
function languageOf(record: ContractRecord): "solidity" | "vyper" | "yul" {
  if (/\.vy$/i.test(record.fileName)) return "vyper";
  return record.abi.length === 0 && /\.yul$/i.test(record.fileName) ? "yul" : "solidity";
}

/** A time as Blockscout writes it (its `inserted_at`, a block's timestamp): ISO 8601 with microseconds. */
export function wireTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1_000).toISOString().replace("Z", "000Z");
}

function sourcifyRepoUrl(chainId: number, address: string, match: ContractRecord["match"]): string {
  const kind = match === "partial" ? "partial_match" : "full_match";
  return `https://repo.sourcify.dev/contracts/${kind}/${chainId}/${getAddress(address)}/`;
}

/**
 * Blockscout's license names by SPDX identifier (the same numbering as Etherscan's `licenseType`); a GPL's `-only`
 * and `-or-later` forms name the same license.
 */
const licenseTypes: Record<string, string> = {
  unlicense: "unlicense",
  mit: "mit",
  "gpl-2.0": "gnu_gpl_v2",
  "gpl-3.0": "gnu_gpl_v3",
  "lgpl-2.1": "gnu_lgpl_v2_1",
  "lgpl-3.0": "gnu_lgpl_v3",
  "bsd-2-clause": "bsd_2_clause",
  "bsd-3-clause": "bsd_3_clause",
  "mpl-2.0": "mpl_2_0",
  "osl-3.0": "osl_3_0",
  "apache-2.0": "apache_2_0",
  "agpl-3.0": "gnu_agpl_v3",
  "busl-1.1": "bsl_1_1",
};

/** The source's license as Blockscout names it (Blockscout stores the one chosen at submission; here, the SPDX line). */
export function licenseTypeOf(sourceCode: string): string {
  const spdx = /SPDX-License-Identifier:\s*([A-Za-z0-9.+-]+)/.exec(sourceCode)?.[1];
  const license = spdx?.toLowerCase().replace(/^((?:a|l)?gpl-\d\.\d)-(?:only|or-later)$/, "$1");
  return license !== undefined && Object.hasOwn(licenseTypes, license) ? licenseTypes[license]! : "none";
}

/** A record's constructor arguments decoded with its ABI, each beside its input; undefined when none decode. */
export function decodedConstructorArguments(
  record: ContractRecord,
): Array<{ input: AbiParameter; value: unknown }> | undefined {
  const encoded = record.constructorArguments?.replace(/^0x/i, "");
  const inputs = constructorParameters(record.abi);
  if (!encoded || inputs.length === 0) return undefined;
  try {
    const values = decodeAbiParameters(inputs, `0x${encoded}` as Hex);
    return inputs.map((input, position) => ({ input, value: values[position] }));
  } catch {
    return undefined;
  }
}

// Values as Blockscout's JSON view writes them: numbers as decimal text, addresses checksummed, bytes as hex.
function wireValue(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value)) return getAddress(value);
  if (Array.isArray(value)) return value.map(wireValue);
  if (typeof value === "object" && value !== null) return Object.values(value).map(wireValue);
  return value;
}
