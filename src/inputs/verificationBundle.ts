import { keccak256, stringToBytes } from "viem";
import { InvalidInputError } from "../errors/index.js";
import { canonicalJson } from "../kernel/jsonValues.js";
import * as z from "../kernel/zod.js";
import type { VerificationJob } from "../verify/job.js";
import {
  type BundleContract,
  type BundleInput,
  type VerificationBundle,
  verificationBundleSchema,
} from "./bundleSchema.js";
import {
  assertAtMost,
  type JsonOrigin,
  parseBoundedJson,
  parseWithSchema,
  readTextFile,
} from "./jsonFile.js";

/** The largest bundle file read: a deployment's inputs, each stored once, fit many times over. */
export const maxBundleBytes = 128 * 1024 * 1024;

/**
 * The key a bundle stores an input under: the keccak256 of its canonical JSON.
 *
 * @param input - a standard JSON input
 * @returns `0x` and 64 lowercase hex digits
 */
export function bundleInputKey(input: BundleInput): string {
  return keccak256(stringToBytes(canonicalJson(input)));
}

/**
 * The hash a bundle carries: the keccak256 of the canonical JSON of every field but `hash`. It finds a bundle changed
 * after it was written (a stray edit, damage), not one changed on purpose: anyone who edits it can compute it again.
 *
 * @param bundle - the bundle, with or without its hash
 * @returns `0x` and 64 lowercase hex digits
 */
export function bundleHash(bundle: Omit<VerificationBundle, "hash"> & { hash?: string }): string {
  const { hash: _hash, ...hashed } = bundle;
  return keccak256(stringToBytes(canonicalJson(hashed)));
}

/** A bundle read and checked, and its contracts as jobs. */
export interface ReadBundle {
  bundle: VerificationBundle;
  /** One per contract, in the bundle's order, each with its chain. */
  jobs: VerificationJob[];
  /** The chains the bundle's contracts are on, in order of first appearance. */
  chainIds: number[];
}

/**
 * Reads a verification bundle (`explorer-verify bundle`, `--write-bundle`, the Action's `bundle` output) and checks
 * it whole before anything is sent: its size, its shape (paths, names, addresses, hex, counts), that every input is
 * the one its key names (the keccak256 of its canonical JSON: an input changed after the bundle was written is
 * refused, naming the contract), that each contract's source is in its input, that no contract comes twice, and that
 * the rest is what its hash was made from (a contract's chain, address, name, compiler, arguments, libraries, proxy
 * link or creation changed after it was written is refused).
 *
 * @param path - the bundle file
 * @param field - the input or flag that named it, for errors (`--bundle`, `bundle`)
 * @returns the bundle and its jobs
 * @throws {InvalidInputError} for a file that cannot be read, is too large, or fails a check
 * @example
 * const { jobs, chainIds } = await readVerificationBundle("verification.json");
 */
export async function readVerificationBundle(path: string, field = "bundle"): Promise<ReadBundle> {
  const origin: JsonOrigin = { field, what: "bundle", path };
  await assertAtMost(origin, maxBundleBytes);
  const bundle = checkedBundle(parseBoundedJson(await readTextFile(origin, maxBundleBytes), origin), origin);
  return { bundle, jobs: bundleJobs(bundle), chainIds: [...new Set(bundle.contracts.map((c) => c.chainId))] };
}

/** A bundle's version alone: a later version is named before its shape is judged. */
const bundleVersionSchema = z.looseObject({ bundle: z.number() });

