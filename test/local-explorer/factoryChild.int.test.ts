import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import type { SubmissionVerdict } from "../../src/local-explorer/judgeSubmission.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { normaliseVersion, parseCompilerOutput } from "../../src/recompile/compiler.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { StandardJsonInput } from "../../src/verify/job.js";
import { deployerPrivateKey, type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// A contract created by a factory inside a transaction: the local explorer finds its creation input in the call
// trace, so wrong constructor arguments fail instead of passing on the runtime code alone.
const require = createRequire(import.meta.url);
const input: StandardJsonInput = {
  language: "Solidity",
  sources: {
    "contracts/Factory.sol": {
      content:
        "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Child {\n    uint256 public value;\n    constructor(uint256 value_) { value = value_; }\n}\ncontract Factory {\n    event Created(address child);\n    function create(uint256 value_) external returns (address child) {\n        child = address(new Child(value_));\n        emit Created(child);\n    }\n}\n",
    },
  },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { "*": { "*": ["abi", "evm.bytecode", "evm.deployedBytecode"] } },
  },
};
let chain: HardhatChain;
let explorer: LocalExplorer;
let client: ExplorerClient;
let compilerVersion: string;
let child: Hex;
let factory: Hex;
const verdicts = new Map<string, SubmissionVerdict>();

beforeAll(async () => {
  const solc = require("solc") as { version(): string; compile(input: string): string };
  compilerVersion = `v${normaliseVersion(solc.version())}`;
  const output = parseCompilerOutput(solc.compile(JSON.stringify(input)), "solc");
  chain = await startHardhatChain();
  const transport = http(chain.rpcUrl);
  const account = privateKeyToAccount(deployerPrivateKey);
  const wallet = createWalletClient({ account, chain: hardhat, transport });
  const reader = createPublicClient({ chain: hardhat, transport });
  const factoryCode = output.contracts?.["contracts/Factory.sol"]?.Factory?.evm?.bytecode?.object ?? "";
  const deployment = await reader.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ data: `0x${factoryCode}` }),
  });
  factory = deployment.contractAddress as Hex;
  const created = await reader.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({
      to: factory,
      data: encodeFunctionData({
        abi: parseAbi(["function create(uint256 value_) returns (address)"]),
        args: [21n],
      }),
    }),
  });
  child = `0x${(created.logs[0]?.data ?? "").slice(-40)}`;
  explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    onVerdict: (address, verdict) => verdicts.set(address.toLowerCase(), verdict),
  });
  client = new ExplorerClient({ explorerUrl: explorer.url, requestsPerSecond: Number.POSITIVE_INFINITY });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

async function verifyChild(value: bigint) {
  const [result] = await verifyBatch(
    [
      {
        address: child,
        source: {
          format: "standard-json",
          input,
          compilerVersion,
          contractName: "contracts/Factory.sol:Child",
        },
        constructorArguments: { hex: encodeAbiParameters([{ type: "uint256" }], [value]) },
      },
    ],
    {
      explorerUrl: explorer.url,
      polling: { initialIntervalMs: 50, maxIntervalMs: 200, backoffFactor: 1.5, unknownUidGrace: 3 },
    },
  );
  return result;
}

describe("a contract created inside a transaction", () => {
  it("fails wrong constructor arguments, naming the ones its factory passed", async () => {
    const result = await verifyChild(22n);
    expect(result?.status).toBe("failed");
    expect(verdicts.get(child.toLowerCase())).toMatchObject({
      ok: false,
      code: "constructor_arguments",
      reason: "Constructor arguments do not match, please try again.",
      explanation: `The creation transaction carries constructor arguments ${encodeAbiParameters([{ type: "uint256" }], [21n])}.`,
    });
  }, 120_000);

  it("verifies the right ones, and the explorer names the factory as its creator", async () => {
    const result = await verifyChild(21n);
    expect(result?.status).toBe("verified");
    const [creation] = await client.getContractCreation({ addresses: [child] });
    expect(creation?.contractAddress.toLowerCase()).toBe(child.toLowerCase());
    expect(creation?.factory?.toLowerCase()).toBe(factory.toLowerCase());
    expect(creation?.creationBytecode).toMatch(
      /000000000000000000000000000000000000000000000000000000000000015$/,
    );
  }, 120_000);

  it("lists the creation among the chain's internal transactions, asked with no filter first", async () => {
    const page = await client.getInternalTransactions();
    const creation = page.items.find(
      (item) => item.created_contract?.hash.toLowerCase() === child.toLowerCase(),
    );
    expect(creation?.from?.hash.toLowerCase()).toBe(factory.toLowerCase());
    expect(creation?.type).toBe("create");
  });
});
