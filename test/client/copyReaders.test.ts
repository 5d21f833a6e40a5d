import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "@jest/globals";
import { readEtherscanContract } from "../../src/client/contract/readEtherscanContract.js";
import { readVerifiedInput, verifiedInputOf } from "../../src/client/contract/readVerifiedInput.js";
import type { VerifiedContract } from "../../src/client/contract/verifiedContract.js";
import { readSourcifyContract } from "../../src/client/sourcify/readSourcifyContract.js";
import { testAddress } from "../support/addresses.js";
import { useScriptedServers } from "../support/scriptedServer.js";
import { transportFor } from "../support/transportFor.js";
import { useTestExplorer } from "../support/useTestExplorer.js";

// The readers `copy` chooses from, one per service, each asked over HTTP on loopback: what it sent, and the standard
// JSON input it rebuilt from the answer.
const { explorer, transport } = await useTestExplorer({}, { smartContractStatus: true });
const serve = useScriptedServers();
const outputSelection = { "*": { "*": ["abi", "evm.bytecode", "evm.deployedBytecode", "metadata"] } };
const boxSource =
  "// SPDX-License-Identifier: MIT\npragma solidity 0.8.28;\ncontract Box { uint256 public v; }\n";
const libSource = "library Lib { function f() internal {} }\n";

