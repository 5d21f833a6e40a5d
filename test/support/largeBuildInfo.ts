// Large synthetic Foundry build infos (out/build-info/<id>.json), shaped like a real solc 0.8 build with Foundry's
// default output selection: sources, an AST per source (most of the bytes, as in real builds), and per contract its
// ABI, metadata, bytecode, opcodes and source maps. Written in pieces: the writer never holds a file's text.
import { createWriteStream } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

const compilerVersion = "0.8.28+commit.7893614a";
// Sizes of the parts of one source's share of a build info, in bytes, about those of a real solc 0.8 build with
// Foundry's default output selection (the AST outweighs everything else, as in real builds).
const sourceBytes = 6_000;
const astNodes = 700;
const bytecodeHexChars = 12_000;

/**
 * Writes `broadcast-<n>/Deploy.s.sol/1/run-latest.json`, a Foundry broadcast that deploys the n targets given.
 * @param workspace - where the broadcast folder goes
 * @param targets - the contracts' names
 * @param bytecodes - their creation code, in the same order
 */
export async function writeBroadcast(
  workspace: string,
  targets: string[],
  bytecodes: string[],
): Promise<void> {
  const path = join(workspace, `broadcast-${targets.length}`, "Deploy.s.sol", "1", "run-latest.json");
  await mkdir(dirname(path), { recursive: true });
  const transactions = targets.map((name, index) => ({
    hash: `0x${(index + 1).toString(16).padStart(64, "0")}`,
    transactionType: "CREATE",
    contractName: name,
    contractAddress: `0x${(index + 1).toString(16).padStart(40, "0")}`,
    transaction: { input: `0x${bytecodes[index]}` },
  }));
  await writeFile(path, JSON.stringify({ transactions, libraries: [], chain: 1 }));
}

// A deterministic hex string of a given length (bytecode, hashes).
function hex(length: number, seed: number): string {
  let text = "";
  let state = seed >>> 0 || 1;
  while (text.length < length) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += state.toString(16).padStart(8, "0");
  }
  return text.slice(0, length);
}

