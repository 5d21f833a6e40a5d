import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { main } from "../../../src/cli/main.js";
import { bundleOf, bundleText } from "../../../src/run/jobs/bundleWriter.js";
import { runActionInProcess } from "../../support/actionInProcess.js";

// The refusals the hall makes for every door, each in the door's own words, before any request.
let workspace: string;
const address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const source = {
  format: "flattened",
  sourceCode: "contract Box {}",
  compilerVersion: "v0.8.28+commit.7893614a",
  contractName: "Box",
  optimizer: { enabled: false, runs: 200 },
} as const;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-door-refusals-"));
  await writeFile(
    join(workspace, "one.json"),
    bundleText(bundleOf([{ address, chainId: 1, source }], 1).bundle),
  );
  const twoChains = bundleOf(
    [
      { address, chainId: 1, source },
      { address, chainId: 100, source },
    ],
    undefined,
  );
  await writeFile(join(workspace, "two.json"), bundleText(twoChains.bundle));
});

afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

// What the CLI prints on stderr and the exit code it returns.
async function cli(args: string[]): Promise<{ code: number; printed: string[] }> {
  const printed: string[] = [];
  jest.spyOn(console, "error").mockImplementation((line: unknown) => void printed.push(String(line)));
  try {
    return { code: await main(args), printed };
  } finally {
    jest.restoreAllMocks();
  }
}

describe("the CLI's refusals, made in the hall", () => {
  const bundle = () => join(workspace, "one.json");

  it.each([
    [
      "--recheck without a ledger",
      () => ["verify", "--bundle", bundle(), "--recheck"],
      "--recheck goes with --ledger: it asks the explorer about what the ledger says is verified.",
    ],
    [
      "--preflight without an RPC",
      () => ["verify", "--bundle", bundle(), "--preflight"],
      "--preflight needs --rpc-url: the chain to check the deployed code against.",
    ],
    [
      "an RPC URL that is not http(s)",
      () => ["verify", "--bundle", bundle(), "--rpc-url", "ftp://127.0.0.1"],
      '--rpc-url must be the chain\'s http(s) JSON-RPC URL, e.g. http://127.0.0.1:8545, got "ftp://127.0.0.1".',
    ],
    [
      "a flag that names contracts beside a bundle",
      () => ["verify", "--bundle", bundle(), "--contract", "src/Box.sol:Box"],
      "--bundle names the contracts: drop --contract.",
    ],
    [
      "a copy's --recheck without a ledger",
      () => ["copy", address, "--from", "blockscout", "--to", "sourcify", "--recheck"],
      "--recheck goes with --ledger: it asks the services about what the ledger says is verified.",
    ],
    [
      "a copy's malformed address",
      () => ["copy", "0x1234", "--from", "blockscout", "--to", "sourcify"],
      'Invalid address "0x1234": expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      "a status of a service that is not one",
      () => ["status", "abcdefghij0123456789abcd", "--target", "nope"],
      "--target nope is not a target: use blockscout, etherscan, sourcify, routescan.",
    ],
    [
      "--compiler-version without --standard-json",
      () => ["verify", address, "--compiler-version", "0.8.28"],
      "--compiler-version goes with --standard-json: a build's compiler is read from the build.",
    ],
  ])("%s", async (_name, args, message) => {
    expect(await cli(args())).toEqual({ code: 2, printed: [`explorer-verify: ${message}`] });
  });
});

describe("the Action's refusals, made in the hall", () => {
  it("refuses include-created over several chains, in its words", async () => {
    const { log } = await runActionInProcess(
      { bundle: "two.json", "include-created": "true", "explorer-url": "" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(
      "::error::Input include-created reads one chain's transactions: give deployments on one chain with it.",
    );
  });

  it("refuses a plan of a copy, in its words", async () => {
    const { log } = await runActionInProcess(
      { shards: "2", "copy-from": "blockscout", addresses: address, targets: "sourcify" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(
      "::error::Input shards plans a verification's contracts, not a copy: drop copy-from.",
    );
  });
});
