import type { SubmissionOutcome } from "../client/contract/submissionOutcome.js";
import { verifyLibrarySlots } from "../client/contract/verify.js";
import type { ExplorerClient } from "../client/ExplorerClient.js";
import { assertCompilerVersion } from "../client/validate.js";
import { InvalidInputError, UnknownActionError } from "../errors/index.js";
import { longCompilerVersion } from "./compilerVersion.js";
import type { StandardJsonInput, VerificationJob } from "./job.js";

/** One submission the engine may send for a job: which input, and the call that sends it. */
export interface PreparedSubmission {
  input: "minimal" | "full" | "single";
  send(timeoutMs: number): Promise<SubmissionOutcome>;
}

// Explorers that answered `verify_via_registry` with `Unknown action`: they get `verify_via_sourcify` from then on.
const sourcifyNamedExplorers = new Set<string>();

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
  client: ExplorerClient,
  job: VerificationJob,
  constructorArguments: string | undefined,
  candidates: Array<{ kind: "minimal" | "full"; input: StandardJsonInput }>,
): PreparedSubmission[] {
  const { source, address } = job;
  const args = constructorArguments === undefined ? {} : { constructorArguments };
  switch (source.format) {
    case "standard-json": {
      const compilerVersion = longCompilerVersion(source.compilerVersion);
      const input = withLibraries(candidates, job.libraries, source.contractName);
      return input.map((candidate) => ({
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
          send: (timeoutMs) => submitToRegistry(client, { address, files, timeoutMs }),
        },
      ];
    }
  }
}

async function submitToRegistry(
  client: ExplorerClient,
  parameters: Parameters<ExplorerClient["verifyViaRegistry"]>[0],
): Promise<SubmissionOutcome> {
  const explorer = client.urls.base;
  if (sourcifyNamedExplorers.has(explorer)) return client.verifyViaSourcify(parameters);
  try {
    return await client.verifyViaRegistry(parameters);
  } catch (error) {
    if (!(error instanceof UnknownActionError)) throw error;
    sourcifyNamedExplorers.add(explorer);
    return client.verifyViaSourcify(parameters);
  }
}

// Standard JSON carries libraries in its settings; a job's library map is merged in under the contract's file.
function withLibraries(
  candidates: Array<{ kind: "minimal" | "full"; input: StandardJsonInput }>,
  libraries: Record<string, string> | undefined,
  contractName: string,
): Array<{ kind: "minimal" | "full"; input: StandardJsonInput }> {
  const entries = Object.entries(libraries ?? {});
  if (entries.length === 0) return candidates;
  const fileOfContract = contractName.includes(":")
    ? contractName.slice(0, contractName.lastIndexOf(":"))
    : "";
  return candidates.map(({ kind, input }) => {
    const settings = { ...(input.settings ?? {}) };
    const linked: Record<string, Record<string, string>> = {
      ...((settings.libraries as Record<string, Record<string, string>> | undefined) ?? {}),
    };
    for (const [name, address] of entries) {
      const separator = name.lastIndexOf(":");
      const file = separator >= 0 ? name.slice(0, separator) : fileOfContract;
      const library = separator >= 0 ? name.slice(separator + 1) : name;
      linked[file] = { ...(linked[file] ?? {}), [library]: address };
    }
    settings.libraries = linked;
    return { kind, input: { ...input, settings } };
  });
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
