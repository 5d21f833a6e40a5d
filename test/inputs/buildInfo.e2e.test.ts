import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type BuildInfo, readBuildInfo, readBuildInfos } from "../../src/inputs/buildInfo.js";
import { contractsOf } from "../../src/inputs/compiledContracts.js";
import { createContractJob } from "../../src/inputs/contractJob.js";
import { findContract } from "../../src/inputs/findContract.js";
import { thrown as caught, rejected } from "../support/rejected.js";
import { copyHardhatProject, removeProject, runHardhat } from "./hardhatProject.js";

const libraryAddress = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const tokenAddress = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";

describe("Hardhat 3 build info (npx hardhat build)", () => {
  let project: string | undefined;
  let buildInfos: BuildInfo[];

  beforeAll(async () => {
    project = await copyHardhatProject();
    await runHardhat(project, ["build"]);
    buildInfos = await readBuildInfos(join(project, "artifacts"));
  }, 180_000);

  afterAll(() => removeProject(project));

  it("reads the build info with its output file", () => {
    expect(buildInfos).toHaveLength(1);
    const [buildInfo] = buildInfos;
    expect(buildInfo?.format).toBe("hardhat3");
    expect(buildInfo?.compilerVersion).toBe("v0.8.28+commit.7893614a");
    expect(buildInfo?.path).toBe(join(project ?? "", "artifacts", "build-info", `${buildInfo?.id}.json`));
    expect(Object.keys(buildInfo?.input ?? {}).sort()).toEqual(["language", "settings", "sources"]);
    expect(Object.keys(buildInfo?.input.sources ?? {}).sort()).toEqual([
      "project/contracts/Calculator.sol",
      "project/contracts/Counter.sol",
      "project/contracts/Token.sol",
      "project/contracts/access/Owned.sol",
      "project/contracts/legacy/Counter.sol",
      "project/contracts/math/MathLib.sol",
      "project/contracts/math/SafeSum.sol",
    ]);
  });

  it("names each contract as the input has it and as users write it", () => {
    const names = buildInfos.flatMap(contractsOf).map((contract) => [contract.userFqn, contract.inputFqn]);
    expect(names).toContainEqual(["contracts/Token.sol:Token", "project/contracts/Token.sol:Token"]);
    expect(names).toContainEqual([
      "contracts/math/MathLib.sol:MathLib",
      "project/contracts/math/MathLib.sol:MathLib",
    ]);
    expect(names).toHaveLength(7);
  });

  it("gives the bytecode, ABI, link and immutable references of a contract", () => {
    const token = findContract(buildInfos, "contracts/Token.sol:Token");
    expect(token.sourceName).toBe("project/contracts/Token.sol");
    expect(token.contractName).toBe("Token");
    expect(token.bytecode).toMatch(/^0x60a0[0-9a-f]+$/);
    expect(token.deployedBytecode).toMatch(/^0x6080[0-9a-f]+$/);
    expect(token.abi).toContainEqual(expect.objectContaining({ type: "constructor" }));
    expect(Object.values(token.immutableReferences)).toHaveLength(1);
    expect(token.linkReferences).toEqual({});

    const calculator = findContract(buildInfos, "Calculator");
    expect(Object.keys(calculator.linkReferences)).toEqual(["project/contracts/math/MathLib.sol"]);
    expect(Object.keys(calculator.linkReferences["project/contracts/math/MathLib.sol"] ?? {})).toEqual([
      "MathLib",
    ]);
    expect(calculator.bytecode).toMatch(/__\$[0-9a-f]{34}\$__/);
  });

  it("gives the metadata text, whose sources are the contract's share of the input", () => {
    const token = findContract(buildInfos, "Token");
    const metadata = JSON.parse(token.metadata ?? "{}") as { sources: Record<string, unknown> };
    const inputSources = Object.keys(token.input.sources);
    expect(Object.keys(metadata.sources).sort()).toEqual([
      "project/contracts/Token.sol",
      "project/contracts/access/Owned.sol",
      "project/contracts/math/SafeSum.sol",
    ]);
    for (const name of Object.keys(metadata.sources)) expect(inputSources).toContain(name);
    expect(inputSources.length).toBeGreaterThan(Object.keys(metadata.sources).length);
  });

  it("finds a contract by user FQN, input FQN or bare name", () => {
    expect(findContract(buildInfos, "contracts/legacy/Counter.sol:Counter").inputFqn).toBe(
      "project/contracts/legacy/Counter.sol:Counter",
    );
    expect(findContract(buildInfos, "project/contracts/Token.sol:Token").userFqn).toBe(
      "contracts/Token.sol:Token",
    );
    expect(findContract(buildInfos, "MathLib").userFqn).toBe("contracts/math/MathLib.sol:MathLib");
  });

  it("lists the candidates of an ambiguous bare name", () => {
    const error = caught(() => findContract(buildInfos, "Counter"));
    expect(error.field).toBe("contract");
    expect(error.shortMessage).toBe(
      'Contract name "Counter" is ambiguous: contracts/Counter.sol:Counter, contracts/legacy/Counter.sol:Counter. Give the fully qualified name (path/File.sol:Name).',
    );
  });

  it("says which build infos were searched when a contract is not there", () => {
    const error = caught(() => findContract(buildInfos, "contracts/Token.sol:Tokn", "contracts[0].contract"));
    expect(error.field).toBe("contracts[0].contract");
    expect(error.shortMessage).toBe(
      `Contract "contracts/Token.sol:Tokn" is in none of the build info files searched (${buildInfos[0]?.path}). Check the name, or build the project again.`,
    );
  });

  it("makes a standard-JSON job with the input's contract name and the user's", () => {
    const token = findContract(buildInfos, "Token");
    const job = createContractJob(token, {
      address: tokenAddress,
      constructorArguments: { values: ["Fixture Token", "FIX", 1_000_000n] },
    });
    expect(job).toEqual({
      address: tokenAddress,
      contract: "contracts/Token.sol:Token",
      source: {
        format: "standard-json",
        input: token.input,
        compilerVersion: "v0.8.28+commit.7893614a",
        contractName: "project/contracts/Token.sol:Token",
        metadata: token.metadata,
      },
      constructorArguments: { values: ["Fixture Token", "FIX", 1_000_000n], abi: token.abi },
    });
  });

  it("rejects constructor values that do not fit the ABI before anything is sent", () => {
    const token = findContract(buildInfos, "Token");
    const error = caught(() =>
      createContractJob(token, {
        address: tokenAddress,
        field: "contracts[1]",
        constructorArguments: { values: [] },
      }),
    );
    expect(error.field).toBe("contracts[1].constructorArgs");
    expect(error.shortMessage).toBe(
      "The constructor takes 3 arguments (string name_, string symbol_, uint256 supply), but 0 were given.",
    );
  });

  it("keys libraries by the input's fully qualified name", () => {
    const calculator = findContract(buildInfos, "Calculator");
    for (const name of [
      "MathLib",
      "contracts/math/MathLib.sol:MathLib",
      "project/contracts/math/MathLib.sol:MathLib",
    ]) {
      const job = createContractJob(calculator, {
        address: tokenAddress,
        libraries: { [name]: libraryAddress },
      });
      expect(job.libraries).toEqual({ "project/contracts/math/MathLib.sol:MathLib": libraryAddress });
    }
  });

  it("rejects a missing, unknown or malformed library", () => {
    const calculator = findContract(buildInfos, "Calculator");
    const missing = caught(() => createContractJob(calculator, { address: tokenAddress }));
    expect(missing.field).toBe("libraries");
    expect(missing.shortMessage).toBe(
      "contracts/Calculator.sol:Calculator links contracts/math/MathLib.sol:MathLib: give its address in libraries.",
    );
    const unknown = caught(() =>
      createContractJob(calculator, { address: tokenAddress, libraries: { SafeSum: libraryAddress } }),
    );
    expect(unknown.shortMessage).toBe(
      'contracts/Calculator.sol:Calculator links no library "SafeSum"; it links contracts/math/MathLib.sol:MathLib.',
    );
    const malformed = caught(() =>
      createContractJob(calculator, {
        address: tokenAddress,
        field: "contracts[3]",
        libraries: { MathLib: "0x12" },
      }),
    );
    expect(malformed.field).toBe('contracts[3].libraries["MathLib"]');
    const token = findContract(buildInfos, "Token");
    const none = caught(() =>
      createContractJob(token, { address: tokenAddress, libraries: { MathLib: libraryAddress } }),
    );
    expect(none.shortMessage).toBe('contracts/Token.sol:Token links no library "MathLib"; it links none.');
  });

  it("rejects a malformed address", () => {
    const error = caught(() => createContractJob(findContract(buildInfos, "Token"), { address: "0x1234" }));
    expect(error.field).toBe("address");
    expect(error.shortMessage).toBe(
      'Invalid address "0x1234": expected 0x followed by 40 hexadecimal characters.',
    );
  });

  it("reads a Hardhat 2 style build info: input and output in one file", async () => {
    const [buildInfo] = buildInfos;
    const outputPath = (buildInfo?.path ?? "").replace(/\.json$/, ".output.json");
    const { output } = JSON.parse(await readFile(outputPath, "utf8")) as { output: unknown };
    const dir = join(project ?? "", "hardhat2");
    await mkdir(dir);
    const path = join(dir, "abc123.json");
    await writeFile(
      path,
      JSON.stringify({
        _format: "hh-sol-build-info-1",
        id: "abc123",
        solcVersion: "0.8.28",
        solcLongVersion: "0.8.28+commit.7893614a",
        input: buildInfo?.input,
        output,
      }),
    );
    const hardhat2 = await readBuildInfo(path);
    expect(hardhat2).toMatchObject({
      id: "abc123",
      format: "hardhat2",
      compilerVersion: "v0.8.28+commit.7893614a",
    });
    expect(findContract([hardhat2], "Token").metadata).toBe(findContract(buildInfos, "Token").metadata);
  });

  it("rejects a folder without build info, and a file that is not one", async () => {
    const empty = join(project ?? "", "empty");
    await mkdir(empty);
    const none = await rejected(readBuildInfos(empty));
    expect(none.field).toBe("artifacts");
    expect(none.shortMessage).toBe(
      `No build info found in ${empty}: build the project first (Hardhat: npx hardhat build; Foundry: forge build --build-info).`,
    );
    const path = join(empty, "broken.json");
    await writeFile(
      path,
      JSON.stringify({ solcLongVersion: "0.8.28+commit.7893614a", input: { sources: {} } }),
    );
    const broken = await rejected(readBuildInfo(path, "deployment"));
    expect(broken.field).toBe("deployment");
    expect(broken.shortMessage).toBe(
      `The build info ${path} is not in the expected format: input.language: Invalid input: expected string, received undefined.`,
    );
  });
});

describe("Hardhat 3 isolated production builds (npx hardhat build --build-profile production)", () => {
  let project: string | undefined;
  let buildInfos: BuildInfo[];

  beforeAll(async () => {
    project = await copyHardhatProject();
    await runHardhat(project, ["build", "--build-profile", "production"]);
    buildInfos = await readBuildInfos(join(project, "artifacts"));
  }, 180_000);

  afterAll(() => removeProject(project));

  it("takes a contract compiled by several builds from the one with the fewest sources", () => {
    expect(buildInfos).toHaveLength(7);
    const compiledOwned = buildInfos.filter((buildInfo) =>
      contractsOf(buildInfo).some((contract) => contract.userFqn === "contracts/access/Owned.sol:Owned"),
    );
    expect(compiledOwned.length).toBeGreaterThan(1);
    const owned = findContract(buildInfos, "Owned");
    expect(Object.keys(owned.input.sources)).toEqual(["project/contracts/access/Owned.sol"]);
    expect(owned.input.settings?.optimizer).toEqual({ enabled: true, runs: 200 });
  });
});
