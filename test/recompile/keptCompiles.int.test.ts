import { createHash } from "node:crypto";
import { chmod, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { SubmissionVerdict } from "../../src/local-explorer/judgeSubmission.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { CompilerOutput } from "../../src/recompile/compiler.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { VerificationEvent } from "../../src/verify/events.js";
import type { StandardJsonInput, VerificationJob } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { blockscoutVerifierAt } from "../support/verifiers.js";

// Forged compile cache entries, as a stranger who can write to the folder leaves them, met through preflight and the
// local explorer (both reading the folder EXPLORER_VERIFY_COMPILE_CACHE names): each is a miss, and the compiler
// decides. What the explorer judged is counted by address.
const named = process.env.EXPLORER_VERIFY_COMPILE_CACHE;
let scratch: string;
let cache: string;
let chain: HardhatChain;
let explorer: LocalExplorer;
let deployer: Deployer;
let deployed: FixtureBuild;
let edited: FixtureBuild;
const judged = new Map<string, SubmissionVerdict[]>();

function boxInput(body: string): StandardJsonInput {
  return {
    language: "Solidity",
    sources: {
      "contracts/Box.sol": {
        content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Box {\n  uint256 public value;\n  function get() external view returns (uint256) { return ${body}; }\n}\n`,
      },
    },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } },
    },
  };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "explorer-verify-kept-compiles-"));
  cache = join(scratch, "cache");
  process.env.EXPLORER_VERIFY_COMPILE_CACHE = cache;
  chain = await startHardhatChain();
  deployer = new Deployer(chain.rpcUrl);
  deployed = compileFixture(boxInput("value + 1"));
  edited = compileFixture(boxInput("value + 2"));
  explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    onVerdict: (address, verdict) => judged.set(address, [...(judged.get(address) ?? []), verdict]),
  });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
  if (named === undefined) delete process.env.EXPLORER_VERIFY_COMPILE_CACHE;
  else process.env.EXPLORER_VERIFY_COMPILE_CACHE = named;
  await rm(scratch, { recursive: true, force: true });
});

function job(address: string, build: FixtureBuild, compilerVersion = build.compilerVersion): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion,
      contractName: "contracts/Box.sol:Box",
    },
  };
}

async function run(verificationJob: VerificationJob, preflight: boolean) {
  const events: VerificationEvent[] = [];
  const [result] = await verifyBatch([verificationJob], {
    verifier: blockscoutVerifierAt(explorer.url, { requestsPerSecond: Number.POSITIVE_INFINITY }),
    rpc: { rpcUrl: chain.rpcUrl },
    preflight,
    polling: { initialIntervalMs: 50, maxIntervalMs: 200, backoffFactor: 1.5, unknownUidGrace: 3 },
    onEvent: (event) => events.push(event),
  });
  const checked = events.find((event) => event.type === "preflight");
  return { result: result!, preflight: checked && "diagnosis" in checked ? checked.diagnosis : undefined };
}

function judgedAt(address: string): string[] {
  return (judged.get(address.toLowerCase()) ?? judged.get(address) ?? []).map((verdict) => verdict.code);
}

// Rewrites every entry the folder holds (a stranger's edit keeps the file's name, owner and mode).
async function forgeEntries(forge: (entry: Record<string, unknown>) => unknown): Promise<number> {
  const entries = (await readdir(cache)).filter((name) => name.endsWith(".json"));
  for (const name of entries) {
    const path = join(cache, name);
    await writeFile(path, JSON.stringify(forge(JSON.parse(await readFile(path, "utf8")))));
  }
  return entries.length;
}

// An entry that keeps every claim of its own (input, compiler, contracts, metadata) and holds the deployed build's
// code in the place of Box's.
function deployedCode(entry: Record<string, unknown>): unknown {
  const box = boxOf(entry);
  if (box) box.evm = deployed.output.contracts?.["contracts/Box.sol"]?.Box?.evm;
  return entry;
}

function boxOf(entry: Record<string, unknown>) {
  return (entry.output as CompilerOutput | undefined)?.contracts?.["contracts/Box.sol"]?.Box;
}

const mismatch =
  "Preflight: the executable code differs from the deployed code, and no common setting change (optimizer, runs, viaIR, EVM version, metadata) makes it match. The sources differ from those deployed, or the compiler version does.";

describe("a forged compile cache entry is a miss", () => {
  it("through preflight: another compilation's output under an edited source's name stops it, nothing sent", async () => {
    const address = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    const honest = await run(job(address, edited), true);
    expect(honest.preflight).toBe(mismatch);
    // The deployed source's output, as the unchecked cache kept it (an output alone), then with a right-looking header.
    const forgeries = [
      () => deployed.output,
      (entry: Record<string, unknown>) => ({ ...entry, output: deployed.output }),
      deployedCode,
    ];
    for (const forgery of forgeries) {
      expect(await forgeEntries(forgery)).toBeGreaterThan(1);
      const { result, preflight } = await run(job(address, edited), true);
      expect(preflight).toBe(mismatch);
      expect(result).toMatchObject({ status: "failed", attempts: 0, error: { code: "bytecode" } });
    }
    expect(judgedAt(address)).toEqual([]);
  }, 180_000);

  it("through the local explorer: the edited source is refused, never recorded as the contract's", async () => {
    const address = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    const honest = await run(job(address, edited), false);
    expect(honest.result).toMatchObject({ status: "failed", error: { code: "bytecode" } });
    for (const forgery of [() => deployed.output, deployedCode]) {
      expect(await forgeEntries(forgery)).toBeGreaterThan(1);
      const { result } = await run(job(address, edited), false);
      expect(result).toMatchObject({
        status: "failed",
        attempts: 1,
        error: { code: "bytecode", details: "Fail - Unable to verify" },
      });
    }
    expect(judgedAt(address)).toEqual(["bytecode", "bytecode", "bytecode"]);
    const shown = (await (await fetch(`${explorer.url}/api/v2/smart-contracts/${address}`)).json()) as {
      is_verified?: boolean;
    };
    expect(shown.is_verified).not.toBe(true);
  }, 180_000);

  it("an entry `{}` does not refuse the right source: it is compiled again, through preflight and the explorer", async () => {
    const first = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    const second = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    expect((await run(job(first, deployed), true)).result.status).toBe("verified");
    expect(await forgeEntries(() => ({}))).toBeGreaterThan(0);
    const { result, preflight } = await run(job(second, deployed), true);
    expect(preflight).toBe("Preflight: perfect match.");
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(judgedAt(second)).toEqual(["perfect"]);
  }, 180_000);
});

describe("a kept entry answers only for its own input and carries nothing but a perfect match", () => {
  // The deployed source with the optimizer off: it does not build the deployed code.
  const optimizerOff = (): FixtureBuild => ({
    ...deployed,
    input: {
      ...deployed.input,
      settings: { ...deployed.input.settings, optimizer: { enabled: false, runs: 200 } },
    },
  });

  it("another build of the same source (the optimizer on) filed under this input is a miss, through the explorer and preflight", async () => {
    const address = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    expect((await run(job(address, optimizerOff()), false)).result).toMatchObject({
      error: { code: "settings" },
    });
    expect(await forgeEntries((entry) => ({ ...entry, output: deployed.output }))).toBeGreaterThan(1);
    const explorerRun = await run(job(address, optimizerOff()), false);
    expect(explorerRun.result).toMatchObject({ status: "failed", attempts: 1, error: { code: "settings" } });
    const preflightRun = await run(job(address, optimizerOff()), true);
    expect(preflightRun.preflight).toMatch(/^Preflight: The executable code differs .*optimizer/);
    expect(preflightRun.result).toMatchObject({ status: "failed", attempts: 0 });
    expect(judgedAt(address)).toEqual(["bytecode", "bytecode"]);
  }, 180_000);

  it("an entry whose code was emptied or left out does not refuse the right source, through preflight and the explorer", async () => {
    for (const emptied of [
      (box: NonNullable<ReturnType<typeof boxOf>>) => {
        box.evm = { bytecode: { object: "" }, deployedBytecode: { object: "" } };
      },
      (box: NonNullable<ReturnType<typeof boxOf>>) => {
        delete box.evm;
      },
    ]) {
      const address = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
      await run(job(await deployer.deploy(deployed, "contracts/Box.sol", "Box"), deployed), true);
      expect(
        await forgeEntries((entry) => {
          const box = boxOf(entry);
          if (box) emptied(box);
          return entry;
        }),
      ).toBeGreaterThan(0);
      const { result, preflight } = await run(job(address, deployed), true);
      expect(preflight).toBe("Preflight: perfect match.");
      expect(result).toMatchObject({ status: "verified", attempts: 1 });
      expect(judgedAt(address)).toEqual(["perfect"]);
    }
  }, 180_000);
});

describe("a compiler's version comes from the compiler, never from a file beside it", () => {
  const soljson = createRequire(import.meta.url).resolve("solc/soljson.js");
  // Where the cache once remembered a solc-js file's version, by its path, size and time.
  async function versionFile(): Promise<string> {
    const { size, mtimeMs } = await stat(soljson);
    return join(
      cache,
      `version-${createHash("sha256").update(`${soljson}\n${size}\n${mtimeMs}`).digest("hex")}.txt`,
    );
  }

  it("a side file calling the npm solc 0.8.28 `0.8.30+commit.73712a01` makes no v0.8.30 verification", async () => {
    const address = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    await writeFile(await versionFile(), "0.8.30+commit.73712a01");
    const { result, preflight } = await run(job(address, deployed, "v0.8.30+commit.73712a01"), true);
    expect(preflight).toMatch(
      /^Preflight skipped: No local compiler for v0\.8\.30\+commit\.73712a01\. Tried: Solc 0\.8\.28\+commit\.7893614a at /,
    );
    expect(result.status).toBe("failed");
    expect(judgedAt(address)).toEqual(["no_compiler"]);
  }, 120_000);

  it("a side file that is a link to an outside file is never read", async () => {
    const address = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    const outside = join(scratch, "outside.txt");
    await writeFile(outside, "OUTSIDE-SECRET-LINE");
    const file = await versionFile();
    await rm(file, { force: true });
    await symlink(outside, file);
    const { result, preflight } = await run(job(address, deployed), true);
    expect(preflight).toBe("Preflight: perfect match.");
    expect(result).toMatchObject({ status: "verified", attempts: 1 });
    expect(JSON.stringify(result)).not.toContain("OUTSIDE-SECRET");
    expect(judgedAt(address)).toEqual(["perfect"]);
  }, 120_000);
});

describe("the local explorer's verdict rests on the matched code's metadata, not on what compiled alone", () => {
  it("code whose metadata names solc 0.8.28 is not verified as v0.8.30, whatever answered for 0.8.30", async () => {
    const address = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    // A compiler that says it is 0.8.30 and answers with what 0.8.28 builds, as a forged entry would.
    const liar = join(scratch, "solc-liar");
    const standIn = join(process.cwd(), "test", "support", "native-solc", "solc");
    await writeFile(
      liar,
      `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "Version: 0.8.30+commit.73712a01.Linux.g++"; exit 0; fi\nexec "${standIn}" "$@"\n`,
      { mode: 0o700 },
    );
    const verdicts: SubmissionVerdict[] = [];
    const lied = await startLocalExplorer({
      rpcUrl: chain.rpcUrl,
      stateFile: false,
      compilers: [liar],
      onVerdict: (_address, verdict) => verdicts.push(verdict),
    });
    try {
      const [result] = await verifyBatch([job(address, deployed, "v0.8.30+commit.73712a01")], {
        verifier: blockscoutVerifierAt(lied.url, { requestsPerSecond: Number.POSITIVE_INFINITY }),
        polling: { initialIntervalMs: 50, maxIntervalMs: 200, backoffFactor: 1.5, unknownUidGrace: 3 },
      });
      expect(result).toMatchObject({ status: "failed", attempts: 1 });
      expect(verdicts).toMatchObject([
        {
          ok: false,
          code: "bytecode",
          explanation:
            "The code's metadata names solc 0.8.28, not the claimed 0.8.30: it was not built by the compiler claimed.",
        },
      ]);
    } finally {
      await lied.close();
    }
  }, 120_000);
});

describe("the folder is the user's own", () => {
  it("a world-writable folder is refused in one line: by preflight before anything is sent, and by the explorer", async () => {
    const address = await deployer.deploy(deployed, "contracts/Box.sol", "Box");
    const refusal = `The compile cache ${cache} (EXPLORER_VERIFY_COMPILE_CACHE) is writable by others (mode 777): keep it to yourself (chmod 700, owned by you), or name another folder.`;
    await chmod(cache, 0o777);
    try {
      const { result } = await run(job(address, deployed), true);
      expect(result).toMatchObject({
        status: "failed",
        attempts: 0,
        message: refusal,
        error: { code: "invalid_input" },
      });
      expect(judgedAt(address)).toEqual([]);
      await expect(startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false })).rejects.toThrow(refusal);
    } finally {
      await chmod(cache, 0o700);
    }
  }, 120_000);
});
