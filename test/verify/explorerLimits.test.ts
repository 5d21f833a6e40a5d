import { describe, expect, it } from "@jest/globals";
import { RateLimiter } from "../../src/client/rateLimiter.js";
import { restNotFound } from "../../src/local-explorer/responses.js";
import { servingVerificationConfig } from "../../src/local-explorer/verificationConfig.js";
import { unbuildableTarget } from "../../src/verify/explorerLimits.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { verifyContract } from "../../src/verify/verifyContract.js";
import { testAddress } from "../support/addresses.js";
import { compilerVersion, fastEngine, standardJsonJob } from "../support/jobs.js";
import { startTestExplorer } from "../support/testExplorer.js";
import { useTestExplorer } from "../support/useTestExplorer.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

// An explorer whose verification config lists solc 0.8.28 and EVM targets up to prague: an osaka build is held back
// before it is sent, and the config is read once for every contract of the verifier.
const { explorer } = await useTestExplorer(
  {},
  {
    rest: servingVerificationConfig(async () => restNotFound(), {
      solidityCompilerVersions: ["v0.8.28+commit.7893614a"],
      solidityEvmVersions: ["default", "london", "paris", "shanghai", "cancun", "prague"],
    }),
  },
);
const client = blockscoutVerifierAt(explorer.url, {
  retryDelayMs: 5,
  rateLimiter: new RateLimiter(Number.POSITIVE_INFINITY),
});

function withTarget(job: VerificationJob, evmVersion: string): VerificationJob {
  if (job.source.format === "standard-json")
    job.source.input.settings = { ...job.source.input.settings, evmVersion };
  return job;
}

const submissions = () => explorer.requestsFor("verifysourcecode");
const configReads = () => explorer.requests.filter((r) => r.path.endsWith("/verification/config"));

describe("an EVM target the explorer does not list", () => {
  it("is not sent, and the record says why and how to send it anyway", async () => {
    const address = testAddress(0x4501);
    explorer.backend.addContract(address);
    const result = await verifyContract(client, withTarget(standardJsonJob(address), "osaka"), fastEngine);
    expect(result).toMatchObject({
      status: "failed",
      attempts: 0,
      error: { code: "evm_version_not_listed", details: "osaka" },
      message:
        "Not sent: the explorer's verification config does not list the EVM target osaka, so it cannot build this contract (it lists london, paris, shanghai, cancun, prague). Build with one it lists, or send it anyway with send-unlisted.",
    });
    expect(submissions()).toHaveLength(0);
  });

  it("is sent with sendUnlisted, and a listed one is sent as ever; the config is read once for both", async () => {
    const insisted = testAddress(0x4502);
    const listed = testAddress(0x4503);
    explorer.backend.addContract(insisted).addContract(listed);
    await expect(
      verifyContract(client, withTarget(standardJsonJob(insisted), "osaka"), {
        ...fastEngine,
        sendUnlisted: true,
      }),
    ).resolves.toMatchObject({ status: "verified", attempts: 1 });
    await expect(
      verifyContract(client, withTarget(standardJsonJob(listed), "prague"), fastEngine),
    ).resolves.toMatchObject({ status: "verified", attempts: 1 });
    expect(submissions()).toHaveLength(2);
    // The first test's verifier read it already: none of these contracts asks again.
    expect(configReads()).toHaveLength(0);
  });
});

