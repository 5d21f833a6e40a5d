import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import {
  checkAddresses,
  checkTaskContracts,
  deploymentIds,
  type TaskContracts,
} from "../../../src/run/hardhat/taskArgumentChecks.js";

const address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const hash = `0x${"ab".repeat(32)}`;
const none: TaskContracts = { address: "", constructorArgs: [], proxy: false, format: "auto" };

function refusal(check: () => unknown): string {
  try {
    check();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("accepted");
}

describe("the task's arguments, checked in the hall", () => {
  it("takes one address, one deployment or a factory with its transactions", () => {
    expect(() => checkTaskContracts({ ...none, address })).not.toThrow();
    expect(() => checkTaskContracts({ ...none, address, creationTxHash: hash })).not.toThrow();
    expect(() => checkTaskContracts({ ...none, deployment: "chain-31337" })).not.toThrow();
    expect(() => checkTaskContracts({ ...none, createdBy: address, tx: `${hash}, ${hash}` })).not.toThrow();
  });

  it.each<[string, Partial<TaskContracts>, string]>([
    [
      "nothing",
      {},
      "Give the contract's ADDRESS (npx hardhat explorer-verify 0x…), or --deployment IGNITION_ID.",
    ],
    ["both", { address, deployment: "x" }, "Give either a contract ADDRESS or --deployment, not both."],
    [
      "a malformed address",
      { address: "0x12" },
      '"0x12" is not an address: expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      "an unknown format",
      { address, format: "yaml" },
      "--format yaml is not a format: use auto, standard-json, single-file, flattened, registry (auto, the default, sends standard JSON input).",
    ],
    [
      "a deployment with --proxy",
      { deployment: "x", proxy: true },
      "With --deployment, contracts and constructor arguments come from the deployment: drop --contract, --proxy and constructor arguments.",
    ],
    ["--tx alone", { tx: hash }, "--created-by FACTORY and --tx HASH go together: give both."],
    [
      "a factory and an address",
      { address, createdBy: address, tx: hash },
      "--created-by names the factory: drop ADDRESS and --deployment.",
    ],
    [
      "a malformed factory",
      { createdBy: "0x1", tx: hash },
      '--created-by "0x1" is not an address: expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      "a malformed hash",
      { createdBy: address, tx: `${hash}, 0x1234` },
      '--tx "0x1234" is not a transaction hash: expected 0x followed by 64 hexadecimal characters.',
    ],
    [
      "a malformed creation hash",
      { address, creationTxHash: "0x1234" },
      '--creation-tx-hash "0x1234" is not a transaction hash: expected 0x followed by 64 hexadecimal characters.',
    ],
    [
      "a creation hash without ADDRESS",
      { deployment: "chain-31337", creationTxHash: hash },
      "--creation-tx-hash names the creation of one ADDRESS: give the ADDRESS.",
    ],
    [
      "a creation hash with a factory",
      { createdBy: address, tx: hash, creationTxHash: hash },
      "--creation-tx-hash names one ADDRESS: drop it with --created-by.",
    ],
  ])("refuses %s, in the task's words", (_, given, message) => {
    expect(refusal(() => checkTaskContracts({ ...none, ...given }))).toBe(message);
  });

  it("names the first malformed address of a copy", () => {
    expect(() => checkAddresses([address])).not.toThrow();
    expect(refusal(() => checkAddresses([address, "0xZZ", "0x1"]))).toBe(
      '"0xZZ" is not an address: expected 0x followed by 40 hexadecimal characters.',
    );
  });
});

describe("the deployments several IDs name", () => {
  it("reads a list, the words after it and all, each once", async () => {
    const folder = await mkdtemp(join(tmpdir(), "explorer-verify-deployments-"));
    try {
      await mkdir(join(folder, "chain-8453"));
      await mkdir(join(folder, "chain-10"));
      expect(
        deploymentIds({ ...none, deployment: "chain-10, chain-8453", address: "a,chain-10" }, folder),
      ).toEqual(["chain-10", "chain-8453", "a"]);
      expect(deploymentIds({ ...none, deployment: "all" }, folder)).toEqual(["chain-10", "chain-8453"]);
      expect(refusal(() => deploymentIds({ ...none, deployment: "all", address: "chain-10" }, folder))).toBe(
        "--deployment all already takes every deployment: name no others with it.",
      );
      expect(refusal(() => deploymentIds({ ...none, deployment: "all", creationTxHash: hash }, folder))).toBe(
        "--creation-tx-hash names the creation of one ADDRESS: the deployments record their own.",
      );
      expect(refusal(() => deploymentIds({ ...none, deployment: "all" }, join(folder, "none")))).toBe(
        `--deployment all: there are no deployments in ${join(folder, "none")}.`,
      );
      const address = `0x${"ab".repeat(20)}`;
      expect(refusal(() => deploymentIds({ ...none, deployment: "chain-10", address }, folder))).toBe(
        `${address} is a contract's ADDRESS: --deployment names its contracts itself; give one or the other.`,
      );
      expect(refusal(() => deploymentIds({ ...none, deployment: "x", contract: "A.sol:A" }, folder))).toBe(
        "With --deployment, contracts and constructor arguments come from the deployment: drop --contract, --proxy and --constructor-args-path.",
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
