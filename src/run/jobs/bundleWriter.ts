import { lstatSync } from "node:fs";
import { inputSettings, oneSourceInput, withV } from "../../client/verifiedInput.js";
import { InvalidInputError, isExplorerVerifyError } from "../../errors/index.js";
import {
  type BundleContract,
  type BundleInput,
  bundleVersion,
  type VerificationBundle,
  verificationBundleSchema,
} from "../../inputs/bundleSchema.js";
import { parseWithSchema } from "../../inputs/jsonFile.js";
import { bundleHash, bundleInputKey } from "../../inputs/verificationBundle.js";
import { canonicalJson, parsedJson } from "../../kernel/jsonValues.js";
import { writeFileWhole } from "../../kernel/regularFile.js";
import { fileProblem } from "../../kernel/systemErrors.js";
import * as z from "../../kernel/zod.js";
import { longCompilerVersion } from "../../verify/compilerVersion.js";
import { encodeConstructorArguments } from "../../verify/constructorArguments.js";
import type { VerificationJob } from "../../verify/job.js";
import { displayName } from "../../verify/verifyContract.js";

/** A run's bundle, and the contracts it could not hold. */
export interface BundledRun {
  bundle: VerificationBundle;
  /** Each with why (a Vyper source, a source without content, a contract named twice). */
  leftOut: Array<{ address: string; contract: string; reason: string }>;
}

/** Where a run's bundle goes: the file, the flag or input naming it, the run's chain and the door's words to give it. */
export interface BundleOutput {
  path: string;
  field: string;
  chainId: number | undefined;
  /** Default `give --chain-id`, the CLI's. */
  howToGiveChain?: string | undefined;
}

/**
 * The bundle of a run's contracts (DESIGN §9): per contract its chain, address, `path:Name`, compiler version, the
 * key of its standard JSON input, constructor arguments, libraries, proxy link and creation; each distinct input
 * once, keyed by the keccak256 of its canonical JSON. A single-file or flattened source becomes a one-source input,
 * a registry one (metadata and sources) the input its metadata describes. Every door writes it from the jobs the hall
 * reads, so the same deployment gives the same bundle whichever door wrote it.
 *
 * @param runChainId - the run's chain, for jobs that do not say theirs
 * @param howToGiveChain - the door's words to give it
 * @returns the bundle, and what it left out
 * @throws {InvalidInputError} for a job whose chain nothing names, or values a bundle cannot hold
 */
export function bundleOf(
  jobs: readonly VerificationJob[],
  runChainId: number | undefined,
  howToGiveChain = "give --chain-id",
): BundledRun {
  const inputs: Record<string, BundleInput> = {};
  const contracts: BundleContract[] = [];
  const leftOut: BundledRun["leftOut"] = [];
  const seen = new Set<string>();
  for (const job of jobs) {
    const contract = displayName(job);
    const chainId = job.chainId ?? runChainId;
    if (chainId === undefined) {
      throw new InvalidInputError(
        "chainId",
        `${contract} at ${job.address} does not say its chain, and a bundle records each contract's: ${howToGiveChain}.`,
      );
    }
    const place = `${chainId}:${job.address.toLowerCase()}`;
    if (seen.has(place)) {
      leftOut.push({ address: job.address, contract, reason: "it is named twice; the first is kept" });
      continue;
    }
    const source = bundledSource(job);
    if ("reason" in source) {
      leftOut.push({ address: job.address, contract, reason: source.reason });
      continue;
    }
    seen.add(place);
    const key = bundleInputKey(source.input);
    inputs[key] = source.input;
    const constructorArguments = bundledArguments(job);
    const libraries = source.libraries ?? job.libraries;
    contracts.push({
      chainId,
      address: job.address,
      contract: source.contractName,
      compilerVersion: source.compilerVersion,
      input: key,
      ...(constructorArguments === undefined ? {} : { constructorArguments }),
      ...(libraries && Object.keys(libraries).length > 0 ? { libraries } : {}),
      ...(job.proxyAddress ? { proxy: { address: job.proxyAddress } } : {}),
      ...(job.createdBy
        ? { creation: { factory: job.createdBy.factory, transaction: job.createdBy.transaction } }
        : job.creationTransaction
          ? { creation: { transaction: job.creationTransaction } }
          : {}),
    });
  }
  const hashed = { bundle: bundleVersion, contracts, inputs };
  const bundle = parseWithSchema({ ...hashed, hash: bundleHash(hashed) }, verificationBundleSchema, {
    field: "bundle",
    what: "bundle",
    path: "being written",
  });
  return { bundle, leftOut };
}

/**
 * A bundle's text: keys sorted at every level, two spaces, a final line break; the same bundle gives the same bytes.
 *
 * @param bundle - the bundle
 * @returns the file's text
 */
export function bundleText(bundle: VerificationBundle): string {
  return `${JSON.stringify(JSON.parse(canonicalJson(bundle)), null, 2)}\n`;
}

/**
 * Writes the bundle of a run's jobs and says what it holds and what it left out: what every door does for `bundle`,
 * `--write-bundle` and the Action's `bundle` output.
 *
 * @param output - the file, and what names it and the run's chain in messages
 * @throws {InvalidInputError} for a job whose chain nothing names, or a file that cannot be written
 */
