import { InvalidInputError, isExplorerVerifyError } from "../errors/index.js";
import type { Libraries } from "../kernel/libraries.js";
import { addressPattern, hexPattern, transactionHashPattern } from "../kernel/validate.js";
import * as z from "../kernel/zod.js";
import { longCompilerVersion } from "../verify/compilerVersion.js";
import type { OptimizerSettings } from "../verify/job.js";
import { formatIssuePath } from "./jsonFile.js";

/** A manifest entry checked field by field, before any file is read. */
export type ManifestEntrySpec =
  | (CommonFields & { kind: "build-info"; contract?: string; constructorArgs?: readonly unknown[] })
  | (CommonFields & {
      kind: "standard-json";
      contract: string;
      standardJsonInput: string;
      compilerVersion: string;
    })
  | (CommonFields & {
      kind: "single-file" | "flattened";
      contract: string;
      source: string;
      compilerVersion: string;
      optimizer: OptimizerSettings;
      evmVersion?: string;
    })
  | (CommonFields & { kind: "vyper"; contract: string; source: string; compilerVersion: string })
  | (CommonFields & { kind: "registry"; contract?: string; metadata: string; sources: string });

interface CommonFields {
  /** `contracts[2]`: where the entry is, for errors. */
  field: string;
  address: string;
  constructorArgsHex?: string;
  libraries?: Libraries;
  proxy: boolean;
  /** Its `creationTransactionHash`. */
  creationTransaction?: string;
}

type Kind = ManifestEntrySpec["kind"];

export const entryFormats = ["standard-json", "single-file", "flattened", "vyper", "registry"] as const;

const kindNames: Record<Kind, string> = {
  "build-info": "a build-info entry",
  "standard-json": "a standard JSON input entry",
  "single-file": 'a "single-file" entry',
  flattened: 'a "flattened" entry',
  vyper: 'a "vyper" entry',
  registry: 'a "registry" entry',
};

function shown(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function requiredOr(problem: string) {
  return (issue: { input: unknown }) => (issue.input === undefined ? "is required." : problem);
}

const text = z
  .string({ error: requiredOr("must be a string.") })
  .check(z.minLength(1, { error: "must not be empty." }));

// A string of a pattern: a value of another shape is shown before the problem.
function matching(pattern: RegExp, problem: string) {
  return z
    .string({ error: requiredOr("must be a string.") })
    .check(z.regex(pattern, { error: (issue) => `${shown(issue.input)} ${problem}` }));
}

const address = matching(
  addressPattern,
  "is not an address: expected 0x followed by 40 hexadecimal characters.",
);

const hashPattern = { error: "is not a transaction hash: expected 0x and 64 hex digits." };
const txHash = z.string({ error: "must be a string." }).check(z.regex(transactionHashPattern, hashPattern));

const compilerVersion = matching(
  /^v?\d+\.\d+\.\d+(?:(?:-[0-9A-Za-z.]+)?\+commit\.[0-9a-f]{8})?$/,
  "is not a compiler version: expected 0.8.28 or the long form v0.8.28+commit.7893614a.",
);

const optimizer = z.optional(
  z.strictObject(
    {
      enabled: z.boolean({ error: requiredOr("must be true or false.") }),
      runs: z.optional(
        z.int({ error: "must be a whole number." }).check(z.nonnegative({ error: "must not be negative." })),
      ),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? "is not an optimizer setting; those are enabled and runs."
          : 'must be an object like { "enabled": true, "runs": 200 }.',
    },
  ),
);

// Entries with no ABI at hand still accept constructorArgs, so that giving it gets a message saying what to do;
// it is left out of the field list those entries show.
const head = { address, contract: text, format: z.optional(z.enum(entryFormats)) };
const tail = {
  constructorArgs: z.optional(
    z.array(z.unknown(), { error: "must be an array of the constructor's argument values." }),
  ),
  constructorArgsHex: z.optional(
    matching(hexPattern, "is not hex bytes: expected an even number of hex digits, 0x optional."),
  ),
  libraries: z.optional(
    z.record(z.string().check(z.minLength(1, { error: "has an empty library name." })), address, {
      error: "must be an object of library name to address.",
    }),
  ),
  proxy: z.optional(z.boolean({ error: "must be true or false." })),
  creationTransactionHash: z.optional(txHash),
};
// The tail of an entry that links no library.
const { libraries: _libraries, ...unlinkedTail } = tail;

function entrySchema<Shape extends z.core.$ZodShape>(shape: Shape, kind: Kind) {
  const names = Object.keys(shape)
    .filter((name) => kind === "build-info" || name !== "constructorArgs")
    .join(", ");
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `is not a field of ${kindNames[kind]}; its fields are ${names}.`
        : "must be an object.",
  });
}

