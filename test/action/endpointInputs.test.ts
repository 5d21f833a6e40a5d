import { afterEach, describe, expect, it, jest } from "@jest/globals";
import { readActionInputs } from "../../src/action/inputs.js";

const set: string[] = [];
function env(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    process.env[name] = value;
    set.push(name);
  }
}
const inputs = (values: Record<string, string>) =>
  env(
    Object.fromEntries(Object.entries(values).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
  );
afterEach(() => {
  for (const variable of set.splice(0)) delete process.env[variable];
  jest.restoreAllMocks();
});

describe("the Action's endpoints and endpoint-keys inputs", () => {
  it("reads one CHAIN=SERVICE=URL a line, each key from the step's variable it names, masked before use", () => {
    const printed: string[] = [];
    jest.spyOn(process.stdout, "write").mockImplementation((text) => {
      printed.push(String(text));
      return true;
    });
    env({ TENDERLY_ACCESS_KEY: "tenderly-secret-value" });
    inputs({
      "chain-id": "10",
      contracts: "contracts.json",
      endpoints:
        "10=etherscan=https://api.tenderly.co/api/v1/account/acme/project/web3/etherscan/verify/network/10\n\n  10=sourcify=https://verify.example/server  \n",
      "endpoint-keys": "10=etherscan=TENDERLY_ACCESS_KEY",
    });
    const read = readActionInputs();
    expect(read.endpoints).toEqual({
      10: {
        etherscan: {
          url: {
            url: "https://api.tenderly.co/api/v1/account/acme/project/web3/etherscan/verify/network/10",
            source: "Input endpoints 10=etherscan",
          },
          apiKey: { value: "tenderly-secret-value", source: "TENDERLY_ACCESS_KEY" },
        },
        sourcify: { url: { url: "https://verify.example/server", source: "Input endpoints 10=sourcify" } },
      },
    });
    expect(printed.join("")).toContain("::add-mask::tenderly-secret-value");
  });

  it("refuses a key written in the input itself, never repeating it", () => {
    inputs({
      "chain-id": "10",
      contracts: "contracts.json",
      "endpoint-keys": "10=etherscan=sk-live-0123456789",
    });
    expect(() => readActionInputs()).toThrow(
      expect.objectContaining({
        field: "endpoint-keys",
        shortMessage:
          "Input endpoint-keys: chain 10's Etherscan entry is not the name of an environment variable (e.g. 10=etherscan=TENDERLY_ACCESS_KEY): write the variable's name, never the key itself (what was written is not shown).",
      }),
    );
  });
});
