import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { encodeAbiParameters } from "viem";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/index.js";
import {
  type BroadcastContract,
  broadcastContracts,
  deployForgeProject,
  type ForgeDeployment,
  forge,
} from "../support/foundryProject.js";
import { type RecordingProxy, startRecordingProxy } from "../support/recordingProxy.js";

// The real `forge verify-contract --verifier blockscout` (npm @foundry-rs/forge) against the local explorer, for
// contracts that the real forge deployed on a real anvil: the explorer must answer forge as Blockscout does.
// A proxy in front of the explorer keeps what forge sent.
let deployment: ForgeDeployment;
let explorer: LocalExplorer;
let proxy: RecordingProxy;
let contracts: BroadcastContract[];
let weightsLibrary: string;
const compilerVersion = "v0.8.28+commit.7893614a";
/** The flattened verification of the second Vault, started beside the others (forge waits 15 s per pending poll). */
let flattened: Promise<string> | undefined;

beforeAll(async () => {
  deployment = await deployForgeProject();
  explorer = await startLocalExplorer({ rpcUrl: deployment.rpcUrl, stateFile: false });
  proxy = await startRecordingProxy(explorer.url);
  contracts = await broadcastContracts(deployment);
  const { libraries } = JSON.parse(await readFile(deployment.runLatest, "utf8")) as { libraries: string[] };
  // `src/libraries/Weights.sol:Weights:0x…`, as forge's --libraries takes it.
  weightsLibrary = libraries[0] ?? "";
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await explorer?.close();
  await deployment?.stop();
});

/**
 * Runs `forge verify-contract` on the local explorer. `--compiler-version` with the commit and
 * `--compilation-profile` keep forge offline: without them it looks the commit up on binaries.soliditylang.org
 * (the last test shows it).
 */
function verifyContract(address: string, contract: string, flags: string[]): Promise<string> {
  return forge(deployment.dir, deployment.env, [
    "verify-contract",
    "--verifier",
    "blockscout",
    "--verifier-url",
    `${proxy.url}/api`,
    "--rpc-url",
    deployment.rpcUrl,
    "--compiler-version",
    compilerVersion,
    "--compilation-profile",
    "default",
    "--watch",
    ...flags,
    address,
    contract,
  ]);
}

/** What the explorer now says about an address (`getsourcecode`), asked directly. */
async function sourceCode(address: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${explorer.url}/api?module=contract&action=getsourcecode&address=${address}`);
  const body = (await response.json()) as { result: Record<string, unknown>[] };
  return body.result[0] ?? {};
}

/** The address of the n-th contract of that name in the broadcast. */
function addressOf(name: string, nth = 0): string {
  const found = contracts.filter((contract) => contract.name === name)[nth];
  if (!found) throw new Error(`no ${name} #${nth} in the broadcast`);
  return found.address;
}

function submissions(codeformat: string) {
  return proxy.requests.filter(
    (request) => request.body.action === "verifysourcecode" && request.body.codeformat === codeformat,
  );
}

function verifyFlattened(): Promise<string> {
  return verifyContract(addressOf("Vault", 1), "src/Vault.sol:Vault", [
    "--flatten",
    "--constructor-args",
    encodeAbiParameters(
      [{ type: "address" }, { type: "uint256" }, { type: "string" }],
      ["0x000000000000000000000000000000000000cafE", 100n, "Second Vault"],
    ),
    "--libraries",
    weightsLibrary,
  ]).catch((error: Error) => error.message);
}

