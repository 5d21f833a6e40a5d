import { InvalidInputError } from "../errors/index.js";
import { isPlainObject } from "../kernel/jsonValues.js";
import type { OptimizerSettings, SingleFileSource } from "../verify/job.js";
import type { CompiledContract } from "./compiledContracts.js";
import { flattenSources } from "./flattenSources.js";

/**
 * Makes a contract's source for the single-file format (`verifysourcecode` with `solidity-single-file`: a contract
 * whose sources are one file) or the flattened one (the `verify` action: its sources joined into one file), with
 * the build's optimizer and EVM settings. The sources are those its compiler metadata lists.
 *
 * @param contract - the compiled contract
 * @param format - `single-file` or `flattened`
 * @returns the source
 * @throws {InvalidInputError} for a contract of several files as single-file, a build with settings those formats
 *   cannot carry (viaIR), or sources that cannot be flattened
 * @example
 * const job = { ...createContractJob(contract, { address }), source: singleFileSourceOf(contract, "flattened") };
 */
export function singleFileSourceOf(
  contract: CompiledContract,
  format: SingleFileSource["format"],
): SingleFileSource {
  const settings = contract.input.settings ?? {};
  if (settings.viaIR === true) {
    throw new InvalidInputError(
      "format",
      `${contract.userFqn} is built with viaIR, which the ${format} format cannot carry: verify with standard JSON input.`,
    );
  }
  const names = sourceNamesOf(contract);
  const sources = Object.fromEntries(
    names.map((name) => [name, contract.input.sources[name]?.content ?? ""]),
  );
  if (format === "single-file" && names.length !== 1) {
    throw new InvalidInputError(
      "format",
      `${contract.userFqn} is built from ${names.length} files, and the single-file format takes one: use the flattened format, or standard JSON input.`,
    );
  }
  const remappings = Array.isArray(settings.remappings) ? settings.remappings.map(String) : [];
  const evmVersion = typeof settings.evmVersion === "string" ? settings.evmVersion : undefined;
  return {
    format,
    sourceCode: names.length === 1 ? Object.values(sources)[0]! : flattenSources(sources, remappings),
    compilerVersion: contract.compilerVersion,
    contractName: contract.contractName,
    optimizer: optimizerOf(settings.optimizer),
    ...(evmVersion ? { evmVersion } : {}),
  };
}

// The files the contract was compiled from, as its metadata lists them; the whole input without metadata.
function sourceNamesOf(contract: CompiledContract): string[] {
  const metadata: unknown = contract.metadata ? JSON.parse(contract.metadata) : undefined;
  const listed = isPlainObject(metadata) ? metadata.sources : undefined;
  return Object.keys(typeof listed === "object" && listed !== null ? listed : contract.input.sources);
}

function optimizerOf(optimizer: unknown): OptimizerSettings {
  if (typeof optimizer !== "object" || optimizer === null) return { enabled: false };
  const enabled = "enabled" in optimizer && optimizer.enabled === true;
  const runs = "runs" in optimizer && typeof optimizer.runs === "number" ? optimizer.runs : undefined;
  return { enabled, ...(enabled && runs !== undefined ? { runs } : {}) };
}
