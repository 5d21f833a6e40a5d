import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { request } from "undici";
import { getAddress } from "viem";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import * as z from "../../src/kernel/zod.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { smartContractSchema } from "../../src/schemas/rest/smartContract.js";
import type { StandardJsonInput } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// The local explorer's `GET /api/v2/smart-contracts/{address}` holds every key real Blockscout's does
// (blockscout-api.md §24), for a contract verified itself, partially, through a bytecode twin, and not at all.
let chain: HardhatChain;
let explorer: LocalExplorer;
let client: ExplorerClient;
let build: FixtureBuild;
const at: Record<"token" | "twin" | "box" | "library" | "calculator" | "vault", string> = {
  token: "",
  twin: "",
  box: "",
  library: "",
  calculator: "",
  vault: "",
};

const hex = z.string().check(z.regex(/^0x[0-9a-f]*$/i));
const checksummed = z.string().check(z.refine((value) => value === getAddress(value), "not checksummed"));
const implementation = z.strictObject({ address_hash: checksummed, name: z.nullable(z.string()) });
const proxyKeys = {
  proxy_type: z.nullable(z.string()),
  implementations: z.array(implementation),
  conflicting_implementations: z.nullable(z.array(implementation)),
};
const bytecodeKeys = {
  deployed_bytecode: z.nullable(hex),
  creation_bytecode: z.nullable(hex),
  creation_status: z.enum(["success", "failed", "selfdestructed"]),
};

/** §24: a contract with a verified record, its own or a stand-in's. Every key, nothing else. */
const verifiedAnswerSchema = z.strictObject({
  verified_twin_address_hash: z.nullable(checksummed),
  is_verified: z.boolean(),
  is_changed_bytecode: z.boolean(),
  is_partially_verified: z.boolean(),
  is_fully_verified: z.boolean(),
  is_verified_via_sourcify: z.boolean(),
  is_verified_via_eth_bytecode_db: z.boolean(),
  is_verified_via_verifier_alliance: z.boolean(),
  ...proxyKeys,
  sourcify_repo_url: z.nullable(z.string()),
  can_be_visualized_via_sol2uml: z.boolean(),
  name: z.string(),
  compiler_version: z.string(),
  optimization_enabled: z.boolean(),
  optimization_runs: z.nullable(z.number()),
  evm_version: z.nullable(z.string()),
  verified_at: z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)),
  abi: z.array(z.looseObject({ type: z.string() })),
  source_code: z.string(),
  file_path: z.string(),
  additional_sources: z.array(z.strictObject({ source_code: z.string(), file_path: z.string() })),
  compiler_settings: z.nullable(z.record(z.string(), z.unknown())),
  external_libraries: z.array(z.strictObject({ name: z.string(), address_hash: checksummed })),
  constructor_args: z.nullable(z.string()),
  decoded_constructor_args: z.nullable(z.array(z.tuple([z.unknown(), z.looseObject({ type: z.string() })]))),
  language: z.enum(["solidity", "vyper", "yul"]),
  license_type: z.string(),
  certified: z.boolean(),
  is_blueprint: z.boolean(),
  ...bytecodeKeys,
});

/** §24: an address without a verified record or twin answers the proxy and bytecode keys only. */
const unverifiedAnswerSchema = z.strictObject({ ...proxyKeys, ...bytecodeKeys });

async function answerFor(address: string): Promise<Record<string, unknown>> {
  const response = await request(`${explorer.url}/api/v2/smart-contracts/${address}`);
  expect(response.statusCode).toBe(200);
  return (await response.body.json()) as Record<string, unknown>;
}