const singleFileShape = {
  ...head,
  source: text,
  compilerVersion,
  optimizer,
  evmVersion: z.optional(text),
  ...tail,
};
const schemas = {
  // Left out, the contract is inferred from the deployed code, where that can be read (readManifest's deployedCode).
  "build-info": entrySchema({ ...head, contract: z.optional(text), ...tail }, "build-info"),
  "standard-json": entrySchema(
    { ...head, standardJsonInput: text, compilerVersion, ...tail },
    "standard-json",
  ),
  "single-file": entrySchema(singleFileShape, "single-file"),
  flattened: entrySchema(singleFileShape, "flattened"),
  vyper: entrySchema(
    {
      ...head,
      source: text,
      compilerVersion: matching(
        /^v?\d+\.\d+\.\d+(?:[0-9A-Za-z.-]*)\+commit\.[0-9a-f]{7,8}$/,
        "is not a Vyper compiler version: expected the long form, like v0.3.10+commit.91361694.",
      ),
      ...unlinkedTail,
    },
    "vyper",
  ),
  registry: entrySchema(
    { ...head, contract: z.optional(text), metadata: text, sources: text, ...unlinkedTail },
    "registry",
  ),
};

const entryProbeSchema = z.looseObject({
  format: z.optional(z.unknown()),
  standardJsonInput: z.optional(z.unknown()),
});

/**
 * Checks one manifest entry's fields (DESIGN §3) and tells which kind of entry it is: found in the build info, a
 * standard JSON input file, a single or flattened file, a Vyper file, or metadata with its sources. Nothing is read
 * from disk here.
 *
 * @param entry - the item of the manifest's `contracts` array
 * @param field - where it is, `contracts[2]`
 * @returns the checked entry
 * @throws {InvalidInputError} naming the field (`contracts[2].address`) when it is malformed
 */
export function checkManifestEntry(entry: unknown, field: string): ManifestEntrySpec {
  const probe = entryProbeSchema.safeParse(entry);
  if (!probe.success || Array.isArray(entry)) {
    throw new InvalidInputError(
      field,
      `${field} must be an object, like { "address": "0x…", "contract": "…" }.`,
    );
  }
  const kind = entryKind(probe.data, field);
  switch (kind) {
    case "build-info": {
      const parsed = parseEntry(schemas["build-info"], entry, field);
      return {
        ...commonFields(parsed, field, kind),
        ...(parsed.contract === undefined ? {} : { contract: parsed.contract }),
        ...(parsed.constructorArgs === undefined ? {} : { constructorArgs: parsed.constructorArgs }),
      };
    }
    case "standard-json": {
      const parsed = parseEntry(schemas["standard-json"], entry, field);
      return {
        ...commonFields(parsed, field, kind),
        contract: parsed.contract,
        standardJsonInput: parsed.standardJsonInput,
        compilerVersion: solidityVersion(parsed.compilerVersion, `${field}.compilerVersion`),
      };
    }
    case "single-file":
    case "flattened": {
      const parsed = parseEntry(schemas[kind], entry, field);
      return {
        ...commonFields(parsed, field, kind),
        contract: parsed.contract,
        source: parsed.source,
        compilerVersion: solidityVersion(parsed.compilerVersion, `${field}.compilerVersion`),
        optimizer: parsed.optimizer ?? { enabled: false },
        ...(parsed.evmVersion === undefined ? {} : { evmVersion: parsed.evmVersion }),
      };
    }
    case "vyper": {
      const parsed = parseEntry(schemas.vyper, entry, field);
      return {
        ...commonFields(parsed, field, kind),
        contract: parsed.contract,
        source: parsed.source,
        compilerVersion: parsed.compilerVersion.startsWith("v")
          ? parsed.compilerVersion
          : `v${parsed.compilerVersion}`,
      };
    }
    case "registry": {
      const parsed = parseEntry(schemas.registry, entry, field);
      return {
        ...commonFields(parsed, field, kind),
        ...(parsed.contract === undefined ? {} : { contract: parsed.contract }),
        metadata: parsed.metadata,
        sources: parsed.sources,
      };
    }
  }
}

