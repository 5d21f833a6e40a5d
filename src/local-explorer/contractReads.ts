import { addressPattern } from "../kernel/validate.js";
import type { ContractRecord, ExplorerBackend, ProxyFacts } from "./backend.js";
import {
  type BlockscoutShapes,
  blockscoutShapes,
  wireAdditionalSourceName,
  wireConstructorArguments,
} from "./blockscoutVersion.js";
import { error, invalidFilterText, ok, type Reply, texts } from "./responses.js";
import { type RpcParams, str } from "./rpcParams.js";

/**
 * The `getsourcecode` item of a verified contract.
 * @param record - the stored contract
 * @param address - the address asked about (differs from the record's for a bytecode twin)
 * @param release - the shapes of the Blockscout release answered as (default 11's)
 * @param proxy - the proxy the address is, as resolved from the chain (wins over what the record stored)
 * @returns the wire item, with only the keys that apply
 */
export function sourceCodeItem(
  record: ContractRecord,
  address: string = record.address,
  release: BlockscoutShapes = blockscoutShapes(),
  proxy?: ProxyFacts,
): Record<string, unknown> {
  const item: Record<string, unknown> = {
    Address: address.toLowerCase(),
    SourceCode: record.sourceCode,
    ABI: JSON.stringify(record.abi),
    ContractName: record.contractName,
    CompilerVersion: record.compilerVersion,
    OptimizationUsed: record.optimizationUsed ? "true" : "false",
  };
  if (record.optimizationUsed) item.OptimizationRuns = record.optimizationRuns ?? 200;
  item.EVMVersion = record.evmVersion ?? null;
  item.FileName = record.fileName;
  if (record.constructorArguments)
    item.ConstructorArguments = wireConstructorArguments(record.constructorArguments, release);
  if (record.externalLibraries?.length) item.ExternalLibraries = record.externalLibraries;
  if (record.additionalSources?.length)
    item.AdditionalSources = record.additionalSources.map((source) => ({
      ...source,
      Filename: wireAdditionalSourceName(source.Filename, release),
    }));
  const implementations = proxy?.implementations ?? record.implementationAddresses ?? [];
  item.IsProxy = implementations.length > 0 ? "true" : "false";
  if (implementations.length > 0) {
    item.ImplementationAddress = implementations[0];
    item.ImplementationAddresses = implementations;
  }
  if (record.compilerSettings) item.CompilerSettings = record.compilerSettings;
  return item;
}

/** The contract module's reads: `listcontracts`, `getabi`, `getsourcecode` and `getcontractcreation`. */
export class ContractReads {
  readonly #backend: ExplorerBackend;
  readonly #release: BlockscoutShapes;

  constructor(backend: ExplorerBackend, release: BlockscoutShapes) {
    this.#backend = backend;
    this.#release = release;
  }

  async listcontracts(params: RpcParams): Promise<Reply> {
    const filterValue = str(params.filter);
    const filters: Record<string, string> = {
      verified: "verified",
      "1": "verified",
      unverified: "unverified",
      "2": "unverified",
      empty: "empty",
      "3": "empty",
    };
    const key = filterValue?.toLowerCase() ?? "";
    const filter = Object.hasOwn(filters, key) ? filters[key] : undefined;
    if (filterValue !== undefined && filter === undefined) {
      return error(invalidFilterText(filterValue), { httpStatus: 400 });
    }
    const page = Math.max(1, Number.parseInt(str(params.page) ?? "1", 10) || 1);
    const requestedSize = Number.parseInt(str(params.offset) ?? "", 10);
    const size = requestedSize > 0 && requestedSize <= 10_000 ? requestedSize : 10;
    const start = Number(str(params.verified_at_start_timestamp));
    const end = Number(str(params.verified_at_end_timestamp));
    const all = (await this.#backend.listContracts()).filter((c) => {
      if (filter === "verified") {
        if (!c.verified) return false;
        if (Number.isFinite(start) && c.verified.verifiedAt < start) return false;
        if (Number.isFinite(end) && c.verified.verifiedAt > end) return false;
        return true;
      }
      if (filter === "unverified") return !c.verified;
      if (filter === "empty") return c.empty;
      return true;
    });
    const items = all.slice((page - 1) * size, page * size).map((c) =>
      c.verified
        ? {
            Address: c.address.toLowerCase(),
            ABI: JSON.stringify(c.verified.abi),
            ContractName: c.verified.contractName,
            CompilerVersion: c.verified.compilerVersion,
            OptimizationUsed: c.verified.optimizationUsed ? "1" : "0",
          }
        : { Address: c.address.toLowerCase(), ABI: texts.notVerified },
    );
    return ok(items);
  }

  async getabi(params: RpcParams): Promise<Reply> {
    const address = str(params.address);
    if (address === undefined) return error(texts.addressRequired);
    if (!addressPattern.test(address)) return error(texts.invalidAddressHash);
    const record = (await this.#backend.verifiedContract(address)) ?? (await this.#backend.twinOf(address));
    if (!record) return error(texts.notVerified);
    return ok(JSON.stringify(record.abi));
  }

  async getsourcecode(params: RpcParams): Promise<Reply> {
    const address = str(params.address);
    if (address === undefined) return error(texts.addressRequired);
    if (!addressPattern.test(address)) return error(texts.invalidAddressHash);
    // As Blockscout: the proxy is resolved from the chain at each answer, and an unverified EIP-1167 clone stands
    // in with its verified implementation's sources.
    const proxy = await this.#backend.proxyOf(address);
    const own = await this.#backend.verifiedContract(address);
    const [implementation] = proxy?.proxyType === "eip1167" ? proxy.implementations : [];
    const record =
      own ??
      (await this.#backend.twinOf(address)) ??
      (implementation === undefined ? undefined : await this.#backend.verifiedContract(implementation));
    if (!record) return ok([{ Address: address.toLowerCase() }]);
    return ok([sourceCodeItem(record, address, this.#release, proxy)]);
  }

  async getcontractcreation(params: RpcParams): Promise<Reply> {
    const list = str(params.contractaddresses);
    if (list === undefined) return error(texts.contractAddressesRequired, { repeatInResult: true });
    const addresses = list
      .split(",")
      .map((a) => a.trim())
      .filter((a) => a !== "")
      .slice(0, 10)
      .filter((a) => addressPattern.test(a))
      .map((a) => a.toLowerCase());
    const creations = await this.#backend.creations(addresses);
    return ok(
      creations.map((c) => ({
        contractAddress: c.contractAddress.toLowerCase(),
        contractCreator: c.contractCreator.toLowerCase(),
        txHash: c.txHash,
        blockNumber: String(c.blockNumber),
        timestamp: String(c.timestamp),
        contractFactory: c.contractFactory,
        creationBytecode: c.creationBytecode,
      })),
    );
  }
}
