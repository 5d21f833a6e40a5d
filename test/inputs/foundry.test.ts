import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { encodeAbiParameters, getContractAddress } from "viem";
import { type BuildInfo, readBuildInfo, readBuildInfos } from "../../src/inputs/buildInfo.js";
import { findContract } from "../../src/inputs/findContract.js";
import { readFoundryBroadcast } from "../../src/inputs/foundryBroadcast.js";
import { rejected } from "../support/rejected.js";
import { foundryFixture } from "./hardhatProject.js";

const outDir = join(foundryFixture, "out");
const runLatest = join(foundryFixture, "broadcast", "Deploy.s.sol", "31337", "run-latest.json");
const buildInfoPath = join(outDir, "build-info", "4cdb80011a7505166fdcb72e119dafa6.json");

describe("Foundry build info (out/build-info)", () => {
  let buildInfos: BuildInfo[];
  let scratch: string;

  beforeAll(async () => {
    buildInfos = await readBuildInfos(outDir);
    scratch = await mkdtemp(join(tmpdir(), "explorer-verify-foundry-"));
  });

  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it("reads the build info and completes the compiler version from the contract metadata", () => {
    expect(buildInfos).toHaveLength(1);
    const [buildInfo] = buildInfos;
    expect(buildInfo).toMatchObject({
      id: "4cdb80011a7505166fdcb72e119dafa6",
      path: buildInfoPath,
      format: "foundry",
      compilerVersion: "v0.8.28+commit.7893614a",
      userSourceNames: undefined,
    });
  });

  it("keeps only the input keys solc accepts", () => {
    const input = buildInfos[0]?.input;
    expect(Object.keys(input ?? {}).sort()).toEqual(["language", "settings", "sources"]);
    expect(Object.keys(input?.sources ?? {}).sort()).toEqual([
      "src/Calculator.sol",
      "src/Counter.sol",
      "src/Token.sol",
      "src/legacy/Counter.sol",
      "src/lib/MathLib.sol",
    ]);
  });

  it("names contracts by their source paths and prefixes all bytecode with 0x", () => {
    const calculator = findContract(buildInfos, "Calculator");
    expect(calculator.userFqn).toBe("src/Calculator.sol:Calculator");
    expect(calculator.inputFqn).toBe("src/Calculator.sol:Calculator");
    expect(calculator.bytecode).toMatch(/^0x6080[0-9a-f]+__\$[0-9a-f]{34}\$__[0-9a-f]+$/);
    expect(findContract(buildInfos, "Token").bytecode).toMatch(/^0x6080[0-9a-f]+$/);
    const metadata = JSON.parse(calculator.metadata ?? "{}") as { sources: Record<string, unknown> };
    expect(Object.keys(metadata.sources).sort()).toEqual(["src/Calculator.sol", "src/lib/MathLib.sol"]);
  });

  it("reads the older format that gives solcLongVersion with the platform", async () => {
    const current = JSON.parse(await readFile(buildInfoPath, "utf8")) as Record<string, unknown>;
    const { compilerVersion: _c, inputVersion: _i, inputVersionLong: _l, ...rest } = current;
    const path = join(scratch, "older.json");
    await writeFile(
      path,
      JSON.stringify({ ...rest, solcVersion: "0.8.28", solcLongVersion: "0.8.28+commit.7893614a.Linux.g++" }),
    );
    expect((await readBuildInfo(path)).compilerVersion).toBe("v0.8.28+commit.7893614a");
  });

  it("says how to get a full build info when forge build ran without --build-info", async () => {
    const dir = join(scratch, "out-without-build-info", "build-info");
    await mkdir(dir, { recursive: true });
    const path = join(dir, "5b1d.json");
    await writeFile(
      path,
      JSON.stringify({ id: "5b1d", source_id_to_path: { "0": "src/Counter.sol" }, language: "Solidity" }),
    );
    const error = await rejected(readBuildInfos(join(scratch, "out-without-build-info")));
    expect(error.field).toBe("artifacts");
    expect(error.shortMessage).toBe(
      `The Foundry build info ${path} holds no compiler input and output: build with forge build --build-info (or build_info = true in foundry.toml).`,
    );
  });
});