/** A JSON answer that keeps the request's URL. */
function answering(body: unknown, urls: string[], status = 200) {
  return (request: IncomingMessage, response: ServerResponse) => {
    urls.push(request.url ?? "");
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
}

describe("Blockscout's verified contract, as a standard JSON input", () => {
  it("keeps every file, the stored settings (an output selection added), the arguments and the libraries", async () => {
    const address = testAddress(0xb1);
    explorer.backend.addContract(address, {
      verified: {
        contractName: "Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        sourceCode: boxSource,
        fileName: "contracts/Box.sol",
        constructorArguments: "00000000000000000000000000000000000000000000000000000000000000ff",
        externalLibraries: [{ name: "Lib", address_hash: testAddress(0xd5) }],
        additionalSources: [{ Filename: "contracts/Lib.sol", SourceCode: libSource }],
        compilerSettings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" },
      },
    });
    await expect(readVerifiedInput(transport, { address })).resolves.toEqual({
      found: true,
      verified: {
        address,
        contractName: "contracts/Box.sol:Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        input: {
          language: "Solidity",
          sources: {
            "contracts/Box.sol": { content: boxSource },
            "contracts/Lib.sol": { content: libSource },
          },
          settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun", outputSelection },
        },
        constructorArguments: "00000000000000000000000000000000000000000000000000000000000000ff",
        libraries: { Lib: testAddress(0xd5) },
        match: "exact",
      },
    });
    expect(explorer.requests.map((request) => [request.path, request.query.action])).toEqual(
      expect.arrayContaining([
        ["/api", "getsourcecode"],
        [`/api/v2/smart-contracts/${address}`, undefined],
      ]),
    );
  });

  it("makes a flattened file a one-source input, and says a partial match is one", async () => {
    const address = testAddress(0xb2);
    explorer.backend.addContract(address, {
      verified: {
        contractName: "Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        sourceCode: boxSource,
        fileName: "",
        optimizationUsed: true,
        optimizationRuns: 1000,
        evmVersion: "default",
        match: "partial",
      },
    });
    await expect(readVerifiedInput(transport, { address })).resolves.toMatchObject({
      found: true,
      verified: {
        contractName: "Box.sol:Box",
        input: {
          sources: { "Box.sol": { content: boxSource } },
          settings: { optimizer: { enabled: true, runs: 1000 }, outputSelection },
        },
        match: "partial",
      },
    });
  });

  it("does not give a bytecode twin's sources, nor an address it does not hold, as the address's own", async () => {
    const verified = testAddress(0xb3);
    const twin = testAddress(0xb4);
    explorer.backend.addContract(verified, {
      verified: { contractName: "Box", compilerVersion: "v0.8.28+commit.7893614a", sourceCode: boxSource },
    });
    explorer.backend.addContract(twin, { twinOf: verified });
    await expect(readVerifiedInput(transport, { address: twin })).resolves.toEqual({
      found: false,
      standing: "bytecode-twin",
      reason: `${twin} is not verified itself: these are the sources of a verified contract with the same bytecode (a bytecode twin).`,
    });
    await expect(readVerifiedInput(transport, { address: testAddress(0xb5) })).resolves.toEqual({
      found: false,
      standing: "unverified",
      reason: `The explorer holds no verified sources for ${testAddress(0xb5)}.`,
    });
  });

  it("refuses double braces around what is not a standard JSON input (a cut-short answer): no file starts with {", async () => {
    const address = testAddress(0xb7);
    explorer.backend.addContract(address, {
      verified: {
        contractName: "Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        sourceCode: '{{"language":"Solidity","sources":{"contracts/Box.sol":{"content":"contract Bo',
      },
    });
    const refusal = readVerifiedInput(transport, { address });
    await expect(refusal).rejects.toMatchObject({
      code: "invalid_response",
      shortMessage: `The explorer's answer cannot be read: the SourceCode it holds for ${address} starts with "{{" as a standard JSON input does, but is not one (a Solidity file never starts with "{").`,
    });
  });

  it("does not give an answer whose Address names another contract as the address's own", async () => {
    const address = testAddress(0xb8);
    const other = testAddress(0xb9);
    explorer.backend.addContract(address, {
      verified: { contractName: "Box", compilerVersion: "v0.8.28+commit.7893614a", sourceCode: boxSource },
    });
    // The explorer's own answers, getsourcecode's item naming another address: its status says the address is
    // verified, so only Address tells the answer is not about it.
    const urls: string[] = [];
    const server = await serve((request, response) => {
      urls.push(request.url ?? "");
      void (async () => {
        const answer = await fetch(`${explorer.url}${request.url ?? "/"}`);
        const body = (await answer.json()) as { result?: Array<Record<string, unknown>> };
        if (request.url?.startsWith("/api?") && body.result?.[0]) body.result[0].Address = other;
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      })();
    });
    await expect(readVerifiedInput(transportFor(server), { address })).resolves.toEqual({
      found: false,
      standing: "unverified",
      reason: `The service's answer for ${address} is about another contract (${other}): it holds no verified sources of ${address}'s to copy.`,
    });
    expect(urls).toEqual(
      expect.arrayContaining([
        `/api?module=contract&action=getsourcecode&address=${address}`,
        `/api/v2/smart-contracts/${address}`,
      ]),
    );
  });

  it("does not copy what the explorer verified from its bytecode database, nor a Vyper contract", () => {
    const contract = {
      address: testAddress(0xb6),
      contractName: "Box",
      compilerVersion: "v0.8.28+commit.7893614a",
      sourceCode: boxSource,
      fileName: "Box.sol",
      additionalSources: [],
      abi: [],
      optimizationUsed: false,
      optimizationRuns: undefined,
      evmVersion: undefined,
      constructorArguments: undefined,
      externalLibraries: [],
      isProxy: false,
      implementationAddresses: [],
      compilerSettings: undefined,
    } satisfies VerifiedContract;
    const reading = {
      contract,
      standing: "verified",
      sourceAddress: undefined,
      verifiedViaBytecodeDatabase: true,
      language: "solidity",
    } as const;
    expect(verifiedInputOf(contract.address, reading)).toMatchObject({
      found: false,
      standing: "bytecode-database",
    });
    expect(
      verifiedInputOf(contract.address, {
        ...reading,
        verifiedViaBytecodeDatabase: false,
        language: "vyper",
      }),
    ).toMatchObject({ found: false, standing: "vyper" });
  });
});

