import { appendFile, readdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/index.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { type CliProject, explorerVerify, installPackedPackage } from "../support/cliPackage.js";
import {
  type BroadcastContract,
  broadcastContracts,
  deployForgeProject,
  type ForgeDeployment,
  runLatest,
} from "../support/foundryProject.js";
import { type RecordingProxy, startRecordingProxy } from "../support/recordingProxy.js";

// A Foundry project as most are: built by the real forge without build_info, with the optimizer and a library
// address in its profile, its out folder named `build`, and its explorer named in foundry.toml's [etherscan] table (a ${VAR} in the URL, as forge
// expands it). The packed CLI is given nothing but the broadcast: no --explorer-url, --artifacts or --libraries.
// The explorer is the embedded local explorer (a real compile and match against anvil), behind a recording proxy.
const require = createRequire(import.meta.url);
const solc = require("solc") as { compile(input: string): string };
const weights = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
let deployment: ForgeDeployment;
let project: CliProject;
let explorer: LocalExplorer;
let proxy: RecordingProxy;
let contracts: BroadcastContract[];
/** The guids of the broadcast's submissions. */
let guids: string[] = [];
const sourceOf: Record<string, string> = {
  Vault: "src/Vault.sol:Vault",
  Registry: "src/Registry.sol:Registry",
  Entry: "src/Registry.sol:Entry",
  Salted: "src/Salted.sol:Salted",
};

beforeAll(async () => {
  deployment = await deployForgeProject(
    (toml) =>
      `${toml
        .replace('out = "out"', 'out = "build"')
        .replace("build_info = true", "build_info = false")
        .replace(
          "optimizer = false",
          "optimizer = true\noptimizer_runs = 500",
        )}\nlibraries = ["src/libraries/Weights.sol:Weights:${weights}"]\n`,
  );
  explorer = await startLocalExplorer({ rpcUrl: deployment.rpcUrl, stateFile: false });
  proxy = await startRecordingProxy(explorer.url);
  await appendFile(
    join(deployment.dir, "foundry.toml"),
    `\n[etherscan]\nanvil = { key = "\${LOCAL_EXPLORER_KEY}", chain = 31337, url = "\${LOCAL_EXPLORER}/api" }\n`,
  );
  project = { dir: deployment.dir, bin: await installPackedPackage(deployment.dir) };
  contracts = await broadcastContracts(deployment);
}, 240_000);

afterAll(async () => {
  await proxy?.close();
  await explorer?.close();
  await deployment?.stop();
});

/** forge's out folder, which foundry.toml names `build`. */
function out(): string {
  return join(deployment.dir, "build");
}

function run(...args: string[]) {
  return explorerVerify(project, ["verify", ...args], {
    ...deployment.env,
    LOCAL_EXPLORER: proxy.url,
    LOCAL_EXPLORER_KEY: "local-key",
  });
}

describe("explorer-verify in a Foundry project, from foundry.toml alone", () => {
  it("built without build_info: out/ has no compiler input, and the library is linked by the profile", async () => {
    const buildInfos = join(out(), "build-info");
    const [name] = await readdir(buildInfos);
    expect(Object.keys(JSON.parse(await readFile(join(buildInfos, name ?? ""), "utf8")))).toEqual([
      "id",
      "source_id_to_path",
      "language",
    ]);
    // The script deployed no library: the profile linked Vault to its address.
    expect(contracts.map((contract) => contract.name)).toEqual([
      "Vault",
      "Vault",
      "Registry",
      "Entry",
      "Salted",
    ]);
  });

  it("prints the standard JSON inputs of the broadcast and sends nothing, without an explorer", async () => {
    const shown = await explorerVerify(
      project,
      ["verify", "--deployment", runLatest, "--show-standard-json-input"],
      { ...deployment.env, LOCAL_EXPLORER: undefined },
    );
    expect(shown.stderr).toBe("");
    expect(shown.code).toBe(0);
    const { inputs } = JSON.parse(shown.stdout) as {
      inputs: { address: string; contract: string; compilerVersion: string; input: { sources: object } }[];
    };
    expect(
      inputs.map(({ address, contract, compilerVersion }) => [address, contract, compilerVersion]),
    ).toEqual(contracts.map(({ name, address }) => [address, sourceOf[name], "v0.8.28+commit.7893614a"]));
    // Each input compiles to the code forge built.
    for (const { contract, input } of inputs) {
      const [file = "", name = ""] = contract.split(":");
      const artifact = JSON.parse(
        await readFile(join(out(), file.split("/").pop() ?? "", `${name}.json`), "utf8"),
      ) as { deployedBytecode: { object: string } };
      const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
        contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
      };
      expect(`0x${output.contracts[file]?.[name]?.evm.deployedBytecode.object}`).toBe(
        artifact.deployedBytecode.object,
      );
    }
    expect(proxy.requests).toEqual([]);
  }, 60_000);

  it("prints one contract's input as forge does, for ADDRESS and --contract", async () => {
    const salted = contracts.find((contract) => contract.name === "Salted");
    const shown = await run(
      salted?.address ?? "",
      "--contract",
      "src/Salted.sol:Salted",
      "--show-standard-json-input",
    );
    expect(shown.stderr).toBe("");
    expect(shown.code).toBe(0);
    const input = JSON.parse(shown.stdout) as {
      language: string;
      sources: Record<string, { content: string }>;
    };
    expect(input.language).toBe("Solidity");
    expect(Object.keys(input.sources)).toEqual(["src/Salted.sol"]);
    expect(input.sources["src/Salted.sol"]?.content).toBe(
      await readFile(join(deployment.dir, "src", "Salted.sol"), "utf8"),
    );
    expect(proxy.requests).toEqual([]);
  }, 60_000);

  it("verifies one ADDRESS, its contract found from the deployed code, on the chain's explorer in foundry.toml", async () => {
    // A linked library (by the profile), an immutable, and constructor arguments read from the creation data.
    const [vault] = contracts;
    const verified = await run(vault?.address ?? "", "--rpc-url", deployment.rpcUrl, "--json");
    expect(verified.stderr.split("\n")[0]).toBe(
      // The URL as foundry.toml writes it: what its variable expands to is kept out of every line.
      `Verifying 1 contract on Blockscout at \${LOCAL_EXPLORER}/api (from [etherscan] anvil in foundry.toml; chain 31337 from --rpc-url)`,
    );
    expect(verified.code).toBe(0);
    const { results } = JSON.parse(verified.stdout) as { results: VerificationResult[] };
    expect(results.map((r) => [r.contract, r.address, r.status])).toEqual([
      ["src/Vault.sol:Vault", vault?.address, "verified"],
    ]);
  }, 120_000);

  it("verifies the broadcast on the explorer foundry.toml names for the chain", async () => {
    const verified = await run("--deployment", runLatest, "--json");
    expect(verified.stderr.split("\n")[0]).toBe(
      `Verifying 5 contracts on Blockscout at \${LOCAL_EXPLORER}/api (from [etherscan] anvil in foundry.toml; chain 31337 from the deployment ${runLatest})`,
    );
    expect(verified.code).toBe(0);
    const { results } = JSON.parse(verified.stdout) as { results: VerificationResult[] };
    expect(results.map((r) => [r.contract, r.address, r.status])).toEqual(
      contracts.map(({ name, address }, index) => [
        sourceOf[name],
        address,
        index === 0 ? "already-verified" : "verified",
      ]),
    );
    // The key of the [etherscan] entry went with every submission of both runs.
    const submissions = proxy.requests.filter(
      (request) => (request.query.action ?? request.body.action) === "verifysourcecode",
    );
    expect(submissions.map((request) => request.query.apikey ?? request.body.apikey)).toEqual(
      Array(5).fill("local-key"),
    );
    expect(deployment.internetAttempts).toEqual([]);
    guids = results.flatMap((r) => (r.guid ? [r.guid] : []));
  }, 120_000);

  it("asks the same foundry.toml explorer, with its key, in status and fetch as verify does", async () => {
    const env = { ...deployment.env, LOCAL_EXPLORER: proxy.url, LOCAL_EXPLORER_KEY: "local-key" };
    const [guid] = guids;
    const before = proxy.requests.length;
    const status = await explorerVerify(project, ["status", guid ?? "", "--chain-id", "31337"], env);
    expect({ code: status.code, stderr: status.stderr }).toEqual({ code: 0, stderr: "" });
    expect(status.stdout).toContain(`${guid}: Pass - Verified (verified)`);
    const [vault] = contracts;
    const fetched = await explorerVerify(
      project,
      ["fetch", vault?.address ?? "", "--chain-id", "31337", "--out", "fetched"],
      env,
    );
    expect({ code: fetched.code, stderr: fetched.stderr }).toEqual({ code: 0, stderr: "" });
    expect(fetched.stdout).toContain("Wrote Vault (v0.8.28+commit.7893614a)");
    const asked = proxy.requests.slice(before);
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.map((request) => request.query.apikey ?? request.body.apikey)).toEqual(
      Array(asked.length).fill("local-key"),
    );
  }, 120_000);

  it("compiles with the solc Foundry installed under ~/.svm when the project has no npm solc", async () => {
    // forge's home holds ~/.svm/0.8.28/solc-0.8.28; the project's npm solc is taken away, and no explorer is named:
    // the embedded local explorer compiles.
    await unlink(join(deployment.dir, "node_modules", "solc"));
    const config = join(deployment.dir, "foundry.toml");
    // foundry.toml names the version only, as most do: the binary is svm's.
    await writeFile(
      config,
      (await readFile(config, "utf8"))
        .replace(/\n\[etherscan\][\s\S]*$/, "\n")
        .replace(/^solc = .*$/m, 'solc = "0.8.28"'),
    );
    const verified = await run("--deployment", runLatest, "--rpc-url", deployment.rpcUrl, "--json");
    expect(verified.stderr.split("\n")[0]).toMatch(
      /^Verifying 5 contracts on the local explorer at http:\/\/127\.0\.0\.1:\d+ \(no explorer is named for local chain 31337\)$/,
    );
    expect(verified.code).toBe(0);
    const { results } = JSON.parse(verified.stdout) as { results: VerificationResult[] };
    expect(results.map((r) => r.status)).toEqual(Array(5).fill("verified"));
    expect(deployment.internetAttempts).toEqual([]);
  }, 120_000);

  it("without any compiler, says first which compiler is missing", async () => {
    const home = join(deployment.dir, "..");
    await rename(join(home, ".svm"), join(home, ".svm-away"));
    await rm(join(deployment.dir, "cache", "explorer-verify"), { recursive: true, force: true });
    const salted = contracts.find((contract) => contract.name === "Salted");
    const failed = await run(
      salted?.address ?? "",
      "--contract",
      "src/Salted.sol:Salted",
      "--rpc-url",
      deployment.rpcUrl,
      "--json",
    );
    expect(failed.code).toBe(1);
    const { results } = JSON.parse(failed.stdout) as { results: VerificationResult[] };
    expect(results.map((r) => [r.status, r.message, r.error])).toEqual([
      [
        "failed",
        "No local compiler for v0.8.28+commit.7893614a. No compiler was found. Install it: `npm install --save-dev solc@0.8.28`, or put a native solc 0.8.28 on PATH (or name its path). The explorer could not verify the contract: Fail - Unable to verify.",
        { code: "no_compiler", details: "Fail - Unable to verify" },
      ],
    ]);
  }, 120_000);
});