async function verify(address: string, contractName: string, input: StandardJsonInput): Promise<string> {
  const outcome = await client.verifySourceCode({
    address,
    codeFormat: "solidity-standard-json-input",
    contractName,
    compilerVersion: build.compilerVersion,
    standardJsonInput: input,
  });
  if (outcome.kind !== "guid") throw new Error(`expected a guid, got ${outcome.kind}`);
  for (;;) {
    const status = await client.checkVerifyStatus({ guid: outcome.guid });
    if (status.state !== "pending") return status.message;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  chain = await startHardhatChain();
  const settings = { optimizer: { enabled: true, runs: 200 } };
  build = compileFixture(fixtureInput(settings));
  const deployer = new Deployer(chain.rpcUrl);
  at.token = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Answer", 42n]);
  at.twin = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Answer", 42n]);
  at.box = await deployer.deploy(build, "contracts/Box.sol", "Box");
  at.library = await deployer.deploy(build, "contracts/MathLib.sol", "MathLib");
  at.calculator = await deployer.deploy(build, "contracts/Calculator.sol", "Calculator", [], {
    "contracts/MathLib.sol:MathLib": at.library,
  });
  at.vault = await deployer.deploy(build, "contracts/Vault.sol", "Vault", [1000n]);
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
  client = new ExplorerClient({ explorerUrl: explorer.url, requestsPerSecond: Number.POSITIVE_INFINITY });
  await expect(verify(at.token, "contracts/Token.sol:Token", build.input)).resolves.toBe("Pass - Verified");
  await expect(verify(at.calculator, "contracts/Calculator.sol:Calculator", build.input)).resolves.toBe(
    "Pass - Verified",
  );
  // Only a comment differs: the executable code matches, the metadata hash does not.
  const edited = fixtureInput(settings, (name, content) =>
    name === "contracts/Box.sol" ? `${content}\n// edited\n` : content,
  );
  await expect(verify(at.box, "contracts/Box.sol:Box", edited)).resolves.toBe("Pass - Verified");
}, 240_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

describe("GET /api/v2/smart-contracts/{address} on the local explorer", () => {
  it("a contract verified itself: every key of §24, with its sources, ABI, settings and decoded arguments", async () => {
    const answer = verifiedAnswerSchema.parse(await answerFor(at.token));
    const compiled = build.output.contracts?.["contracts/Token.sol"]?.Token;
    expect(answer).toMatchObject({
      verified_twin_address_hash: null,
      is_verified: true,
      is_changed_bytecode: false,
      is_partially_verified: false,
      is_fully_verified: true,
      is_verified_via_sourcify: false,
      sourcify_repo_url: null,
      proxy_type: null,
      implementations: [],
      conflicting_implementations: null,
      name: "Token",
      compiler_version: build.compilerVersion,
      optimization_enabled: true,
      optimization_runs: 200,
      abi: compiled?.abi,
      file_path: "contracts/Token.sol",
      external_libraries: [],
      language: "solidity",
      license_type: "mit",
      certified: false,
      is_blueprint: false,
      creation_status: "success",
      decoded_constructor_args: [
        ["Answer", { name: "name_", type: "string", internalType: "string" }],
        ["42", { name: "supply", type: "uint256", internalType: "uint256" }],
      ],
    });
    expect(answer.source_code).toContain("contract Token");
    expect(answer.additional_sources.map((source) => source.file_path)).toContain("contracts/Box.sol");
    expect(answer.compiler_settings).toMatchObject({ optimizer: { enabled: true, runs: 200 } });
    expect(answer.compiler_settings).not.toHaveProperty("outputSelection");
    expect(answer.constructor_args).toMatch(/^[0-9a-f]+$/);
    expect(answer.deployed_bytecode).toBe(`0x${compiled?.evm?.deployedBytecode?.object}`);
    expect(answer.creation_bytecode?.startsWith(`0x${compiled?.evm?.bytecode?.object}`)).toBe(true);
    expect(Date.now() - Date.parse(answer.verified_at)).toBeLessThan(10 * 60_000);
  });

  it("a partially verified contract says so, and is not fully verified", async () => {
    const answer = verifiedAnswerSchema.parse(await answerFor(at.box));
    expect(answer).toMatchObject({
      is_verified: true,
      is_partially_verified: true,
      is_fully_verified: false,
      name: "Box",
      constructor_args: null,
      decoded_constructor_args: null,
    });
  });

  it("a contract linked against a library names it, checksummed", async () => {
    const answer = verifiedAnswerSchema.parse(await answerFor(at.calculator));
    expect(answer.external_libraries).toEqual([
      { name: "contracts/MathLib.sol:MathLib", address_hash: getAddress(at.library) },
    ]);
  });

  it("a bytecode twin shows the verified contract's fields, and is not verified itself", async () => {
    const answer = verifiedAnswerSchema.parse(await answerFor(at.twin));
    expect(answer).toMatchObject({
      verified_twin_address_hash: getAddress(at.token),
      is_verified: false,
      is_partially_verified: false,
      is_fully_verified: false,
      name: "Token",
      constructor_args: null,
      decoded_constructor_args: null,
    });
  });

  it("an unverified contract answers the proxy and bytecode keys only", async () => {
    const answer = unverifiedAnswerSchema.parse(await answerFor(at.vault));
    expect(answer).toMatchObject({ proxy_type: null, implementations: [], creation_status: "success" });
  });

  it("the product's own REST reader accepts every answer and reads the verdicts from them", async () => {
    for (const address of Object.values(at)) {
      expect(smartContractSchema.safeParse(await answerFor(address)).success).toBe(true);
    }
    await expect(client.getSmartContractStatus({ address: at.token })).resolves.toMatchObject({
      isVerified: true,
      isFullyVerified: true,
      isPartiallyVerified: false,
      name: "Token",
      standIn: null,
    });
    await expect(client.getSmartContractStatus({ address: at.box })).resolves.toMatchObject({
      isVerified: true,
      isFullyVerified: false,
      isPartiallyVerified: true,
    });
    await expect(client.getSmartContractStatus({ address: at.twin })).resolves.toMatchObject({
      isVerified: false,
      standIn: { kind: "bytecode-twin", address: at.token.toLowerCase() },
    });
    await expect(client.getSmartContractStatus({ address: at.vault })).resolves.toMatchObject({
      isVerified: false,
      isFullyVerified: false,
      name: null,
      standIn: null,
    });
  });
});
