import type { VerificationJob } from "../../src/verify/job.js";
import { VirtualClock } from "./virtualClock.js";

export const compilerVersion = "v0.8.28+commit.7893614a";

/**
 * A standard-JSON job for a contract of a made-up two-file build.
 * @param address - where it lives
 * @param overrides - any job field
 * @returns the job
 */
export function standardJsonJob(address: string, overrides: Partial<VerificationJob> = {}): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input: {
        language: "Solidity",
        sources: {
          "project/contracts/Token.sol": { content: "import './Math.sol'; contract Token {}" },
          "project/contracts/Math.sol": { content: "library Math {}" },
          "project/contracts/Unrelated.sol": { content: "contract Unrelated {}" },
        },
        settings: { optimizer: { enabled: true, runs: 200 } },
      },
      compilerVersion,
      contractName: "project/contracts/Token.sol:Token",
    },
    ...overrides,
  };
}

/**
 * A flattened-source job (Blockscout's synchronous `verify`).
 * @param address - where it lives
 * @param overrides - any job field
 * @returns the job
 */
export function flattenedJob(address: string, overrides: Partial<VerificationJob> = {}): VerificationJob {
  return {
    address,
    source: {
      format: "flattened",
      sourceCode: "contract Box { uint256 public x; }",
      compilerVersion,
      contractName: "Box",
      optimizer: { enabled: true, runs: 200 },
    },
    ...overrides,
  };
}

/** Engine settings that keep tests fast against a real explorer or in a child process: short polls and waits. */
export const fastEngineOnRealTime = {
  polling: { initialIntervalMs: 5, maxIntervalMs: 20, backoffFactor: 1.5, unknownUidGrace: 3 },
  notIndexedRetryMs: 5,
  notIndexedWindowMs: 100,
};

/** The same for the unit lane, whose stand-ins answer in no time. */
export const fastEngine = {
  ...fastEngineOnRealTime,
  // The engine's waits on a clock of the test's own: how busy the machine is decides none of them.
  clock: new VirtualClock(),
};
