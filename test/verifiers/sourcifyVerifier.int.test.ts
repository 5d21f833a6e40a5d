import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { CreationIndex } from "../../src/local-explorer/creationIndex.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import { SourcifyVerifier } from "../../src/verifiers/sourcifyVerifier.js";
import type { VerificationJob } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { startEmulatorServer } from "../support/emulatorServer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";

const engine = {
  polling: { initialIntervalMs: 20, maxIntervalMs: 100, backoffFactor: 1.5, unknownUidGrace: 3 },
  timeoutMs: 60_000,
  concurrency: 2,
};

let chain: HardhatChain;
let emulator: SourcifyEmulator;
let build: FixtureBuild;
let deployer: Deployer;

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  deployer = new Deployer(chain.rpcUrl);
  emulator = await startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 });
}, 120_000);

afterAll(async () => {
  await emulator?.close();
  await chain?.stop();
});

// Sourcify for the chain, as the hall resolves it: a server's API, Sourcify's own pages.
function sourcifyAt(apiUrl: string, reason: string, pollMs?: number): SourcifyVerifier {
  return new SourcifyVerifier(
    {
      service: "sourcify",
      chainId: 31337,
      required: true,
      apiUrl,
      siteUrl: "https://repo.sourcify.dev",
      shownUrl: apiUrl,
      reason,
    },
    { requestsPerSecond: Number.POSITIVE_INFINITY, retryDelayMs: 5 },
    pollMs,
  );
}

const sourcify = () => sourcifyAt(emulator.apiUrl, "the test's stand-in", 20);

function job(
  address: string,
  file: string,
  name: string,
  extra: Partial<VerificationJob> = {},
): VerificationJob {
  return {
    address,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion: build.compilerVersion,
      contractName: `${file}:${name}`,
    },
    ...extra,
  };
}

function registryJob(address: string, file: string, name: string): VerificationJob {
  const metadata = build.output.contracts?.[file]?.[name]?.metadata ?? "";
  const listed = Object.keys((JSON.parse(metadata) as { sources: Record<string, unknown> }).sources);
  return {
    address,
    source: {
      format: "registry",
      metadata,
      sources: listed.map((source) => ({
        name: source,
        content: build.input.sources[source]?.content ?? "",
      })),
    },
  };
}

