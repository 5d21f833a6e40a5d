import { describe, expect, it } from "@jest/globals";
import { testAddress } from "../../support/addresses.js";
import { getSourceCode, InvalidInputError } from "../../support/internals.js";
import { useTestExplorer } from "../../support/useTestExplorer.js";

const { explorer, transport } = await useTestExplorer();

describe("getsourcecode", () => {
  it("maps Blockscout's item (string flags, numeric runs, extra sources, proxy) to domain fields", async () => {
    const address = testAddress(0xc3);
    explorer.backend.addContract(address, {
      verified: {
        contractName: "Box",
        compilerVersion: "v0.8.20+commit.a1b79de6",
        sourceCode: "contract Box {}",
        fileName: "src/Box.sol",
        abi: [],
        optimizationUsed: true,
        optimizationRuns: 200,
        evmVersion: "paris",
        constructorArguments: "00000000000000000000000000000000000000000000000000000000000000ff",
        externalLibraries: [{ name: "Math", address_hash: testAddress(0xd5) }],
        additionalSources: [{ Filename: "src/Lib.sol", SourceCode: "library Lib {}" }],
        implementationAddresses: [testAddress(0xd4)],
        compilerSettings: { optimizer: { enabled: true, runs: 200 } },
      },
    });
    const contract = await getSourceCode(transport, { address: address.toUpperCase().replace("0X", "0x") });
    expect(contract).toEqual({
      address,
      contractName: "Box",
      compilerVersion: "v0.8.20+commit.a1b79de6",
      sourceCode: "contract Box {}",
      fileName: "src/Box.sol",
      additionalSources: [{ fileName: "src/Lib.sol", sourceCode: "library Lib {}" }],
      abi: [],
      optimizationUsed: true,
      optimizationRuns: 200,
      evmVersion: "paris",
      constructorArguments: "00000000000000000000000000000000000000000000000000000000000000ff",
      externalLibraries: [{ name: "Math", address: testAddress(0xd5) }],
      isProxy: true,
      implementationAddresses: [testAddress(0xd4)],
      compilerSettings: { optimizer: { enabled: true, runs: 200 } },
    });
    expect(explorer.requests[0]?.query).toEqual({
      module: "contract",
      action: "getsourcecode",
      address: address.toUpperCase().replace("0X", "0x"),
    });
  });

  it("reads the source names of a contract Blockscout imported from Sourcify (`/` before each) as the compiler's", async () => {
    const address = testAddress(0xc4);
    explorer.backend.addContract(address, {
      verified: {
        contractName: "Token",
        compilerVersion: "v0.8.20+commit.a1b79de6",
        sourceCode: 'import "./Lib.sol"; contract Token {}',
        fileName: "/contracts/Token.sol",
        additionalSources: [{ Filename: "/contracts/Lib.sol", SourceCode: "library Lib {}" }],
      },
    });
    await expect(getSourceCode(transport, { address })).resolves.toMatchObject({
      fileName: "contracts/Token.sol",
      additionalSources: [{ fileName: "contracts/Lib.sol", sourceCode: "library Lib {}" }],
    });
  });

  it("returns null for Blockscout's unverified answer `[{Address}]`", async () => {
    await expect(getSourceCode(transport, { address: testAddress(0xe1) })).resolves.toBeNull();
  });

  it("returns null for Etherscan's unverified answer with an empty SourceCode", async () => {
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        status: "1",
        message: "OK",
        result: [
          {
            SourceCode: "",
            ABI: "Contract source code not verified",
            ContractName: "",
            CompilerVersion: "",
            OptimizationUsed: "",
            Runs: "",
            ConstructorArguments: "",
            EVMVersion: "Default",
            Library: "",
            LicenseType: "Unknown",
            Proxy: "0",
            Implementation: "",
            SwarmSource: "",
          },
        ],
      }),
    });
    await expect(getSourceCode(transport, { address: testAddress(0xe1) })).resolves.toBeNull();
  });

  it('reads Etherscan\'s `{{…}}` standard JSON, `OptimizationUsed: "1"` and string `Runs`', async () => {
    const input = {
      language: "Solidity",
      sources: {
        "contracts/A.sol": { content: "contract A {}" },
        "contracts/B.sol": { content: "contract B {}" },
      },
    };
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        status: "1",
        message: "OK",
        result: [
          {
            SourceCode: `{${JSON.stringify(input)}}`,
            ABI: "[]",
            ContractName: "A",
            CompilerVersion: "v0.8.28+commit.7893614a",
            OptimizationUsed: "1",
            Runs: "999",
            ConstructorArguments: "",
            EVMVersion: "Default",
            Library: "",
            LicenseType: "MIT",
            Proxy: "0",
            Implementation: "",
            SwarmSource: "",
          },
        ],
      }),
    });
    const contract = await getSourceCode(transport, { address: testAddress(0xe2) });
    expect(contract).toMatchObject({
      sourceCode: "contract A {}",
      fileName: "contracts/A.sol",
      additionalSources: [{ fileName: "contracts/B.sol", sourceCode: "contract B {}" }],
      optimizationUsed: true,
      optimizationRuns: 999,
      isProxy: false,
    });
  });

  it("takes no ABI or settings nested past any real one: a fetch writes and hashes what it takes", async () => {
    const address = testAddress(0xc9);
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    explorer.faults.next({
      kind: "status",
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        status: "1",
        message: "OK",
        result: [
          {
            Address: address,
            SourceCode: "contract A {}",
            ABI: deep,
            ContractName: "A",
            CompilerVersion: "v0.8.24+commit.e11b9ed9",
            CompilerSettings: `{"a":${deep}}`,
          },
        ],
      }),
    });
    const contract = await getSourceCode(transport, { address });
    expect(contract).toMatchObject({ contractName: "A", sourceCode: "contract A {}" });
    expect(contract?.abi).toBeUndefined();
    expect(contract?.compilerSettings).toBeUndefined();
  });

  it("rejects a malformed address before sending anything", async () => {
    await expect(getSourceCode(transport, { address: "0xZZ" })).rejects.toThrow(InvalidInputError);
    expect(explorer.requests).toHaveLength(0);
  });
});
