import type { SubmissionOutcome } from "../client/contract/submissionOutcome.js";
import { verifyLibrarySlots } from "../client/contract/verify.js";
import { assertCompilerVersion } from "../client/validate.js";
import { InvalidInputError } from "../errors/index.js";
import { longCompilerVersion } from "./compilerVersion.js";
import type { StandardJsonInput, VerificationJob } from "./job.js";
import type { Verifier } from "./verifier.js";

/** One submission the engine may send for a job: which input, and the call that sends it. */
export interface PreparedSubmission {
  input: "minimal" | "full" | "single";
  send(timeoutMs: number): Promise<SubmissionOutcome>;
}

/**
 * Builds the submissions for a job, in the order to try them, checking everything that can be checked before
 * sending: compiler version, constructor arguments, library slots.
 *
 * @param client - the explorer
 * @param job - the job
 * @param constructorArguments - ABI-encoded arguments, hex without `0x` (undefined for none)
 * @param candidates - for standard JSON: the inputs to try (minimal first)
 * @returns the submissions, at least one
 * @throws {InvalidInputError} for input no explorer could take
 */
export function prepareSubmissions(
  client: Verifier,
  job: VerificationJob,
  constructorArguments: string | undefined,
  candidates: Array<{ kind: "minimal" | "full"; input: StandardJsonInput }>,
): PreparedSubmission[] {
  const { source, address } = job;
  const args = constructorArguments === undefined ? {} : { constructorArguments };
  switch (source.format) {
    case "standard-json": {
      const compilerVersion = longCompilerVersion(source.compilerVersion);
      // Libraries stay out of the input: explorers read linked addresses from the deployed code, and adding them
      // to the settings would change the metadata hash, so the match could only be partial.
      return candidates.map((candidate) => ({
        input: candidate.kind,
        send: (timeoutMs) =>
          client.verifySourceCode({
            codeFormat: "solidity-standard-json-input",
            address,
            contractName: source.contractName,
            compilerVersion,
            standardJsonInput: candidate.input,
            timeoutMs,
            ...args,
          }),
      }));
    }
    case "single-file": {
      const compilerVersion = longCompilerVersion(source.compilerVersion);
      return [
        {
          input: "single",
          send: (timeoutMs) =>
            client.verifySourceCode({
              codeFormat: "solidity-single-file",
              address,
              contractName: source.contractName,
              compilerVersion,
              sourceCode: source.sourceCode,
              optimizationUsed: source.optimizer.enabled,
              ...(source.optimizer.runs === undefined ? {} : { runs: source.optimizer.runs }),
              ...(source.evmVersion ? { evmVersion: source.evmVersion } : {}),
              ...(job.libraries ? { libraries: job.libraries } : {}),
              timeoutMs,
              ...args,
            }),
        },
      ];
    }
    case "flattened": {
      const compilerVersion = longCompilerVersion(source.compilerVersion);
      if (Object.keys(job.libraries ?? {}).length > verifyLibrarySlots) {
        throw new InvalidInputError(
          "libraries",
          `The flattened format has ${verifyLibrarySlots} library slots, but ${Object.keys(job.libraries ?? {}).length} libraries were given: use the standard-json format, which carries any number.`,
        );
      }
      return [
        {
          input: "single",
          send: (timeoutMs) =>
            client.verify({
              address,
              name: source.contractName,
              compilerVersion,
              optimization: source.optimizer.enabled,
              ...(source.optimizer.runs === undefined ? {} : { optimizationRuns: source.optimizer.runs }),
              ...(source.evmVersion ? { evmVersion: source.evmVersion } : {}),
              contractSourceCode: source.sourceCode,
              ...(job.libraries ? { libraries: job.libraries } : {}),
              timeoutMs,
              ...args,
            }),
        },
      ];
    }
    case "vyper": {
      const compilerVersion = vyperCompilerVersion(source.compilerVersion);
      return [
        {
          input: "single",
          send: (timeoutMs) =>
            client.verifyVyperContract({
              address,
              name: source.contractName,
              compilerVersion,
              contractSourceCode: source.sourceCode,
              timeoutMs,
              ...args,
            }),
        },
      ];
    }
    case "registry": {
      const files = [{ name: "metadata.json", content: source.metadata }, ...source.sources];
      return [
        {
          input: "single",
          send: (timeoutMs) => client.verifyViaRegistry({ address, files, timeoutMs }),
        },
      ];
    }
  }
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