describe("SourcifyVerifier against the Sourcify stand-in (lib-sourcify)", () => {
  it("verifies for real through the v2 job, then a rerun finds both verified and submits nothing", async () => {
    const token = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Sourcify", 5n]);
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const jobs = [job(token, "contracts/Token.sol", "Token"), job(box, "contracts/Box.sol", "Box")];
    const first = await verifyBatch(jobs, { verifier: sourcify(), ...engine });
    expect(first.map((r) => [r.status, r.url])).toEqual(
      jobs.map((j) => ["verified", `https://repo.sourcify.dev/31337/${j.address}`]),
    );
    const submitted = emulator.submissions().find((r) => r.path === `/v2/verify/31337/${token}`);
    expect(submitted?.body).toEqual({
      stdJsonInput: build.input,
      compilerVersion: build.compilerVersion.replace(/^v/, ""),
      contractIdentifier: "contracts/Token.sol:Token",
    });
    expect(first.map((r) => r.guid)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.any(String)]);

    const before = emulator.requests.length;
    const rerun = await verifyBatch(jobs, { verifier: sourcify(), ...engine });
    expect(rerun.map((r) => [r.status, r.attempts])).toEqual([
      ["already-verified", 0],
      ["already-verified", 0],
    ]);
    expect(emulator.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([`GET /v2/contract/31337/${token}`, `GET /v2/contract/31337/${box}`]),
    );
    expect(emulator.requests.length - before).toBe(2);

    // Asked again regardless (force): Sourcify answers the submission 409, which is already verified.
    const forced = await verifyBatch([jobs[0] as VerificationJob], {
      verifier: sourcify(),
      ...engine,
      force: true,
    });
    expect(forced.map((r) => [r.status, r.attempts])).toEqual([["already-verified", 1]]);
  }, 120_000);

  it("sends the creation transaction's hash, and the record says which code the match covers", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const twin = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const created = (await new CreationIndex(new JsonRpcChain(chain.rpcUrl)).creationOf(box))?.txHash ?? "";
    expect(created).toMatch(/^0x[0-9a-f]{64}$/);
    const [own] = await verifyBatch(
      [job(box, "contracts/Box.sol", "Box", { creationTransaction: created })],
      {
        verifier: sourcify(),
        ...engine,
      },
    );
    expect(own).toMatchObject({
      status: "verified",
      match: "exact_match",
      matches: { runtime: "exact_match", creation: "exact_match" },
    });
    // The hash of another contract's creation: Sourcify matches the runtime code only.
    const [runtimeOnly] = await verifyBatch(
      [job(twin, "contracts/Box.sol", "Box", { creationTransaction: created })],
      { verifier: sourcify(), ...engine },
    );
    expect(runtimeOnly).toMatchObject({
      status: "verified",
      matches: { runtime: "exact_match", creation: null },
    });
    const sent = (address: string) =>
      emulator.submissions().filter((r) => r.path === `/v2/verify/31337/${address}`)[0]?.body
        .creationTransactionHash;
    expect([sent(box), sent(twin)]).toEqual([created, created]);

    // No hash recorded: none is sent. A malformed one is refused before anything is sent.
    const plain = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const [bad, none] = await verifyBatch(
      [
        job(plain, "contracts/Box.sol", "Box", { creationTransaction: "0x1234" }),
        job(plain, "contracts/Box.sol", "Box"),
      ],
      { verifier: sourcify(), ...engine, concurrency: 1 },
    );
    expect(bad).toMatchObject({ status: "failed", attempts: 0, error: { code: "invalid_input" } });
    expect(bad?.message).toBe(
      'Invalid creationTransaction "0x1234": expected a transaction hash, 0x followed by 64 hexadecimal characters.',
    );
    expect(none?.status).toBe("verified");
    expect(
      emulator
        .submissions()
        .filter((r) => r.path === `/v2/verify/31337/${plain}`)
        .map((r) => r.body.creationTransactionHash),
    ).toEqual([undefined]);
  }, 120_000);

  it("fails with Sourcify's own reason when the sources do not match", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const unoptimised = {
      ...build.input,
      settings: { ...build.input.settings, optimizer: { enabled: false } },
    };
    const [result] = await verifyBatch(
      [
        {
          ...job(box, "contracts/Box.sol", "Box"),
          source: {
            ...job(box, "contracts/Box.sol", "Box").source,
            input: unoptimised,
          } as VerificationJob["source"],
        },
      ],
      { verifier: sourcify(), ...engine },
    );
    expect([result?.status, result?.error, result?.message]).toEqual([
      "failed",
      {
        code: "verification_failed",
        details: "The recompiled bytecode length doesn't match the onchain bytecode length.",
      },
      "The explorer could not verify the contract: The recompiled bytecode length doesn't match the onchain bytecode length. Check that the compiler version, optimizer settings, EVM version, build profile and constructor arguments are those of the deployment.",
    ]);
  }, 120_000);

  it("says Sourcify found no contract at an address without code, sending the input once", async () => {
    const nothing = "0x000000000000000000000000000000000000dEaD";
    const before = emulator.submissions().length;
    const [result] = await verifyBatch([job(nothing, "contracts/Box.sol", "Box")], {
      verifier: sourcify(),
      ...engine,
    });
    expect([result?.status, result?.error?.code, result?.message]).toEqual([
      "failed",
      "not_a_contract",
      "The explorer says 0x000000000000000000000000000000000000dEaD is not a contract. It still was not after 1 attempt; check the address and the network.",
    ]);
    expect(emulator.submissions().length - before).toBe(1);
    // The guid looked up alone (the status command names no address): the job's state, in Sourcify's words.
    const guid = result?.guid ?? "";
    await expect(sourcify().status({ id: guid, of: "verification" }, Date.now() + 10_000)).resolves.toEqual({
      state: "fail",
      message: `Chain #31337 does not have a contract deployed at ${nothing}.`,
    });
  }, 120_000);

  it("verifies the registry format through /v2/verify/metadata, through a server error on a poll", async () => {
    const vault = await deployer.deploy(build, "contracts/Vault.sol", "Vault", [7n]);
    let failedOnce = false;
    emulator.faults.applies = (request) => {
      if (failedOnce || request.method !== "GET" || !request.path.startsWith("/v2/verify/")) return false;
      failedOnce = true;
      return true;
    };
    emulator.faults.next({ kind: "html", status: 502 });
    const [result] = await verifyBatch([registryJob(vault, "contracts/Vault.sol", "Vault")], {
      verifier: sourcify(),
      ...engine,
    });
    const applied = { ...emulator.faults.applied };
    emulator.faults.reset();
    expect(result?.status).toBe("verified");
    expect(applied).toEqual({ html: 1 });
    expect(failedOnce).toBe(true);
    const submitted = emulator.submissions().find((r) => r.path === `/v2/verify/metadata/31337/${vault}`);
    expect(Object.keys(submitted?.body ?? {})).toEqual(["metadata", "sources"]);
  }, 120_000);

  it("looks while another run's job on the same address runs, and submits its own once that job left no match", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const path = `/v2/verify/31337/${box}`;
    emulator.faults.applies = (request) => request.method === "POST" && request.path === path;
    emulator.faults.next({
      kind: "status",
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        customCode: "duplicate_verification_request",
        message: `Contract ${box} on chain 31337 is already being verified`,
        errorId: "9b1c2d3e-0000-4000-8000-000000000001",
      }),
    });
    const before = emulator.requests.length;
    const [result] = await verifyBatch([job(box, "contracts/Box.sol", "Box")], {
      verifier: sourcify(),
      ...engine,
      force: true,
    });
    emulator.faults.reset();
    expect(result?.status).toBe("verified");
    // Refused as a duplicate, looked while that job had its time (no match showed), sent again once.
    expect(
      emulator.requests
        .slice(before)
        .filter((r) => !r.path.startsWith("/v2/verify/") || r.method === "POST")
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([`POST ${path}`, ...Array(5).fill(`GET /v2/contract/31337/${box}`), `POST ${path}`]);
  }, 120_000);

  it("needs no constructor arguments: a job that leaves them to be recovered is verified", async () => {
    const token = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Recovered", 9n]);
    const creationBytecode = `0x${build.output.contracts?.["contracts/Token.sol"]?.Token?.evm?.bytecode?.object ?? ""}`;
    const [result] = await verifyBatch(
      [
        job(token, "contracts/Token.sol", "Token", {
          constructorArguments: { recoverFrom: { creationBytecode } },
        }),
      ],
      { verifier: sourcify(), ...engine },
    );
    expect([result?.status, result?.message]).toEqual(["verified", undefined]);
  }, 120_000);

  it("verifies a flattened source as a one-file standard JSON input", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const [result] = await verifyBatch(
      [
        {
          address: box,
          source: {
            format: "flattened",
            sourceCode: build.input.sources["contracts/Box.sol"]?.content ?? "",
            compilerVersion: build.compilerVersion,
            contractName: "Box",
            optimizer: { enabled: true, runs: 200 },
          },
        },
      ],
      { verifier: sourcify(), ...engine },
    );
    expect(result?.status).toBe("verified");
    const submitted = emulator.submissions().find((r) => r.path === `/v2/verify/31337/${box}`);
    expect(submitted?.body).toMatchObject({
      contractIdentifier: "Box.sol:Box",
      stdJsonInput: { language: "Solidity", settings: { optimizer: { enabled: true, runs: 200 } } },
    });
  }, 120_000);

  it("says Sourcify has no proxy link instead of pretending to link one", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const proxy = await deployer.deploy(build, "contracts/SimpleProxy.sol", "SimpleProxy", [box]);
    const notices: string[] = [];
    const results = await verifyBatch([job(box, "contracts/Box.sol", "Box", { proxyAddress: proxy })], {
      verifier: sourcify(),
      ...engine,
      onEvent: (event) => {
        if (event.type === "notice") notices.push(event.message);
      },
    });
    expect(results.map((r) => [r.format, r.status, r.message])).toEqual([
      ["standard-json", "verified", undefined],
    ]);
    expect(notices).toEqual([
      "Sourcify has no proxy link: the proxy and its implementation are verified each as a contract.",
    ]);
    await expect(
      sourcify().submit(
        { format: "proxy", address: proxy, expectedImplementation: box },
        30_000,
        Number.POSITIVE_INFINITY,
      ),
    ).rejects.toThrow(
      "Sourcify has no proxy link: it resolves a proxy's implementation by itself when the contract is looked up. Verify the proxy and the implementation each as a contract.",
    );
  }, 120_000);

  it("takes no job or lookup about another address or chain for a verification of this one", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const other = "0x00000000000000000000000000000000000000aa";
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    // A server that answers every job with another contract's match, and every lookup with another chain's.
    const hostile = await startEmulatorServer(async (request) => {
      if (request.method === "POST") return { status: 202, body: { verificationId: id } };
      if (request.path === `/v2/verify/${id}`)
        return {
          status: 200,
          body: {
            isJobCompleted: true,
            verificationId: id,
            contract: {
              match: "exact_match",
              creationMatch: "exact_match",
              runtimeMatch: "exact_match",
              chainId: "31337",
              address: other,
            },
          },
        };
      return {
        status: 200,
        body: {
          match: "exact_match",
          creationMatch: "exact_match",
          runtimeMatch: "exact_match",
          chainId: "1",
          address: box,
        },
      };
    });
    try {
      const verifier = sourcifyAt(hostile.url, "a hostile server");
      await expect(verifier.lookUp(box, Number.POSITIVE_INFINITY)).resolves.toMatchObject({
        state: "unverified",
      });
      const [result] = await verifyBatch([job(box, "contracts/Box.sol", "Box")], { verifier, ...engine });
      expect(result).toMatchObject({ status: "failed", error: { code: "verification_failed" } });
      expect(result?.message).toContain(
        `Sourcify's job ${id} names ${other} on chain 31337, not ${box} on chain 31337: it is no verification of this contract`,
      );
    } finally {
      await hostile.close();
    }
  }, 60_000);

  it("takes a job id that is no UUID for an answer it cannot read, not for the user's mistake", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const odd = await startEmulatorServer(async (request) =>
      request.method === "POST"
        ? { status: 202, body: { verificationId: "not-a-uuid" } }
        : {
            status: 404,
            body: { match: null, creationMatch: null, runtimeMatch: null, chainId: "31337", address: box },
          },
    );
    try {
      const verifier = sourcifyAt(odd.url, "a server with odd ids");
      const [result] = await verifyBatch([job(box, "contracts/Box.sol", "Box")], { verifier, ...engine });
      expect(result).toMatchObject({ status: "failed", error: { code: "invalid_response" } });
      expect(result?.guid).toBeUndefined();
    } finally {
      await odd.close();
    }
  }, 60_000);

  it("says how Sourcify holds a contract its job calls already verified: the lookup's partial match", async () => {
    const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const id = "3b1e5c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b";
    const held = {
      match: "match",
      runtimeMatch: "match",
      creationMatch: null,
      chainId: "31337",
      address: box,
    };
    const partial = await startEmulatorServer(async (request) => {
      if (request.method === "POST") return { status: 202, body: { verificationId: id } };
      if (request.path === `/v2/verify/${id}`)
        return {
          status: 200,
          body: {
            isJobCompleted: true,
            verificationId: id,
            error: {
              customCode: "already_verified",
              message: "The contract is already verified and the job didn't yield a better match.",
            },
          },
        };
      return { status: 200, body: held };
    });
    try {
      const verifier = sourcifyAt(partial.url, "a server holding a partial match");
      const [result] = await verifyBatch([job(box, "contracts/Box.sol", "Box")], {
        verifier,
        ...engine,
        force: true,
      });
      expect(result).toMatchObject({
        status: "already-verified",
        match: "match",
        matches: { runtime: "match", creation: null },
      });
    } finally {
      await partial.close();
    }
  }, 60_000);
});
