import { InvalidInputError, isExplorerVerifyError } from "../../errors/index.js";
import { eachAtMost } from "../../kernel/eachAtMost.js";
import { maxJsonDepth, nestsDeeperThan } from "../../kernel/jsonDepth.js";
import { assertAddress } from "../../kernel/validate.js";
import { verifiedInputReaderFor } from "../../verifiers/verifierFor.js";
import type { VerificationJob } from "../../verify/job.js";
import { type Service, serviceTitles } from "../../verify/verifier.js";
import type { RunResults } from "../report/runResults.js";
import { describeTargets } from "../targets/targets.js";
import { runTransport } from "./runTransport.js";
import { type RunVerifyRequest, runVerify } from "./runVerify.js";
import type { UnsentContract } from "./unsentRecords.js";

/** Contracts read at once from the source service. */
const readsAtOnce = 4;

/**
 * One `copy`, as a door hands it to the hall: its targets are the source's and those to verify on, resolved once by
 * {@link resolveTargets} (services `[from, ...to]`); the rest is as in {@link runVerify}.
 */
export type RunCopyRequest = Pick<
  RunVerifyRequest,
  "targets" | "settings" | "ledger" | "reporter" | "interruptible"
> & {
  /** The contracts, on the run's one chain. */
  addresses: readonly string[];
  /** The service whose verifications are read. */
  from: Service;
};

/**
 * Copies verifications from one service to others: reads each contract's verified sources and settings from the
 * `from` service (Blockscout's checked `getsourcecode`, Etherscan's `getsourcecode`, Sourcify's lookup), rebuilds the
 * standard JSON input (same compiler, settings, libraries and constructor arguments), and verifies it on every other
 * target through {@link runVerify}: the same engine, ledger, limits and records as `verify`. A partial match is copied
 * and its records say so; a contract the source holds no verification of its own for (a bytecode twin, a clone, one
 * verified from the explorer's bytecode database, a Vyper contract) is not copied: a failed record `not_verified` on
 * each target says why.
 *
 * @param request - the addresses, the source, the targets, how, and where to report
 * @returns every record
 * @throws {InvalidInputError} for a malformed address, a run on several chains, or a source that is also a target,
 *   before any request
 */
export async function runCopy(request: RunCopyRequest): Promise<RunResults> {
  const { from, targets, settings, reporter } = request;
  const addresses = [...new Map(request.addresses.map((a) => [assertAddress(a).toLowerCase(), a])).values()];
  const source = targets.targets.filter((target) => target.service === from);
  const destinations = targets.targets.filter((target) => target.service !== from);
  const [sourceTarget] = source;
  if (!sourceTarget || source.length > 1 || targets.chainIds.length !== 1)
    throw new InvalidInputError("chainId", "copy reads and verifies on one chain: give one chain id.");
  if (destinations.length === 0)
    throw new InvalidInputError(
      "to",
      `copy verifies on the services it does not read from: name one other than ${from}.`,
    );
  const chainId = sourceTarget.chainId;
  reporter.info(
    `Reading ${addresses.length} contract${addresses.length === 1 ? "" : "s"} from ${describeTargets(source)}`,
  );
  const read = verifiedInputReaderFor(sourceTarget, runTransport(settings, reporter.event));
  const readings = await eachAtMost(readsAtOnce, addresses, (address) =>
    read(address).catch((error: unknown) => {
      if (!isExplorerVerifyError(error)) throw error;
      return error;
    }),
  );
  const jobs: VerificationJob[] = [];
  const unsent: UnsentContract[] = [];
  const title = serviceTitles[from];
  for (const [index, address] of addresses.entries()) {
    const reading = readings[index];
    if (reading === undefined) continue;
    const notCopied = (said: string, error: UnsentContract["error"]) =>
      unsent.push({ address, contract: address, chainId, message: `Not copied: ${said}`, error });
    if (reading instanceof Error) {
      // An answer that came but cannot be read says so itself; any other failure is the reading's.
      const said =
        reading.code === "invalid_response"
          ? reading.shortMessage.replace(/^The (explorer|service)\b/, title)
          : `reading it from ${title} failed: ${reading.shortMessage}`;
      notCopied(said, { code: reading.code, ...(reading.details ? { details: reading.details } : {}) });
      continue;
    }
    if (!reading.found) {
      notCopied(reading.reason.replace(/^The (explorer|service)\b/, title), {
        code: "not_verified",
        details: reading.standing,
      });
      continue;
    }
    const { verified } = reading;
    // Hashed, compared and written whole from here on: a stranger's nesting is bounded before any of it.
    if (nestsDeeperThan(verified)) {
      notCopied(
        `${title}'s answer cannot be read: its input nests objects and arrays more than ${maxJsonDepth} deep, which no standard JSON input does.`,
        { code: "invalid_response" },
      );
      continue;
    }
    jobs.push({
      address,
      ...(chainId === undefined ? {} : { chainId }),
      source: {
        format: "standard-json",
        input: verified.input,
        compilerVersion: verified.compilerVersion,
        contractName: verified.contractName,
      },
      ...(verified.constructorArguments
        ? { constructorArguments: { hex: verified.constructorArguments } }
        : {}),
      ...(Object.keys(verified.libraries).length > 0 ? { libraries: verified.libraries } : {}),
      copiedFrom: { service: from, match: verified.match },
    });
  }
  return runVerify({ ...request, jobs, unsent, targets: { ...targets, targets: destinations } });
}