export async function writeRunBundle(
  { path, field, chainId, howToGiveChain }: BundleOutput,
  jobs: readonly VerificationJob[],
  info: (line: string) => void,
): Promise<void> {
  const bundled = bundleOf(jobs, chainId, howToGiveChain);
  try {
    // The file the user named is replaced, never a link, a device or a pipe of that name (`/dev/stdout` as root).
    const there = lstatSync(path, { throwIfNoEntry: false });
    if (there && !there.isFile()) throw new Error("it is not a regular file, and is left as it is");
    writeFileWhole(path, bundleText(bundled.bundle));
  } catch (error) {
    throw new InvalidInputError(
      field,
      `Cannot write the bundle ${path} (${fileProblem(error)}): choose another file.`,
    );
  }
  for (const left of bundled.leftOut) info(`left out    ${left.address} (${left.contract}): ${left.reason}`);
  const contracts = bundled.bundle.contracts.length;
  const inputs = Object.keys(bundled.bundle.inputs).length;
  info(
    `Wrote the bundle ${path}: ${contracts} contract${contracts === 1 ? "" : "s"}, ${inputs} standard JSON input${inputs === 1 ? "" : "s"}`,
  );
}

type BundledSource =
  | {
      input: BundleInput;
      contractName: string;
      compilerVersion: string;
      /** The libraries under the names the new input gives them, where it renamed the file. */
      libraries?: Record<string, string>;
    }
  | { reason: string };

function bundledSource(job: VerificationJob): BundledSource {
  const { source } = job;
  switch (source.format) {
    case "standard-json": {
      if (source.input.language !== "Solidity")
        return { reason: `its input is ${source.input.language}; a bundle holds Solidity inputs` };
      const sources: BundleInput["sources"] = {};
      for (const [path, file] of Object.entries(source.input.sources)) {
        if (typeof file.content !== "string")
          return { reason: `its input gives ${path} by URL, not by content` };
        sources[path] = { content: file.content };
      }
      return {
        input: { language: "Solidity", sources, settings: source.input.settings ?? {} },
        contractName: source.contractName,
        compilerVersion: longCompilerVersion(source.compilerVersion),
      };
    }
    case "single-file":
    case "flattened": {
      const { input, contractName } = oneSourceInput({
        fileName: undefined,
        sourceCode: source.sourceCode,
        contractName: source.contractName,
        optimizer: source.optimizer,
        evmVersion: source.evmVersion,
      });
      const file = contractName.slice(0, contractName.lastIndexOf(":"));
      const libraries = job.libraries
        ? Object.fromEntries(
            Object.entries(job.libraries).map(([name, address]) => [
              `${file}:${name.slice(name.lastIndexOf(":") + 1)}`,
              address,
            ]),
          )
        : undefined;
      return {
        input,
        contractName,
        compilerVersion: longCompilerVersion(source.compilerVersion),
        ...(libraries ? { libraries } : {}),
      };
    }
    case "registry":
      return registrySource(source.metadata, source.sources);
    case "vyper":
      return {
        reason:
          "it is a Vyper contract, verified from one file; a bundle holds Solidity standard JSON inputs",
      };
  }
}

const metadataSchema = z.looseObject({
  language: z.string(),
  compiler: z.looseObject({ version: z.string() }),
  settings: z.looseObject({ compilationTarget: z.record(z.string(), z.string()) }),
});

function registrySource(
  metadata: string,
  files: ReadonlyArray<{ name: string; content: string }>,
): BundledSource {
  const json = parsedJson(metadata);
  if (json === undefined) return { reason: "its metadata is not JSON" };
  const result = metadataSchema.safeParse(json);
  if (!result.success) return { reason: "its metadata names no compiler, settings or compilation target" };
  const parsed = result.data;
  if (parsed.language !== "Solidity") return { reason: `its metadata is of ${parsed.language}` };
  const [target] = Object.entries(parsed.settings.compilationTarget);
  if (!target) return { reason: "its metadata names no compilation target" };
  return {
    input: {
      language: "Solidity",
      sources: Object.fromEntries(files.map((file) => [file.name, { content: file.content }])),
      settings: inputSettings(parsed.settings),
    },
    contractName: `${target[0]}:${target[1]}`,
    compilerVersion: longCompilerVersion(withV(parsed.compiler.version)),
  };
}

function bundledArguments(job: VerificationJob): BundleContract["constructorArguments"] {
  const args = job.constructorArguments;
  if (!args) return undefined;
  if ("recoverFrom" in args)
    return { recoverFrom: `0x${args.recoverFrom.creationBytecode.replace(/^0x/i, "").toLowerCase()}` };
  const bare = encodeConstructorArguments(args).toLowerCase();
  return bare === "" ? undefined : `0x${bare}`;
}

/**
 * The run's step that writes its bundle once every job is known (created contracts too), before anything is verified:
 * a bundle asked for by name that cannot be written ends the run; one the door writes unasked is said, and the run
 * goes on.
 *
 * @param output - the file, the flag or input naming it, the run's chain, and whether the user asked for it by name
 * @returns the step, given the run's jobs; it gives the file it wrote, none when it wrote none
 */
export function bundleWriterStep(
  output: BundleOutput & { askedFor: boolean },
  info: (line: string) => void,
): (jobs: readonly VerificationJob[]) => Promise<string | undefined> {
  return (jobs) =>
    writeRunBundle(output, jobs, info).then(
      () => output.path,
      (error: unknown) => {
        if (output.askedFor || !isExplorerVerifyError(error)) throw error;
        info(`No bundle output: ${error.shortMessage}`);
        return undefined;
      },
    );
}
