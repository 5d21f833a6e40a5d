import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import type { HardhatUserConfig } from "hardhat/types/config";
import type { GlobalOptions } from "hardhat/types/global-options";
import explorerVerify from "../../plugin/index.js";
import { testAddress } from "../support/addresses.js";
import { type RpcAnswer, type RpcCall, startJsonRpcStandIn } from "../support/jsonRpcStandIn.js";
import { startTestExplorer } from "../support/testExplorer.js";

// The task in a Hardhat runtime with the plugin, on an HTTP network whose node is a JSON-RPC stand-in on 127.0.0.1
// (chain 10200, through Hardhat's own provider) and a test explorer given as --explorer-url, in a project without
// contracts: each mistake is one line, said before anything is sent where it can be.
const factory = testAddress(0xfa);
const transaction = `0x${"ab".repeat(32)}`;
let trace: RpcAnswer = { result: {} };
const chain = await startJsonRpcStandIn((call: RpcCall) => {
  if (call.method === "eth_chainId") return { result: "0x27d8" };
  if (call.method === "debug_traceTransaction") return trace;
  return call.method === "eth_getCode" ? { result: "0x" } : { error: { code: -32601, message: "no" } };
});
const explorer = await startTestExplorer({ smartContractStatus: true });
let project: string;
let printed: string[];

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), "explorer-verify-network-task-"));
  await mkdir(join(project, "contracts"));
  await mkdir(join(project, "test"));
  await writeFile(join(project, "package.json"), '{ "type": "module" }\n');
  // Hardhat loads its plugins' hooks at once, and Jest's ESM loader fails the first such load (zod "not in cache").
  await createHardhatRuntimeEnvironment({ plugins: [explorerVerify] }).catch(() => undefined);
});
afterAll(async () => {
  await Promise.all([chain.close(), explorer.close()]);
  await rm(project, { recursive: true, force: true });
});
beforeEach(() => {
  explorer.reset();
  chain.received.length = 0;
  printed = [];
  for (const stream of [process.stdout, process.stderr]) {
    jest.spyOn(stream, "write").mockImplementation((text) => Boolean(printed.push(String(text))));
  }
});
afterEach(() => {
  jest.restoreAllMocks();
});

async function verify(args: Record<string, unknown>, options: Partial<GlobalOptions> = {}): Promise<string> {
  const hre = await createHardhatRuntimeEnvironment(
    {
      plugins: [explorerVerify],
      networks: { chiado: { type: "http", url: chain.url } },
      // The build of a project without contracts still asks for a compiler: the package's own, no download.
      solidity: {
        compilers: [{ version: "0.8.28", path: createRequire(import.meta.url).resolve("solc/soljson.js") }],
      },
    } as HardhatUserConfig,
    { network: "chiado", ...options },
    project,
  );
  return hre.tasks
    .getTask("explorer-verify")
    .run({ explorerUrl: explorer.url, ...args })
    .then(
      () => "ran",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
}

describe("--created-by FACTORY --tx HASH that finds nothing", () => {
  it.each([
    [
      "a hash the node does not know",
      { error: { code: -32000, message: `Unable to find a block containing transaction ${transaction}` } },
      `the network did not trace it (debug_traceTransaction: the network answered: Unable to find a block containing transaction ${transaction}). Check --tx, or use a network whose node answers debug_traceTransaction (an archive node).`,
    ],
    [
      "a node without debug_traceTransaction",
      {
        error: { code: -32601, message: "the method debug_traceTransaction does not exist/is not available" },
      },
      "the network did not trace it (debug_traceTransaction: the network answered: the method debug_traceTransaction does not exist/is not available). Check --tx, or use a network whose node answers debug_traceTransaction (an archive node).",
    ],
    [
      "a transaction in which the factory created nothing",
      { result: { type: "CALL", from: testAddress(0xee), to: factory, input: "0x" } },
      "check --created-by and --tx.",
    ],
  ] as const)(
    "is refused in one line: %s",
    async (_, answer, why) => {
      trace = answer;
      expect(await verify({ createdBy: factory, tx: transaction, ledger: "none" })).toBe(
        `No contract created by ${factory} was found in --tx ${transaction}: ${why}`,
      );
      expect(chain.received.filter((call) => call.method === "debug_traceTransaction")).toHaveLength(1);
      expect(printed.join("")).not.toContain("Verifying");
    },
    60_000,
  );
});

describe("an ADDRESS the explorer shows verified, settled before the build", () => {
  const address = testAddress(0x3a);

  it("says where it verifies and records it in the ledger --ledger names; a rerun looks again", async () => {
    explorer.backend.addContract(address, { verified: { contractName: "Vault" } });
    expect(await verify({ address, ledger: "newledger.json" })).toBe("ran");
    const lines = printed.join("").split("\n");
    expect(lines[0]).toBe(
      `Verifying 1 contract on Blockscout at ${explorer.url} (from --explorer-url; chain 10200 from network "chiado")`,
    );
    const { entries } = JSON.parse(await readFile(join(project, "newledger.json"), "utf8")) as {
      entries: Array<Record<string, unknown>>;
    };
    expect(entries).toEqual([
      expect.objectContaining({
        address,
        chainId: 10200,
        contract: "Vault",
        format: "standard-json",
        inputHash: "",
        status: "verified",
        url: `${explorer.url}/address/${address}#code`,
      }),
    ]);
    explorer.requests.length = 0;
    expect(await verify({ address, ledger: "newledger.json" })).toBe("ran");
    expect(explorer.requests.map((request) => request.path)).toEqual([`/api/v2/smart-contracts/${address}`]);
  }, 60_000);

  it("refuses a --build-profile the config lacks before anything is sent", async () => {
    explorer.backend.addContract(address, { verified: { contractName: "Vault" } });
    expect(await verify({ address, ledger: "none" }, { buildProfile: "nope" })).toBe(
      'There is no build profile "nope" in the Hardhat config (known: default, production).',
    );
    expect(chain.received).toEqual([]);
    expect(explorer.requests).toEqual([]);
  }, 60_000);
});