describe("Etherscan's getsourcecode, as a standard JSON input", () => {
  const address = testAddress(0xe1);
  const item = {
    ABI: "[]",
    ContractName: "Box",
    CompilerVersion: "v0.8.28+commit.7893614a",
    CompilerType: "solc",
    OptimizationUsed: "1",
    Runs: "200",
    ConstructorArguments: "00000000000000000000000000000000000000000000000000000000000000ff",
    EVMVersion: "Default",
    Library: `Lib:${testAddress(0xd5).slice(2)}`,
    ContractFileName: "contracts/Box.sol",
    LicenseType: "MIT",
    Proxy: "0",
    Implementation: "",
    SwarmSource: "",
    SimilarMatch: "",
  };
  const input = {
    language: "Solidity",
    sources: { "contracts/Lib.sol": { content: libSource }, "contracts/Box.sol": { content: boxSource } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi"] } } },
  };

  it("unwraps the double braces of a standard-JSON verification, its settings kept and ContractFileName the main file", async () => {
    const urls: string[] = [];
    const server = await serve(
      answering(
        { status: "1", message: "OK", result: [{ ...item, SourceCode: `{${JSON.stringify(input)}}` }] },
        urls,
      ),
    );
    const etherscan = transportFor(
      { url: `${server.url}/v2/api` },
      { apiKey: "KEY", fixedQuery: { chainid: "1" } },
    );
    await expect(readEtherscanContract(etherscan, { address })).resolves.toEqual({
      found: true,
      verified: {
        address,
        contractName: "contracts/Box.sol:Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        input,
        constructorArguments: "00000000000000000000000000000000000000000000000000000000000000ff",
        libraries: { Lib: testAddress(0xd5) },
        match: "exact",
      },
    });
    const url = new URL(urls[0] ?? "", server.url);
    expect([url.pathname, Object.fromEntries(url.searchParams)]).toEqual([
      "/v2/api",
      { module: "contract", action: "getsourcecode", address, apikey: "KEY", chainid: "1" },
    ]);
  });

  it("reads the multi-file form and a single file, and finds the file that declares the contract", async () => {
    const multi = await serve(
      answering(
        {
          status: "1",
          message: "OK",
          result: [{ ...item, ContractFileName: "", SourceCode: JSON.stringify(input.sources) }],
        },
        [],
      ),
    );
    await expect(readEtherscanContract(transportFor(multi), { address })).resolves.toMatchObject({
      found: true,
      verified: {
        contractName: "contracts/Box.sol:Box",
        input: {
          sources: input.sources,
          settings: { optimizer: { enabled: true, runs: 200 }, outputSelection },
        },
      },
    });
    const single = await serve(
      answering(
        { status: "1", message: "OK", result: [{ ...item, ContractFileName: "", SourceCode: boxSource }] },
        [],
      ),
    );
    await expect(readEtherscanContract(transportFor(single), { address })).resolves.toMatchObject({
      found: true,
      verified: { contractName: "Box.sol:Box", input: { sources: { "Box.sol": { content: boxSource } } } },
    });
  });

  it("refuses sources that start as JSON does but are neither of its forms (a cut-short {{…), rather than take them as a file", async () => {
    const cut = `{${JSON.stringify(input)}}`.slice(0, 120);
    for (const sourceCode of [cut, `{${JSON.stringify({ language: "Solidity" })}}`, "{ not json"]) {
      const server = await serve(
        answering({ status: "1", message: "OK", result: [{ ...item, SourceCode: sourceCode }] }, []),
      );
      await expect(readEtherscanContract(transportFor(server), { address })).rejects.toMatchObject({
        code: "invalid_response",
        shortMessage: `The service's answer cannot be read: the SourceCode it holds for ${address} starts with "{" but is neither a standard JSON input nor a set of files (a Solidity file never starts with "{").`,
      });
    }
  });

  it("does not give an answer whose Address names another contract (an Etherscan-compatible service) as the address's own", async () => {
    const other = testAddress(0xe3);
    const server = await serve(
      answering(
        {
          status: "1",
          message: "OK",
          result: [{ ...item, Address: other, SourceCode: `{${JSON.stringify(input)}}` }],
        },
        [],
      ),
    );
    await expect(readEtherscanContract(transportFor(server), { address })).resolves.toEqual({
      found: false,
      standing: "unverified",
      reason: `The service's answer for ${address} is about another contract (${other}): it holds no verified sources of ${address}'s to copy.`,
    });
  });

  it("says a similar match is another contract's sources, and an unverified address holds none", async () => {
    const twinOf = testAddress(0xe2);
    const similar = await serve(
      answering(
        { status: "1", message: "OK", result: [{ ...item, SourceCode: boxSource, SimilarMatch: twinOf }] },
        [],
      ),
    );
    await expect(readEtherscanContract(transportFor(similar), { address })).resolves.toEqual({
      found: false,
      standing: "bytecode-twin",
      reason: `${address} is not verified itself: these are the sources of ${twinOf}, a verified contract with the same bytecode (a similar match).`,
    });
    const none = await serve(
      answering(
        {
          status: "1",
          message: "OK",
          result: [{ ...item, SourceCode: "", ABI: "Contract source code not verified" }],
        },
        [],
      ),
    );
    await expect(readEtherscanContract(transportFor(none), { address })).resolves.toMatchObject({
      found: false,
      standing: "unverified",
    });
  });
});

describe("Sourcify's lookup with every field, as a standard JSON input", () => {
  const address = testAddress(0x5f);
  const stdJsonInput = {
    language: "Solidity",
    sources: { "contracts/Box.sol": { content: boxSource } },
    settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: { "*": { "*": ["*"] } } },
  };
  const found = {
    match: "match",
    creationMatch: "match",
    runtimeMatch: "match",
    chainId: "31337",
    address,
    compilation: {
      language: "Solidity",
      compiler: "solc",
      compilerVersion: "0.8.28+commit.7893614a",
      compilerSettings: { optimizer: { enabled: false, runs: 200 } },
      name: "Box",
      fullyQualifiedName: "contracts/Box.sol:Box",
    },
    sources: stdJsonInput.sources,
    stdJsonInput,
    creationBytecode: {
      transformationValues: {
        constructorArguments: "0x00000000000000000000000000000000000000000000000000000000000000ff",
        libraries: { "contracts/Lib.sol:Lib": testAddress(0xd5) },
      },
    },
  };

  it("asks for every field, and takes the standard JSON input, the arguments and libraries; a match is partial", async () => {
    const urls: string[] = [];
    const server = await serve(answering(found, urls));
    await expect(readSourcifyContract(transportFor(server), { chainId: 31337, address })).resolves.toEqual({
      found: true,
      verified: {
        address,
        contractName: "contracts/Box.sol:Box",
        compilerVersion: "v0.8.28+commit.7893614a",
        input: stdJsonInput,
        constructorArguments: "00000000000000000000000000000000000000000000000000000000000000ff",
        libraries: { "contracts/Lib.sol:Lib": testAddress(0xd5) },
        match: "partial",
      },
    });
    expect(urls).toEqual([`/v2/contract/31337/${address}?fields=all`]);
  });

  it("takes a 404 for no verification, and an answer about another chain or address for none of this one", async () => {
    const missing = await serve(
      answering({ match: null, creationMatch: null, runtimeMatch: null, chainId: "31337", address }, [], 404),
    );
    await expect(
      readSourcifyContract(transportFor(missing), { chainId: 31337, address }),
    ).resolves.toMatchObject({
      found: false,
      standing: "unverified",
    });
    const another = await serve(answering({ ...found, chainId: "1" }, []));
    await expect(
      readSourcifyContract(transportFor(another), { chainId: 31337, address }),
    ).resolves.toMatchObject({
      found: false,
      standing: "unverified",
    });
  });
});