describe("a refusal of a build that matches locally", () => {
  it("says the explorer cannot build osaka, with the way out", () => {
    const job = withTarget(standardJsonJob(testAddress(0x4504)), "osaka");
    expect(unbuildableTarget(job, "Fail - Unable to verify")).toEqual({
      message:
        "The explorer could not verify the contract (Fail - Unable to verify), yet it matches locally; this explorer cannot build osaka. Verify it on another target (sourcify, etherscan), or redeploy it built for an older EVM target (cancun).",
      error: { code: "evm_version_not_built", details: "Fail - Unable to verify" },
    });
  });

  it("names the compiler's default target when the input names none (solc 0.8.31 builds for osaka)", () => {
    const job = standardJsonJob(testAddress(0x4505));
    if (job.source.format === "standard-json") job.source.compilerVersion = "v0.8.31+commit.fd3a2265";
    expect(unbuildableTarget(job, "Fail - Unable to verify")?.message).toContain(
      "this explorer cannot build osaka",
    );
  });

  it("says nothing more for cancun and older", () => {
    const job = withTarget(standardJsonJob(testAddress(0x4506)), "cancun");
    expect(unbuildableTarget(job, "Fail - Unable to verify")).toBeUndefined();
  });
});

// An explorer of its own per config: a verifier reads the config once, at its first contract.
async function withConfig(
  config: Parameters<typeof servingVerificationConfig>[1],
  use: (verify: (job: VerificationJob) => ReturnType<typeof verifyContract>) => Promise<void>,
): Promise<{ submissions: number; configReads: number }> {
  const own = await startTestExplorer({
    rest: servingVerificationConfig(async () => restNotFound(), config),
  });
  try {
    const verifier = blockscoutVerifierAt(own.url, {
      retryDelayMs: 5,
      rateLimiter: new RateLimiter(Infinity),
    });
    await use((job) => {
      own.backend.addContract(job.address);
      return verifyContract(verifier, job, fastEngine);
    });
    return {
      submissions: own.requestsFor("verifysourcecode").length,
      configReads: own.requests.filter((r) => r.path.endsWith("/verification/config")).length,
    };
  } finally {
    await own.close();
  }
}

describe("a config that lists only the compiler's default EVM target", () => {
  const config = { solidityCompilerVersions: [compilerVersion], solidityEvmVersions: ["default"] };

  it("sends a build that names no target, and holds back one that names a target, naming no empty list", async () => {
    const counted = await withConfig(config, async (verify) => {
      await expect(verify(standardJsonJob(testAddress(0x4511)))).resolves.toMatchObject({
        status: "verified",
      });
      await expect(verify(withTarget(standardJsonJob(testAddress(0x4512)), "osaka"))).resolves.toMatchObject({
        status: "failed",
        message:
          "Not sent: the explorer's verification config does not list the EVM target osaka, so it cannot build this contract (it lists only the compiler's default). Build with one it lists, or send it anyway with send-unlisted.",
      });
    });
    expect(counted).toEqual({ submissions: 1, configReads: 1 });
  });
});

describe("a config's compiler list", () => {
  it("matches a release and a long version among many, read once for every contract", async () => {
    const many = Array.from(
      { length: 19_999 },
      (_, i) => `v0.4.${i}+commit.${i.toString(16).padStart(8, "0")}`,
    );
    const counted = await withConfig(
      { solidityCompilerVersions: [...many, compilerVersion] },
      async (verify) => {
        for (const [i, version] of [compilerVersion, "0.8.28", "v0.8.28+commit.00000000"].entries()) {
          const job = standardJsonJob(testAddress(0x4521 + i));
          if (job.source.format === "standard-json") job.source.compilerVersion = version;
          await expect(verify(job)).resolves.toMatchObject({ status: i < 2 ? "verified" : "failed" });
        }
      },
    );
    expect(counted).toEqual({ submissions: 2, configReads: 1 });
  });

  it("longer than 20,000 entries is not believed: nothing is held back by it", async () => {
    const many = Array.from(
      { length: 20_001 },
      (_, i) => `v0.4.${i}+commit.${i.toString(16).padStart(8, "0")}`,
    );
    const counted = await withConfig({ solidityCompilerVersions: many }, async (verify) => {
      await expect(verify(standardJsonJob(testAddress(0x4531)))).resolves.toMatchObject({
        status: "verified",
      });
      await expect(verify(standardJsonJob(testAddress(0x4532)))).resolves.toMatchObject({
        status: "verified",
      });
    });
    expect(counted).toEqual({ submissions: 2, configReads: 1 });
  });
});
