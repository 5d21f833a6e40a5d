import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { verifyContract } from "../../src/verify/verifyContract.js";
import { testAddress } from "../support/addresses.js";
import { fastEngine, flattenedJob } from "../support/jobs.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

const { explorer } = await useTestExplorer();
const client = blockscoutVerifierAt(explorer.url, {
  retryDelayMs: 5,
  rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
});
const address = testAddress(0x1d01);

describe("the newer verifier's mismatch text", () => {
  it("is explained like `Bytecode does not match`: compiler, settings and constructor arguments to check", async () => {
    // Blockscout's verifier-service path fails `verify` with this text inside the publishing changeset.
    explorer.backend
      .addContract(address)
      .script(address, { result: "fail", failReason: "No contract could be verified with provided data" });
    const result = await verifyContract(client, flattenedJob(address), fastEngine);
    expect(result.status).toBe("failed");
    expect(result.message).toBe(
      'The explorer could not verify the contract: Something went wrong while publishing the contract: [contract_source_code: {"No contract could be verified with provided data", []}]. Check that the compiler version, optimizer settings, EVM version, build profile and constructor arguments are those of the deployment.',
    );
  });
});