describe("Foundry broadcast (broadcast/Deploy.s.sol/31337/run-latest.json)", () => {
  it("makes a job for every contract the script created, finding out/ beside broadcast/", async () => {
    const broadcast = await readFoundryBroadcast(runLatest);
    const create2Address = getContractAddress({
      opcode: "CREATE2",
      from: "0x4e59b44847b379578588920cA78FbF26c0B4956C",
      salt: `0x${"00".repeat(31)}01`,
      bytecode: `0x${findContract(await readBuildInfos(outDir), "src/Counter.sol:Counter").bytecode.slice(2)}`,
    });
    expect(broadcast.chainId).toBe(31337);
    expect(broadcast.contracts.map(({ job }) => [job.contract, job.address])).toEqual([
      ["src/lib/MathLib.sol:MathLib", "0x5FbDB2315678afecb367f032d93F642f64180aa3"],
      ["src/Token.sol:Token", "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"],
      ["src/Calculator.sol:Calculator", "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"],
      ["src/Counter.sol:Counter", create2Address],
      ["src/legacy/Counter.sol:Counter", "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9"],
    ]);
  });

  it("takes each creation's hash from the receipts, which forge 1.7 keeps right where it shuffles the transactions'", async () => {
    const written = JSON.parse(await readFile(runLatest, "utf8")) as {
      transactions: Array<{
        hash: string;
        contractAddress: string;
        transactionType: string;
        transaction: { from: string };
      }>;
      receipts: unknown[];
    };
    const own = written.transactions.map((_, nonce) => `0x${(nonce + 1).toString(16).padStart(64, "0")}`);
    // Mined in nonce order, one a block; forge wrote the hashes in the order the receipts arrived.
    const receipts = written.transactions.map((transaction, nonce) => ({
      transactionHash: own[nonce],
      from: transaction.transaction.from,
      blockNumber: `0x${(nonce + 1).toString(16)}`,
      transactionIndex: "0x0",
      contractAddress:
        transaction.transactionType === "CREATE" ? transaction.contractAddress.toLowerCase() : null,
    }));
    const shuffled = [3, 5, 0, 1, 4, 2];
    const dir = await mkdtemp(join(tmpdir(), "explorer-verify-broadcast-"));
    try {
      const path = join(dir, "run-latest.json");
      const file = (withReceipts: unknown[]) => ({
        ...written,
        transactions: written.transactions.map((transaction, i) => ({
          ...transaction,
          hash: own[shuffled[i] ?? 0],
        })),
        receipts: withReceipts,
      });
      await writeFile(path, JSON.stringify(file(receipts)));
      const created = (await readFoundryBroadcast(path, { outDir })).contracts.map(
        ({ job }) => job.creationTransaction,
      );
      expect(created).toEqual([own[0], own[1], own[2], own[3], own[4]]);
      // Receipts that do not pair up (a CREATE's names another contract) give no hash rather than a wrong one.
      const crossed = receipts.map((receipt, i) => ({
        ...receipt,
        contractAddress: receipts[(i + 1) % 3]?.contractAddress,
      }));
      await writeFile(path, JSON.stringify(file(crossed)));
      const unpaired = (await readFoundryBroadcast(path, { outDir })).contracts.map(
        ({ job }) => job.creationTransaction,
      );
      expect(unpaired).toEqual([undefined, undefined, undefined, undefined, undefined]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("takes constructor arguments from what followed the creation code, and the script's libraries", async () => {
    const { contracts } = await readFoundryBroadcast(runLatest, { outDir });
    const [mathLib, token, calculator, counter, legacyCounter] = contracts.map(({ job }) => job);
    expect(token?.constructorArguments).toEqual({
      hex: encodeAbiParameters(
        [{ type: "string" }, { type: "string" }, { type: "uint256" }],
        ["Forge Token", "FRG", 1_000_000n],
      ),
    });
    expect(token?.source).toMatchObject({
      format: "standard-json",
      compilerVersion: "v0.8.28+commit.7893614a",
      contractName: "src/Token.sol:Token",
    });
    expect(calculator?.libraries).toEqual({ "src/lib/MathLib.sol:MathLib": mathLib?.address });
    expect(calculator?.constructorArguments).toBeUndefined();
    // The CREATE2 salt is not taken for constructor arguments.
    expect(counter?.constructorArguments).toBeUndefined();
    expect(legacyCounter?.constructorArguments).toBeUndefined();
    expect(mathLib?.libraries).toBeUndefined();
  });

  it("rejects a malformed broadcast file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "explorer-verify-broadcast-"));
    try {
      const path = join(dir, "run-latest.json");
      await writeFile(path, JSON.stringify({ transactions: [{ contractName: "Token" }] }));
      const error = await rejected(readFoundryBroadcast(path, { outDir }));
      expect(error.field).toBe("deployment");
      expect(error.shortMessage).toBe(
        `The Foundry broadcast file ${path} is not in the expected format: transactions[0].transactionType: Invalid input: expected string, received undefined.`,
      );
      await writeFile(path, JSON.stringify({ transactions: [], libraries: ["MathLib"] }));
      expect((await readFoundryBroadcast(path, { outDir })).contracts).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