/** Checks a parsed bundle: its shape, then what a schema cannot say (see {@link readVerificationBundle}). */
function checkedBundle(value: unknown, origin: JsonOrigin): VerificationBundle {
  const version = bundleVersionSchema.safeParse(value).data?.bundle;
  const refusal = (message: string) =>
    new InvalidInputError(origin.field, `The bundle ${origin.path}: ${message} Nothing was sent.`);
  // A file of another kind (a manifest, the results) has no version: said so, not as zod's "expected 1".
  if (version === undefined)
    throw refusal(
      'it has no "bundle": 1, the version every bundle names, so it is not one: give the file explorer-verify bundle (or the Action\'s bundle output) wrote.',
    );
  if (version !== 1) {
    throw new InvalidInputError(
      origin.field,
      `The bundle ${origin.path} is of version ${version}; this explorer-verify reads version 1: use the release that wrote it, or a later one.`,
    );
  }
  if (typeof value === "object" && value !== null && !("hash" in value))
    throw refusal(
      "it carries no hash, so whether it was changed after it was written cannot be told: write it again (explorer-verify bundle, --write-bundle, the Action's bundle output).",
    );
  const bundle = parseWithSchema(value, verificationBundleSchema, origin);
  const used = new Set<string>();
  const seen = new Set<string>();
  for (const contract of bundle.contracts) {
    const name = contractLabel(contract);
    const input = bundle.inputs[contract.input];
    if (!input) throw refusal(`${name} names the input ${contract.input}, which the bundle does not hold.`);
    const file = contract.contract.slice(0, contract.contract.lastIndexOf(":"));
    if (!Object.hasOwn(input.sources, file))
      throw refusal(`${name} is in ${file}, which its input ${contract.input} does not hold.`);
    const place = `${contract.chainId}:${contract.address.toLowerCase()}`;
    if (seen.has(place)) throw refusal(`${name} comes twice.`);
    seen.add(place);
    used.add(contract.input);
  }
  for (const [key, input] of Object.entries(bundle.inputs)) {
    if (!used.has(key)) throw refusal(`the input ${key} is named by no contract.`);
    const actual = bundleInputKey(input);
    if (actual === key) continue;
    const holders = bundle.contracts.filter((contract) => contract.input === key);
    const [first] = holders;
    const others = holders.length > 1 ? ` (and ${holders.length - 1} more contracts)` : "";
    throw refusal(
      `the input of ${first ? contractLabel(first) : key}${others} does not match its hash ${key} (its content hashes to ${actual}): it was changed after the bundle was written.`,
    );
  }
  // Every input matched its key: what changed is in the contracts' own fields, or which contracts there are.
  const actual = bundleHash(bundle);
  if (actual !== bundle.hash)
    throw refusal(
      `the bundle was changed after it was written: its contracts (a chain, address, name, compiler version, constructor arguments, libraries, proxy link or creation, or which contracts it lists) hash to ${actual}, not to the hash ${bundle.hash} it carries.`,
    );
  return bundle;
}

/**
 * The jobs a bundle names: each contract with its stored input, constructor arguments, libraries, proxy link and
 * creation, on its chain.
 */
function bundleJobs(bundle: VerificationBundle): VerificationJob[] {
  return bundle.contracts.map((contract) => {
    const input = bundle.inputs[contract.input] as BundleInput;
    const { constructorArguments: args, creation } = contract;
    return {
      address: contract.address,
      chainId: contract.chainId,
      source: {
        format: "standard-json",
        input,
        compilerVersion: contract.compilerVersion,
        contractName: contract.contract,
      },
      ...(args === undefined
        ? {}
        : typeof args === "string"
          ? { constructorArguments: { hex: args } }
          : { constructorArguments: { recoverFrom: { creationBytecode: args.recoverFrom } } }),
      ...(contract.libraries ? { libraries: contract.libraries } : {}),
      ...(contract.proxy ? { proxyAddress: contract.proxy.address } : {}),
      ...(creation ? { creationTransaction: creation.transaction } : {}),
      ...(creation && "factory" in creation
        ? { createdBy: { factory: creation.factory, transaction: creation.transaction } }
        : {}),
    } satisfies VerificationJob;
  });
}

function contractLabel(contract: BundleContract): string {
  return `${contract.contract.replace(/^project\//, "")} at ${contract.address} (chain ${contract.chainId})`;
}