describe("forge verify-contract --verifier blockscout against the local explorer", () => {
  it("verifies a linked contract with constructor arguments, a factory's child and a CREATE2 contract", async () => {
    const vault = addressOf("Vault");
    const entry = addressOf("Entry");
    const salted = addressOf("Salted");
    await writeFile(join(deployment.dir, "entry-args.txt"), "first\n");
    const vaultArguments = encodeAbiParameters(
      [{ type: "address" }, { type: "uint256" }, { type: "string" }],
      ["0x000000000000000000000000000000000000bEEF", 250n, "Forge Vault"],
    );
    flattened ??= verifyFlattened();
    // Three constructor-argument styles: ABI-encoded, a file of values forge encodes, and forge's guess from the
    // creation transaction (which it finds through the explorer's getcontractcreation).
    const outputs = await Promise.all([
      verifyContract(vault, "src/Vault.sol:Vault", [
        "--constructor-args",
        vaultArguments,
        "--libraries",
        weightsLibrary,
      ]),
      verifyContract(entry, "src/Registry.sol:Entry", ["--constructor-args-path", "entry-args.txt"]),
      verifyContract(salted, "src/Salted.sol:Salted", ["--guess-constructor-args"]),
    ]);
    for (const output of outputs) expect(output).toMatch(/\nContract successfully verified\n$/);
    expect(outputs[2]).toContain(
      "Identified constructor arguments: 000000000000000000000000000000000000000000000000000000000000002a\n",
    );

    expect(
      submissions("solidity-standard-json-input")
        .map(({ method, contentType, body }) => ({
          method,
          contentType,
          codeformat: body.codeformat,
          contractaddress: body.contractaddress,
          contractname: body.contractname,
          compilerversion: body.compilerversion,
          constructorArguments: body.constructorArguments,
        }))
        .sort((a, b) => String(a.contractname).localeCompare(String(b.contractname))),
    ).toEqual(
      [
        ["src/Registry.sol:Entry", entry, encodeAbiParameters([{ type: "string" }], ["first"])],
        ["src/Salted.sol:Salted", salted, encodeAbiParameters([{ type: "uint256" }], [42n])],
        ["src/Vault.sol:Vault", vault, vaultArguments],
      ].map(([contractname, contractaddress, constructorArguments]) => ({
        method: "POST",
        contentType: "application/x-www-form-urlencoded",
        codeformat: "solidity-standard-json-input",
        contractaddress: contractaddress?.toLowerCase(),
        contractname,
        compilerversion: compilerVersion,
        constructorArguments: constructorArguments?.slice(2),
      })),
    );
    for (const [address, name] of [
      [vault, "Vault"],
      [entry, "Entry"],
      [salted, "Salted"],
    ] as const) {
      expect(await sourceCode(address)).toMatchObject({
        ContractName: name,
        CompilerVersion: compilerVersion,
      });
    }
    expect(deployment.internetAttempts).toEqual([]);
  }, 60_000);

  it("verifies a flattened linked contract: --flatten sends one file and no library fields, the explorer reads the library from the code", async () => {
    const secondVault = addressOf("Vault", 1);
    flattened ??= verifyFlattened();
    const output = await flattened;
    expect(output).toMatch(/\nContract successfully verified\n$/);
    // forge sends the single-file form without the library (nor runs or evmversion): the explorer reads the
    // library's address from the deployed code, as it does for standard JSON.
    const [sent, ...more] = submissions("solidity-single-file");
    expect(more).toEqual([]);
    expect(Object.keys(sent?.body ?? {}).sort()).toEqual([
      "action",
      "codeformat",
      "compilerversion",
      "constructorArguements",
      "constructorArguments",
      "contractaddress",
      "contractname",
      "module",
      "optimizationUsed",
      "sourceCode",
    ]);
    expect(sent?.body).toMatchObject({
      codeformat: "solidity-single-file",
      contractaddress: secondVault.toLowerCase(),
      contractname: "Vault",
      compilerversion: compilerVersion,
      optimizationUsed: "0",
    });
    expect(sent?.body.sourceCode).toContain("\nlibrary Weights {\n");
    expect(await sourceCode(secondVault)).toMatchObject({
      ContractName: "Vault",
      CompilerVersion: compilerVersion,
      OptimizationUsed: "false",
      ExternalLibraries: [
        {
          name: expect.stringMatching(/(^|:)Weights$/),
          address_hash: weightsLibrary.split(":").at(-1)?.toLowerCase(),
        },
      ],
    });
    expect(deployment.internetAttempts).toEqual([]);
  }, 60_000);

  it("says the contract is already verified, and submits nothing, when run again", async () => {
    const before = proxy.requests.length;
    const output = await verifyContract(addressOf("Salted"), "src/Salted.sol:Salted", [
      "--guess-constructor-args",
    ]);
    expect(output).toContain("is already verified. Skipping verification.");
    // It asks for the creation (to guess the arguments) and the ABI (is it verified?), and submits nothing.
    expect(
      proxy.requests.slice(before).map((request) => request.query.action ?? request.body.action),
    ).toEqual(["getcontractcreation", "getabi"]);
    expect(deployment.internetAttempts).toEqual([]);
  }, 60_000);

  it("would look the compiler's commit up online without --compiler-version: the test's trap sees the attempt", async () => {
    const failure = await forge(deployment.dir, deployment.env, [
      "verify-contract",
      "--verifier",
      "blockscout",
      "--verifier-url",
      `${proxy.url}/api`,
      "--rpc-url",
      deployment.rpcUrl,
      "--skip-is-verified-check",
      addressOf("Registry"),
      "src/Registry.sol:Registry",
    ]).then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failure).toContain("https://binaries.soliditylang.org/bin/list.txt");
    expect(deployment.internetAttempts).toEqual(["CONNECT binaries.soliditylang.org:443"]);
    deployment.internetAttempts.length = 0;
  }, 60_000);
});
