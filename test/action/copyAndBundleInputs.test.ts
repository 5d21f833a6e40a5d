import { afterEach, describe, expect, it } from "@jest/globals";
import { readActionInputs } from "../../src/action/inputs.js";

// The Action's inputs that name contracts without a build: a bundle, or a copy's service and addresses. Each
// mistake is one message naming the input, before anything is read or sent.
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

const box = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const token = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

describe("the Action's bundle, copy-from and addresses inputs", () => {
  it("reads a copy: the service, the addresses once each, the targets", () => {
    inputs({
      "chain-id": "1",
      "copy-from": "blockscout",
      addresses: `${box}, ${token}\n${box}`,
      targets: "etherscan,sourcify",
    });
    expect(readActionInputs()).toMatchObject({
      copyFrom: "blockscout",
      addresses: [box, token],
      targets: ["etherscan", "sourcify"],
      bundle: undefined,
    });
  });

  it("reads a bundle, which names its own chains: no explorer-url or chain-id needed", () => {
    inputs({ bundle: "verification.json" });
    expect(readActionInputs()).toMatchObject({
      bundle: "verification.json",
      copyFrom: undefined,
      addresses: [],
    });
  });

  it.each([
    [
      { "copy-from": "blockscan", addresses: box },
      'Input copy-from names the service to read from: one of blockscout, etherscan, sourcify, routescan, got "blockscan".',
    ],
    [{ "copy-from": "blockscout" }, "Input copy-from needs addresses: the contracts to copy."],
    [
      { addresses: box, deployment: "ignition/deployments/chain-1" },
      "Input addresses goes with copy-from: the service whose verifications of them are copied.",
    ],
    [
      { bundle: "verification.json", deployment: "ignition/deployments/chain-1" },
      "Inputs deployment and bundle each name the contracts: give one of them.",
    ],
    [
      { "copy-from": "blockscout", addresses: box, contracts: "m.json", targets: "sourcify" },
      "Inputs contracts and copy-from each name the contracts: give one of them.",
    ],
    [
      { "copy-from": "blockscout", addresses: box },
      "Input targets names blockscout, which copy-from reads from: a copy goes to the other services.",
    ],
  ])("refuses %j", (given, message) => {
    inputs({ "chain-id": "1", ...given });
    expect(() => readActionInputs()).toThrow(message);
  });
});