function entryKind(entry: { format?: unknown; standardJsonInput?: unknown }, field: string): Kind {
  const { format } = entry;
  if (format === undefined || format === "standard-json") {
    return entry.standardJsonInput === undefined ? "build-info" : "standard-json";
  }
  if (typeof format !== "string")
    throw new InvalidInputError(`${field}.format`, `${field}.format must be a string.`);
  if ((entryFormats as readonly string[]).includes(format)) return format as Kind;
  throw new InvalidInputError(
    `${field}.format`,
    `${field}.format ${shown(format)} is not a format: use flattened, single-file, vyper or registry, or leave it out for standard JSON.`,
  );
}

function parseEntry<Schema extends z.ZodMiniType>(
  schema: Schema,
  entry: unknown,
  field: string,
): z.infer<Schema> {
  const result = schema.safeParse(entry);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue === undefined ? "" : formatIssuePath(issue.path);
  let where = path === "" ? field : `${field}.${path}`;
  if (issue?.code === "unrecognized_keys") where = `${where}.${issue.keys[0] ?? ""}`;
  throw new InvalidInputError(where, `${where} ${issue?.message ?? "is malformed."}`, {
    cause: result.error,
  });
}

// Checked first: constructorArgs needs the ABI only a build info gives, and a build-info entry takes one form.
function commonFields<K extends Kind>(
  parsed: { address: string } & z.infer<z.ZodMiniObject<typeof tail>>,
  field: string,
  kind: K,
): CommonFields & { kind: K } {
  if (parsed.constructorArgs !== undefined && kind !== "build-info") {
    throw new InvalidInputError(
      `${field}.constructorArgs`,
      `${field}.constructorArgs needs the contract's ABI, which only a build info gives: give constructorArgsHex (the ABI-encoded arguments) instead.`,
    );
  }
  if (parsed.constructorArgs !== undefined && parsed.constructorArgsHex !== undefined) {
    throw new InvalidInputError(
      `${field}.constructorArgs`,
      `${field} gives both constructorArgs and constructorArgsHex: keep one.`,
    );
  }
  return {
    kind,
    field,
    address: parsed.address,
    proxy: parsed.proxy ?? false,
    ...(parsed.creationTransactionHash ? { creationTransaction: parsed.creationTransactionHash } : {}),
    ...(parsed.constructorArgsHex === undefined ? {} : { constructorArgsHex: parsed.constructorArgsHex }),
    ...(parsed.libraries === undefined ? {} : { libraries: parsed.libraries }),
  };
}

function solidityVersion(version: string, field: string): string {
  try {
    return longCompilerVersion(version, field);
  } catch (error) {
    if (!isExplorerVerifyError(error)) throw error;
    throw new InvalidInputError(
      field,
      `${field} ${shown(version)} is not a known Solidity release: give the long form, like v0.8.28+commit.7893614a.`,
      { cause: error },
    );
  }
}
