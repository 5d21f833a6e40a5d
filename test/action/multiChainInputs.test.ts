import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { readActionInputs } from "../../src/action/inputs.js";
import { deploymentPaths } from "../../src/run/jobs/deploymentPaths.js";

const set: string[] = [];
function inputs(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const variable = `INPUT_${name.toUpperCase()}`;
    process.env[variable] = value;
    set.push(variable);
  }
}
afterEach(() => {
  for (const variable of set.splice(0)) delete process.env[variable];
});

function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), "deployments-"));
  for (const folder of ["chain-10", "chain-8453", "chain-31337"])
    mkdirSync(join(root, "ignition", "deployments", folder), { recursive: true });
  for (const chain of ["10", "8453"]) {
    mkdirSync(join(root, "broadcast", "Deploy.s.sol", chain), { recursive: true });
    writeFileSync(join(root, "broadcast", "Deploy.s.sol", chain, "run-latest.json"), "{}");
  }
  // A chain folder whose script has not finished: no run-latest.json, so the pattern leaves it out.
  mkdirSync(join(root, "broadcast", "Deploy.s.sol", "1"), { recursive: true });
  return root;
}

describe("the Action's deployments over several chains", () => {
  it("expands one pattern per line within one folder level, sorted, and keeps plain paths as given", async () => {
    const root = workspace();
    expect(
      await deploymentPaths(
        "ignition/deployments/chain-*\n\n  broadcast/Deploy.s.sol/*/run-latest.json  \nignition/deployments/chain-10",
        root,
      ),
    ).toEqual([
      "ignition/deployments/chain-10",
      "ignition/deployments/chain-31337",
      "ignition/deployments/chain-8453",
      "broadcast/Deploy.s.sol/10/run-latest.json",
      "broadcast/Deploy.s.sol/8453/run-latest.json",
    ]);
  });

  it("refuses a pattern that matches nothing, and **", async () => {
    const root = workspace();
    await expect(deploymentPaths("ignition/deployment/*", root)).rejects.toThrow(
      "Input deployment: nothing in the workspace matches ignition/deployment/*.",
    );
    await expect(deploymentPaths("broadcast/**/run-latest.json", root)).rejects.toThrow(
      "Input deployment: broadcast/**/run-latest.json uses **; a * matches within one folder level, e.g. ignition/deployments/*.",
    );
  });

  it("reads explorers and rpc-urls by chain id, and the ledger's default", () => {
    inputs({
      deployment: "ignition/deployments/*",
      explorers: '{"10": "https://optimism.blockscout.com", "8453": "https://base.blockscout.com"}',
      "rpc-urls": '{"10": "https://mainnet.optimism.io"}',
    });
    expect(readActionInputs()).toMatchObject({
      explorerUrl: undefined,
      chainId: undefined,
      explorers: { 10: "https://optimism.blockscout.com", 8453: "https://base.blockscout.com" },
      rpcUrls: { 10: "https://mainnet.optimism.io" },
      ledger: ".explorer-verify/ledger.json",
      recheck: false,
    });
  });

  it.each([
    [
      "explorers",
      '["https://optimism.blockscout.com"]',
      'Input explorers must be a JSON object from chain id to URL, e.g. {"10": "https://optimism.blockscout.com"}.',
    ],
    [
      "explorers",
      '{"optimism": "https://optimism.blockscout.com"}',
      'Input explorers must be a JSON object from chain id to URL, e.g. {"10": "https://optimism.blockscout.com"}: "optimism" is not a chain id.',
    ],
    [
      "rpc-urls",
      "{10: x}",
      'Input rpc-urls must be a JSON object from chain id to URL, e.g. {"10": "https://mainnet.optimism.io"}: it is not JSON.',
    ],
    ["chain-id", "0", 'Input chain-id must be a whole number from 1 to 9007199254740991, got "0".'],
    ["fail-on-error", "maybe", 'Input fail-on-error must be true or false, got "maybe".'],
    ["pr-comment", "sometimes", 'Input pr-comment must be true or false, got "sometimes".'],
  ])("refuses %s %s in one line", (name, value, message) => {
    inputs({ deployment: "ignition/deployments/*", [name]: value });
    expect(() => readActionInputs()).toThrow(message);
  });
});
