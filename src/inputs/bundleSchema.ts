import { addressPattern, transactionHashPattern } from "../kernel/validate.js";
import * as z from "../kernel/zod.js";

/** The version this package writes and reads: a bundle names it in `"bundle"`. */
export const bundleVersion = 1 as const;

/** The most contracts a bundle holds, and the most distinct inputs. */
export const maxBundleContracts = 10_000;

/** The longest source path or contract name, in characters. */
export const maxBundleNameLength = 1_024;

/** The longest hex value (constructor arguments, creation code), in characters. */
export const maxBundleHexLength = 2_000_000;

// A path or a name read from a stranger's file: one line of printable text (no control characters), bounded.
const printable = /^[^\p{Cc}]+$/u;
const sourcePath = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(maxBundleNameLength),
    z.regex(printable),
    z.describe("A source's path, as the compiler names it: one line of printable text."),
  );
const address = z
  .string()
  .check(z.regex(addressPattern), z.describe("0x followed by 40 hexadecimal digits."));
const transactionHash = z
  .string()
  .check(z.regex(transactionHashPattern), z.describe("0x followed by 64 hexadecimal digits."));
const inputKey = z
  .string()
  .check(
    z.regex(/^0x[0-9a-f]{64}$/),
    z.describe(
      "The keccak256 of the input's canonical JSON (keys sorted, no spaces), 0x and 64 lowercase hex.",
    ),
  );
const hexData = z
  .string()
  .check(
    z.maxLength(maxBundleHexLength),
    z.regex(/^0x(?:[0-9a-fA-F]{2})*$/),
    z.describe("0x and an even number of hexadecimal digits."),
  );

/** A proxy's kind, as the chain tells it. */
export const proxyKinds = ["eip1967", "beacon", "eip1822", "diamond", "minimal", "master_copy"] as const;

const standardJsonInputSchema = z.strictObject({
  language: z.literal("Solidity"),
  sources: z
    .record(sourcePath, z.strictObject({ content: z.string() }))
    .check(z.describe("Every source of the input, by path, with its content.")),
  settings: z
    .record(z.string(), z.unknown())
    .check(z.describe("The compiler settings, as the build gave them (optimizer, evmVersion, …).")),
});

const bundleContractSchema = z.strictObject({
  chainId: z
    .int()
    .check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER), z.describe("The chain it is deployed on.")),
  address,
  contract: z
    .string()
    .check(
      z.maxLength(maxBundleNameLength),
      z.regex(/^[^\p{Cc}]+:[A-Za-z_$][A-Za-z0-9_$]*$/u),
      z.describe("path/File.sol:Name, the path as the input names the source."),
    ),
  compilerVersion: z
    .string()
    .check(
      z.regex(/^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?\+commit\.[0-9a-f]{8}$/),
      z.describe("The compiler's long version, e.g. v0.8.28+commit.7893614a."),
    ),
  input: inputKey,
  constructorArguments: z.optional(
    z.union([
      hexData,
      z.strictObject({
        recoverFrom: hexData.check(
          z.describe(
            "The compiled creation code: the arguments are what follows it in the service's creation data.",
          ),
        ),
      }),
    ]),
  ),
  libraries: z.optional(
    z
      .record(z.string().check(z.minLength(1), z.maxLength(maxBundleNameLength), z.regex(printable)), address)
      .check(z.describe("Linked libraries: path:Name (or Name) to address.")),
  ),
  proxy: z.optional(
    z
      .strictObject({ address, kind: z.optional(z.enum(proxyKinds)) })
      .check(
        z.describe(
          "Once this contract is verified, the proxy at address is linked to its implementation (this contract, or, when address is its own, the one the service finds).",
        ),
      ),
  ),
  creation: z.optional(
    z
      .union([
        z.strictObject({ transaction: transactionHash }),
        z.strictObject({ factory: address, transaction: transactionHash }),
      ])
      .check(
        z.describe(
          "How it was created: in this transaction (by it, or inside it when no factory is named), or by a factory contract inside it.",
        ),
      ),
  ),
});

/**
 * A verification bundle, version 1: every contract of a run with what verifies it anywhere, with no project, no build
 * and no compiler. Each distinct standard JSON input is stored once under `inputs`, keyed by the keccak256 of its
 * canonical JSON; a contract names its input by that key; `hash` is the keccak256 of the canonical JSON of all the
 * rest. The JSON Schema in `docs/bundle.schema.json` is generated from this one
 * (`npx tsx scripts/bundleSchema.ts --write`).
 */
export const verificationBundleSchema = z.strictObject({
  bundle: z.literal(bundleVersion),
  hash: z
    .string()
    .check(
      z.regex(/^0x[0-9a-f]{64}$/),
      z.describe(
        "The keccak256 of the canonical JSON (keys sorted, no spaces) of every other field of the bundle, 0x and 64 lowercase hex: a bundle changed after it was written (an edit, damage) is refused. It is not a signature: whoever edits the bundle can compute it again.",
      ),
    ),
  contracts: z.array(bundleContractSchema).check(z.maxLength(maxBundleContracts)),
  inputs: z.record(inputKey, standardJsonInputSchema),
});

/** A verification bundle, as {@link verificationBundleSchema} reads it. */
export type VerificationBundle = z.infer<typeof verificationBundleSchema>;

/** One contract of a bundle. */
export type BundleContract = VerificationBundle["contracts"][number];

/** One stored input of a bundle. */
export type BundleInput = VerificationBundle["inputs"][string];
