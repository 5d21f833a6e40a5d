import { InvalidInputError, NotSupportedError } from "../errors/index.js";
import { type Libraries, librariesByFile, librarySlots } from "../kernel/libraries.js";
import { assertBodySize, assertCompilerVersion, assertTransactionHash } from "../kernel/validate.js";
import { longCompilerVersion } from "./compilerVersion.js";
import type { StandardJsonInput, VerificationJob } from "./job.js";
import { type Submission, type SubmitOutcome, serviceTitles, type Verifier } from "./verifier.js";

/** One submission the engine may send for a job: which input, and the call that sends it. */
export interface PreparedSubmission {
  input: "minimal" | "full" | "single";
  send(timeoutMs: number, endsAt: number): Promise<SubmitOutcome>;
}

/**
 * Builds the submissions for a job, in the order to try them, checking everything that can be checked before
 * sending: the service takes the format, the compiler version is one, the libraries' addresses are, the source is
 * within what an explorer accepts (the client weighs the encoded body again as it sends).
 *
 * @param constructorArguments - ABI-encoded arguments, hex without `0x` (undefined for none)
 * @param candidates - for standard JSON: the inputs to try (minimal first)
 * @returns the submissions, at least one
 * @throws {InvalidInputError} for input no service could take
 * @throws {NotSupportedError} for a format this service does not take
 */
export function prepareSubmissions(
  verifier: Verifier,
  job: VerificationJob,
  constructorArguments: string | undefined,
  candidates: Array<{ kind: "minimal" | "full"; input: StandardJsonInput }>,
): PreparedSubmission[] {
  const { source, address } = job;
  if (!verifier.capabilities.formats.includes(source.format)) {
    throw new NotSupportedError(
      verifier.service,
      source.format,
      `${serviceTitles[verifier.service]} does not take the ${source.format} format: give ${verifier.capabilities.formats.join(", ")}.`,
    );
  }
  const slots = source.format === "flattened" ? verifier.capabilities.flattenedLibrarySlots : undefined;
  librarySlots(job.libraries, slots ?? Number.POSITIVE_INFINITY, "The flattened format");
  // A service that reads them from the creation transaction is sent none; the creation's hash goes to every
  // verifier, and only Sourcify's sends it.
  const created = job.creationTransaction ?? job.createdBy?.transaction;
  const creation =
    created === undefined
      ? {}
      : { creationTransaction: assertTransactionHash(created, "creationTransaction") };
  const args =
    constructorArguments === undefined || verifier.capabilities.readsConstructorArguments
      ? creation
      : { constructorArguments, ...creation };
  const sending = (input: PreparedSubmission["input"], submission: Submission): PreparedSubmission => {
    assertBodySize(carriedBytes(submission), "source");
    return { input, send: (timeoutMs, endsAt) => verifier.submit(submission, timeoutMs, endsAt) };
  };
  const once = (submission: Submission): PreparedSubmission[] => [sending("single", submission)];
  switch (source.format) {
    case "standard-json": {
      const compilerVersion = longCompilerVersion(source.compilerVersion);
      // Libraries stay out of the input where the service reads linked addresses from the deployed code: adding
      // them to the settings changes the metadata hash, so the match could only be partial.
      const linked = verifier.capabilities.librariesInInput ? job.libraries : undefined;
      return candidates.map((candidate) =>
        sending(candidate.kind, {
          format: "standard-json",
          address,
          contractName: source.contractName,
          compilerVersion,
          input: linked ? withLibraries(candidate.input, linked) : candidate.input,
          ...args,
        }),
      );
    }
    case "single-file":
    case "flattened":
      return once({
        format: source.format,
        address,
        contractName: source.contractName,
        compilerVersion: longCompilerVersion(source.compilerVersion),
        sourceCode: source.sourceCode,
        optimizer: source.optimizer,
        ...(source.evmVersion ? { evmVersion: source.evmVersion } : {}),
        ...(job.libraries ? { libraries: job.libraries } : {}),
        ...args,
      });
    case "vyper":
      return once({
        format: "vyper",
        address,
        contractName: source.contractName,
        compilerVersion: vyperCompilerVersion(source.compilerVersion),
        sourceCode: source.sourceCode,
        ...args,
      });
    case "registry":
      return once({
        format: "registry",
        address,
        files: [{ name: "metadata.json", content: source.metadata }, ...source.sources],
        ...creation,
      });
  }
}

// The bytes of the texts a submission carries: fewer than any body that sends them, weighed without encoding them.
function carriedBytes(submission: Submission): number {
  const texts =
    submission.format === "standard-json"
      ? Object.values(submission.input.sources).map((file) => file.content ?? "")
      : submission.format === "registry"
        ? submission.files.map((file) => file.content)
        : submission.format === "proxy"
          ? []
          : [submission.sourceCode];
  return texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
}

function vyperCompilerVersion(version: string): string {
  try {
    return assertCompilerVersion(version.startsWith("v") ? version : `v${version}`);
  } catch {
    throw new InvalidInputError(
      "compilerVersion",
      `Invalid Vyper compiler version ${JSON.stringify(version)}: give the long form explorers list, like v0.3.10+commit.91361694.`,
    );
  }
}

// The input with the job's libraries in its settings, each under its file. An input that holds libraries already (one
// copied as a service verified it) is sent as it is; a library named without its file cannot be placed.
function withLibraries(input: StandardJsonInput, libraries: Libraries): StandardJsonInput {
  const placed = Object.entries(libraries).filter(([name]) => name.includes(":"));
  if (Object.keys(input.settings?.libraries ?? {}).length > 0 || placed.length === 0) return input;
  return {
    ...input,
    settings: { ...input.settings, libraries: librariesByFile(Object.fromEntries(placed)) },
  };
}