function sourceText(name: string): string {
  const lines = [`// SPDX-License-Identifier: MIT`, `pragma solidity ^0.8.28;`, `contract ${name} {`];
  let index = 0;
  while (lines.join("\n").length < sourceBytes) {
    lines.push(
      `    function f${index}(uint256 a) external pure returns (uint256) { return a * ${index + 1}; }`,
    );
    index += 1;
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

// A solc-like AST: nested nodes with ids, types and source ranges.
function astOf(name: string, sourceId: number): unknown {
  let id = sourceId * 10_000;
  const node = (depth: number): Record<string, unknown> => {
    id += 1;
    const children = depth < 3 ? Array.from({ length: 8 }, () => node(depth + 1)) : [];
    return {
      id,
      nodeType:
        depth === 0 ? "ContractDefinition" : depth === 1 ? "FunctionDefinition" : "ExpressionStatement",
      src: `${id % 5_000}:${(id * 7) % 300}:${sourceId}`,
      name: `${name}_${id}`,
      typeDescriptions: { typeIdentifier: "t_uint256", typeString: "uint256" },
      nodes: children,
    };
  };
  const nodes: unknown[] = [];
  while (id - sourceId * 10_000 < astNodes) nodes.push(node(0));
  return {
    absolutePath: `src/${name}.sol`,
    exportedSymbols: { [name]: [sourceId] },
    id: sourceId,
    nodeType: "SourceUnit",
    nodes,
  };
}

function contractOutput(name: string, seed: number, bytecode: string): unknown {
  const abi = Array.from({ length: 12 }, (_, index) => ({
    type: "function",
    name: `f${index}`,
    inputs: [{ internalType: "uint256", name: "a", type: "uint256" }],
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "pure",
  }));
  const metadata = JSON.stringify({
    compiler: { version: compilerVersion },
    language: "Solidity",
    output: { abi },
    settings: { compilationTarget: { [`src/${name}.sol`]: name }, optimizer: { enabled: false, runs: 200 } },
    sources: { [`src/${name}.sol`]: { keccak256: `0x${hex(64, seed)}`, urls: [] } },
    version: 1,
  });
  const code = (object: string) => ({
    object,
    opcodes: "PUSH1 0x80 PUSH1 0x40 MSTORE ".repeat(Math.ceil((bytecodeHexChars * 2) / 29)),
    sourceMap: "26:300:0:-:0;;;;;;;;;;;;;;".repeat(Math.ceil(bytecodeHexChars / 2 / 25)),
    linkReferences: {},
    generatedSources: [],
    functionDebugData: {},
  });
  return {
    abi,
    metadata,
    evm: {
      bytecode: code(bytecode),
      deployedBytecode: { ...code(hex(bytecodeHexChars, seed + 1)), immutableReferences: {} },
      methodIdentifiers: Object.fromEntries(
        abi.map((entry, index) => [`${entry.name}(uint256)`, hex(8, index)]),
      ),
      gasEstimates: {
        creation: { codeDepositCost: "1000", executionCost: "infinite", totalCost: "infinite" },
      },
    },
  };
}

/**
 * Writes one Foundry build info of about `bytes` bytes. Its contracts are `C<file>_<n>`, and `Target<file>` in the
 * middle, each in `src/<name>.sol`.
 * @param path - the file
 * @param file - the file's number: its id, and its contracts' names
 * @param bytes - about how large the file is
 * @returns the target contract's name and creation code (hex, no 0x)
 */
export async function writeLargeBuildInfo(
  path: string,
  file: number,
  bytes: number,
): Promise<{ target: string; bytecode: string }> {
  const probeName = "Probe";
  const perSource =
    JSON.stringify(sourceText(probeName)).length +
    JSON.stringify(astOf(probeName, 1)).length +
    JSON.stringify(contractOutput(probeName, 1, hex(bytecodeHexChars, 1))).length +
    120;
  const count = Math.max(1, Math.round(bytes / perSource));
  const target = `Target${file}`;
  const targetIndex = Math.floor(count / 2);
  const nameOf = (index: number) => (index === targetIndex ? target : `C${file}_${index}`);
  const bytecodeOf = (index: number) => hex(bytecodeHexChars, file * 1_000_003 + index);
  const stream = createWriteStream(path);
  let failure: Error | undefined;
  stream.on("error", (error) => {
    failure = error;
  });
  const write = async (text: string): Promise<void> => {
    if (failure) throw failure;
    if (!stream.write(text)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
  };
  const id = file.toString(16).padStart(32, "0");
  const paths = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [String(index), `src/${nameOf(index)}.sol`]),
  );
  await write(
    `{"id":"${id}","source_id_to_path":${JSON.stringify(paths)},"language":"Solidity","_format":"ethers-rs-sol-build-info-1","solcVersion":"0.8.28","solcLongVersion":"${compilerVersion}","input":{"language":"Solidity","sources":{`,
  );
  for (let index = 0; index < count; index += 1) {
    const name = nameOf(index);
    await write(
      `${index === 0 ? "" : ","}${JSON.stringify(`src/${name}.sol`)}:${JSON.stringify({ content: sourceText(name) })}`,
    );
  }
  await write(
    `},"settings":{"optimizer":{"enabled":false,"runs":200},"evmVersion":"cancun","outputSelection":{"*":{"*":["abi","evm.bytecode","evm.deployedBytecode","evm.methodIdentifiers","metadata"],"":["ast"]}}}},"output":{"contracts":{`,
  );
  for (let index = 0; index < count; index += 1) {
    const name = nameOf(index);
    const output = contractOutput(name, file * 1_000_003 + index, bytecodeOf(index));
    await write(
      `${index === 0 ? "" : ","}${JSON.stringify(`src/${name}.sol`)}:{${JSON.stringify(name)}:${JSON.stringify(output)}}`,
    );
  }
  await write(`},"sources":{`);
  for (let index = 0; index < count; index += 1) {
    const name = nameOf(index);
    await write(
      `${index === 0 ? "" : ","}${JSON.stringify(`src/${name}.sol`)}:${JSON.stringify({ id: index, ast: astOf(name, index) })}`,
    );
  }
  await write("}}}");
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return { target, bytecode: bytecodeOf(targetIndex) };
}
