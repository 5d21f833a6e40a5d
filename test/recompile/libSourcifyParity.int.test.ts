import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  keccak256,
  parseAbi,
  toBytes,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import {
  type CompilerOutput,
  loadSolcJsCompiler,
  parseCompilerOutput,
} from "../../src/recompile/compiler.js";
import { localCompilerResolver } from "../../src/recompile/compilerResolver.js";
import { recompileAndMatch } from "../../src/recompile/recompileAndMatch.js";
import { deployerPrivateKey, type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { soljsonOf as soljsonOfRelease } from "../support/solcJsReleases.js";
import { localSourcifyChain, releaseSourcifyChain } from "../support/sourcifyEmulator.js";

// Differential test: our matcher and lib-sourcify (the field's reference matcher) judge the same (contract,
// settings) pairs, compiled with npm solc and deployed on a local chain, and must agree on every one. Deployments
// and lib-sourcify compile as Sourcify does (the npm solc wrapper around each soljson), apart from our loader.

const require = createRequire(import.meta.url);
// The releases of the corpus: each compiler is loaded once before the first pair.
const soljsonOf: Record<string, string> = Object.fromEntries(
  (["0.8.28", "0.7.6", "0.6.12", "0.4.26"] as const).map((release) => [release, soljsonOfRelease(release)]),
);
const longVersionOf: Record<string, string> = {};

type Verdict = "perfect" | "partial" | "constructor_arguments" | "mismatch";
type Settings = Record<string, unknown>;
type Sources = Record<string, { content: string }>;

const header = "// SPDX-License-Identifier: MIT\n";
const modern: Sources = {
  "contracts/Counter.sol": {
    content: `${header}pragma solidity ^0.8.0;\n// A counter with an immutable start.\ncontract Counter {\n    uint256 public immutable start;\n    uint256 public count;\n    constructor(uint256 start_) { start = start_; count = start_; }\n    function increment() external { count += 1; }\n}\n`,
  },
  "contracts/MathLib.sol": {
    content: `${header}pragma solidity ^0.8.0;\nlibrary MathLib {\n    function triple(uint256 x) public pure returns (uint256) { return x * 3; }\n}\ncontract UsesLib {\n    function run(uint256 x) external pure returns (uint256) { return MathLib.triple(x); }\n}\n`,
  },
  "contracts/Factory.sol": {
    content: `${header}pragma solidity ^0.8.0;\ncontract Child {\n    uint256 public value;\n    constructor(uint256 value_) { value = value_; }\n}\ncontract Factory {\n    event Created(address child);\n    function create(uint256 value_) external returns (address child) {\n        child = address(new Child(value_));\n        emit Created(child);\n    }\n}\n`,
  },
};
const legacy: Sources = {
  "contracts/Legacy.sol": {
    content: `${header}pragma solidity >=0.6.5 <0.8.0;\ncontract Legacy {\n    uint256 public immutable start;\n    uint256 public count;\n    constructor(uint256 start_) public { start = start_; count = start_; }\n    function increment() external { count += 1; }\n}\n`,
  },
};

const legacy04: Sources = {
  "contracts/Legacy04.sol": {
    content: `${header}pragma solidity ^0.4.24;\ncontract Legacy04 {\n    uint256 public start;\n    uint256 public count;\n    constructor(uint256 start_) public { start = start_; count = start_; }\n    function increment() external { count += 1; }\n}\n`,
  },
};

const mathLib04: Sources = {
  "contracts/MathLib04.sol": {
    content: `${header}pragma solidity ^0.4.24;\nlibrary MathLib {\n    function triple(uint256 x) public pure returns (uint256) { return x * 3; }\n}\ncontract UsesLib {\n    function run(uint256 x) external pure returns (uint256) { return MathLib.triple(x); }\n}\n`,
  },
};

const factory04: Sources = {
  "contracts/Factory04.sol": {
    content: `${header}pragma solidity ^0.4.24;\ncontract Child {\n    uint256 public value;\n    constructor(uint256 value_) public { value = value_; }\n}\ncontract Factory {\n    event Created(address child);\n    function create(uint256 value_) external returns (address child) {\n        child = address(new Child(value_));\n        emit Created(child);\n    }\n}\n`,
  },
};

function withSources(...names: string[]): (sources: Sources) => Sources {
  return (sources) => Object.fromEntries(names.map((name) => [name, sources[name] ?? { content: "" }]));
}

/** The OpenZeppelin proxy and every file it imports, read from node_modules. */
function openZeppelinProxySources(): Sources {
  const sources: Sources = {
    "contracts/Box.sol": {
      content: `${header}pragma solidity ^0.8.20;\nimport "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";\ncontract Box {\n    uint256 public v;\n    function set(uint256 x) external { v = x; }\n}\n`,
    },
  };
  const pending = ["@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol"];
  const root = dirname(require.resolve("@openzeppelin/contracts/package.json"));
  while (pending.length > 0) {
    const name = pending.pop() ?? "";
    if (sources[name]) continue;
    const content = readFileSync(join(root, name.replace("@openzeppelin/contracts/", "")), "utf8");
    sources[name] = { content };
    for (const match of content.matchAll(/import\s+(?:\{[^}]*\}\s+from\s+)?"([^"]+)"/g)) {
      const target = match[1] ?? "";
      pending.push(target.startsWith(".") ? join(dirname(name), target).split("\\").join("/") : target);
    }
  }
  return sources;
}

const comment = (sources: Sources, file: string): Sources => ({
  ...sources,
  [file]: { content: `${sources[file]?.content ?? ""}// edited after deploying\n` },
});

const optimized = { optimizer: { enabled: true, runs: 200 } };

interface Pair {
  label: string;
  version: string;
  sources: Sources;
  file: string;
  name: string;
  deployedWith: Settings;
  /** What is submitted: other settings, sources or arguments than deployed. */
  submitted?: { settings?: Settings; sources?: Sources; args?: Hex };
  args?: Hex;
  /** Deployed through the factory (a child created inside a transaction). */
  viaFactory?: boolean;
  /** Links to a MathLib deployed first. */
  linksMathLib?: boolean;
  /** An ERC1967Proxy pointing at a Box deployed first. */
  proxyOfBox?: boolean;
  /**
   * Submitted as a registry upload (metadata.json and the source files, as `verify_via_sourcify` sends them),
   * changed by this first.
   */
  registry?: (upload: RegistryUpload) => RegistryUpload;
  expected: Verdict;
}

interface RegistryUpload {
  metadata: { sources: Record<string, { keccak256: string }> } & Record<string, unknown>;
  files: Sources;
}

const unchanged = (upload: RegistryUpload): RegistryUpload => upload;
const uint = (value: bigint): Hex => encodeAbiParameters([{ type: "uint256" }], [value]);
const counter = { version: "0.8.28", sources: withSources("contracts/Counter.sol")(modern) };
const counterPair = (
  label: string,
  deployedWith: Settings,
  expected: Verdict,
  extra: Partial<Pair> = {},
): Pair => ({
  label,
  ...counter,
  file: "contracts/Counter.sol",
  name: "Counter",
  deployedWith,
  args: uint(7n),
  expected,
  ...extra,
});

const pairs: Pair[] = [
  counterPair("optimizer off", {}, "perfect"),
  counterPair("optimizer on, runs 200", optimized, "perfect"),
  counterPair("optimizer on, runs 1", { optimizer: { enabled: true, runs: 1 } }, "perfect"),
  counterPair("optimizer on, runs 10000", { optimizer: { enabled: true, runs: 10_000 } }, "perfect"),
  counterPair("viaIR", { ...optimized, viaIR: true }, "perfect"),
  counterPair("evmVersion paris", { evmVersion: "paris" }, "perfect"),
  counterPair("evmVersion shanghai", { ...optimized, evmVersion: "shanghai" }, "perfect"),
  counterPair("evmVersion london", { evmVersion: "london" }, "perfect"),
  counterPair("evmVersion cancun, viaIR", { ...optimized, viaIR: true, evmVersion: "cancun" }, "perfect"),
  counterPair("bytecodeHash none", { metadata: { bytecodeHash: "none" } }, "partial"),
  counterPair("appendCBOR false", { metadata: { appendCBOR: false } }, "partial"),
  counterPair("bytecodeHash none, changed comment", { metadata: { bytecodeHash: "none" } }, "partial", {
    submitted: { sources: comment(counter.sources, "contracts/Counter.sol") },
  }),
  counterPair("bytecodeHash bzzr1", { metadata: { bytecodeHash: "bzzr1" } }, "perfect"),
  counterPair("deployed without CBOR, submitted with it", { metadata: { appendCBOR: false } }, "partial", {
    submitted: { settings: {} },
  }),
  counterPair("changed comment", optimized, "partial", {
    submitted: { sources: comment(counter.sources, "contracts/Counter.sol") },
  }),
  counterPair("changed comment, viaIR", { ...optimized, viaIR: true }, "partial", {
    submitted: { sources: comment(counter.sources, "contracts/Counter.sol") },
  }),
  counterPair("wrong constructor arguments", optimized, "constructor_arguments", {
    submitted: { args: uint(8n) },
  }),
  counterPair("wrong runs (deployed 200, submitted 1000)", optimized, "mismatch", {
    submitted: { settings: { optimizer: { enabled: true, runs: 1_000 } } },
  }),
  counterPair("optimizer off against an optimized deployment", optimized, "mismatch", {
    submitted: { settings: {} },
  }),
  counterPair("viaIR against a legacy-pipeline deployment", optimized, "mismatch", {
    submitted: { settings: { ...optimized, viaIR: true } },
  }),
  {
    label: "library (call protection)",
    version: "0.8.28",
    sources: withSources("contracts/MathLib.sol")(modern),
    file: "contracts/MathLib.sol",
    name: "MathLib",
    deployedWith: optimized,
    expected: "perfect",
  },
  {
    label: "linked library",
    version: "0.8.28",
    sources: withSources("contracts/MathLib.sol")(modern),
    file: "contracts/MathLib.sol",
    name: "UsesLib",
    deployedWith: optimized,
    linksMathLib: true,
    expected: "perfect",
  },
  {
    label: "linked library, changed comment",
    version: "0.8.28",
    sources: withSources("contracts/MathLib.sol")(modern),
    file: "contracts/MathLib.sol",
    name: "UsesLib",
    deployedWith: optimized,
    linksMathLib: true,
    submitted: { sources: comment(withSources("contracts/MathLib.sol")(modern), "contracts/MathLib.sol") },
    expected: "partial",
  },
  {
    label: "factory embedding its child's creation code",
    version: "0.8.28",
    sources: withSources("contracts/Factory.sol")(modern),
    file: "contracts/Factory.sol",
    name: "Factory",
    deployedWith: optimized,
    expected: "perfect",
  },
  {
    label: "factory, changed comment (two metadata blocks)",
    version: "0.8.28",
    sources: withSources("contracts/Factory.sol")(modern),
    file: "contracts/Factory.sol",
    name: "Factory",
    deployedWith: optimized,
    submitted: { sources: comment(withSources("contracts/Factory.sol")(modern), "contracts/Factory.sol") },
    expected: "partial",
  },
  {
    label: "child created inside a transaction",
    version: "0.8.28",
    sources: withSources("contracts/Factory.sol")(modern),
    file: "contracts/Factory.sol",
    name: "Child",
    deployedWith: optimized,
    args: uint(11n),
    viaFactory: true,
    expected: "perfect",
  },
  {
    label: "child created inside a transaction, wrong arguments",
    version: "0.8.28",
    sources: withSources("contracts/Factory.sol")(modern),
    file: "contracts/Factory.sol",
    name: "Child",
    deployedWith: optimized,
    args: uint(12n),
    viaFactory: true,
    submitted: { args: uint(13n) },
    expected: "constructor_arguments",
  },
  {
    label: "OpenZeppelin ERC1967Proxy",
    version: "0.8.28",
    sources: openZeppelinProxySources(),
    file: "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol",
    name: "ERC1967Proxy",
    deployedWith: optimized,
    proxyOfBox: true,
    expected: "perfect",
  },
  {
    label: "OpenZeppelin ERC1967Proxy, wrong arguments",
    version: "0.8.28",
    sources: openZeppelinProxySources(),
    file: "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol",
    name: "ERC1967Proxy",
    deployedWith: optimized,
    proxyOfBox: true,
    submitted: {
      args: encodeAbiParameters(
        [{ type: "address" }, { type: "bytes" }],
        ["0x000000000000000000000000000000000000dEaD", "0x12345678"],
      ),
    },
    expected: "constructor_arguments",
  },
  ...["0.7.6", "0.6.12"].flatMap((version): Pair[] => {
    const base = {
      version,
      sources: legacy,
      file: "contracts/Legacy.sol",
      name: "Legacy",
      deployedWith: optimized,
      args: uint(5n),
    };
    return [
      { ...base, label: `solc ${version}`, expected: "perfect" },
      {
        ...base,
        label: `solc ${version}, changed comment`,
        submitted: { sources: comment(legacy, "contracts/Legacy.sol") },
        expected: "partial",
      },
      {
        ...base,
        // Other runs give the same code here: only the metadata (which records the settings) differs.
        label: `solc ${version}, wrong runs`,
        submitted: { settings: { optimizer: { enabled: true, runs: 10_000 } } },
        expected: "partial",
      },
      {
        ...base,
        label: `solc ${version}, optimizer off against an optimized deployment`,
        submitted: { settings: {} },
        expected: "mismatch",
      },
    ];
  }),
  ...((): Pair[] => {
    const base = {
      version: "0.4.26",
      sources: legacy04,
      file: "contracts/Legacy04.sol",
      name: "Legacy04",
      deployedWith: optimized,
      args: uint(5n),
    };
    return [
      { ...base, label: "solc 0.4.26", expected: "perfect" },
      { ...base, label: "solc 0.4.26, optimizer off", deployedWith: {}, expected: "perfect" },
      {
        ...base,
        label: "solc 0.4.26, changed comment",
        submitted: { sources: comment(legacy04, "contracts/Legacy04.sol") },
        expected: "partial",
      },
      {
        ...base,
        label: "solc 0.4.26, optimizer off against an optimized deployment",
        submitted: { settings: {} },
        expected: "mismatch",
      },
      {
        ...base,
        label: "solc 0.4.26, wrong constructor arguments",
        submitted: { args: uint(6n) },
        expected: "constructor_arguments",
      },
      { ...base, label: "registry, solc 0.4.26", registry: unchanged, expected: "perfect" },
      {
        label: "solc 0.4.26, linked library",
        version: "0.4.26",
        sources: mathLib04,
        file: "contracts/MathLib04.sol",
        name: "UsesLib",
        deployedWith: optimized,
        linksMathLib: true,
        expected: "perfect",
      },
      {
        label: "solc 0.4.26, factory, changed comment (two metadata blocks)",
        version: "0.4.26",
        sources: factory04,
        file: "contracts/Factory04.sol",
        name: "Factory",
        deployedWith: optimized,
        submitted: { sources: comment(factory04, "contracts/Factory04.sol") },
        expected: "partial",
      },
      {
        label: "solc 0.4.26, child created inside a transaction",
        version: "0.4.26",
        sources: factory04,
        file: "contracts/Factory04.sol",
        name: "Child",
        deployedWith: optimized,
        args: uint(11n),
        viaFactory: true,
        expected: "perfect",
      },
      {
        label: "solc 0.4.26, library",
        version: "0.4.26",
        sources: mathLib04,
        file: "contracts/MathLib04.sol",
        name: "MathLib",
        deployedWith: optimized,
        expected: "perfect",
      },
    ];
  })(),
  counterPair("registry: metadata.json and sources as built", optimized, "perfect", { registry: unchanged }),
  {
    label: "registry: library linked at deployment",
    version: "0.8.28",
    sources: withSources("contracts/MathLib.sol")(modern),
    file: "contracts/MathLib.sol",
    name: "UsesLib",
    deployedWith: optimized,
    linksMathLib: true,
    registry: unchanged,
    expected: "perfect",
  },
  {
    // metadata.json records the compile-time libraries as `file:Library` keys.
    label: "registry: library linked at compile time",
    version: "0.8.28",
    sources: withSources("contracts/MathLib.sol")(modern),
    file: "contracts/MathLib.sol",
    name: "UsesLib",
    deployedWith: {
      ...optimized,
      libraries: { "contracts/MathLib.sol": { MathLib: "0x000000000000000000000000000000000000dEaD" } },
    },
    registry: unchanged,
    expected: "perfect",
  },
  counterPair("registry: sources with CRLF line endings", optimized, "perfect", {
    registry: ({ metadata, files }) => ({
      metadata,
      files: Object.fromEntries(
        Object.entries(files).map(([name, { content }]) => [
          name,
          { content: content.replace(/\n/g, "\r\n") },
        ]),
      ),
    }),
  }),
  counterPair("registry: changed comment, metadata.json rebuilt", optimized, "partial", {
    submitted: { sources: comment(counter.sources, "contracts/Counter.sol") },
    registry: unchanged,
  }),
  counterPair("registry: deployed with bytecodeHash ipfs, built with bzzr1", optimized, "mismatch", {
    submitted: { settings: { ...optimized, metadata: { bytecodeHash: "bzzr1" } } },
    registry: unchanged,
  }),
  counterPair("registry: source edited after the build (its metadata hash is wrong)", optimized, "mismatch", {
    registry: ({ metadata, files }) => ({ metadata, files: comment(files, "contracts/Counter.sol") }),
  }),
  counterPair("registry: metadata.json records another keccak256 for the source", optimized, "mismatch", {
    registry: ({ metadata, files }) => ({
      metadata: {
        ...metadata,
        sources: { "contracts/Counter.sol": { keccak256: keccak256(toBytes("another source")) } },
      },
      files,
    }),
  }),
];

const outputSelection = { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } };
const compiled = new Map<string, CompilerOutput>();
const wrapSolc = require("solc/wrapper.js") as (soljson: unknown) => { compile(input: string): string };
const referenceCompilers = new Map<string, { compile(input: string): string }>();

/** Compiles as Sourcify does: the npm solc wrapper around the version's soljson. */
function referenceCompile(version: string, input: object): CompilerOutput {
  const path = soljsonOf[version] ?? "";
  let solc = referenceCompilers.get(path);
  if (!solc) {
    solc = wrapSolc(require(path));
    referenceCompilers.set(path, solc);
  }
  return parseCompilerOutput(solc.compile(JSON.stringify(input)), path);
}

async function compile(version: string, sources: Sources, settings: Settings): Promise<CompilerOutput> {
  const input = { language: "Solidity", sources, settings: { ...settings, outputSelection } };
  const key = `${version}:${JSON.stringify(input)}`;
  let output = compiled.get(key);
  if (!output) {
    output = referenceCompile(version, input);
    const errors = (output.errors ?? []).filter((e) => e.severity === "error");
    if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage ?? e.message).join("\n"));
    compiled.set(key, output);
  }
  return output;
}

let chain: HardhatChain;
let wallet: ReturnType<typeof createWalletClient>;
let reader: ReturnType<typeof createPublicClient>;

async function send(
  data: Hex,
  to?: Hex,
): Promise<{ hash: Hex; contractAddress?: Hex; logs: Array<{ data: Hex }> }> {
  const account = privateKeyToAccount(deployerPrivateKey);
  const hash = await wallet.sendTransaction({ account, chain: hardhat, data, ...(to ? { to } : {}) });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  return {
    hash,
    ...(receipt.contractAddress ? { contractAddress: receipt.contractAddress } : {}),
    logs: receipt.logs,
  };
}

function creationCode(
  output: CompilerOutput,
  file: string,
  name: string,
  libraries: Record<string, Hex> = {},
): Hex {
  const bytecode = output.contracts?.[file]?.[name]?.evm?.bytecode;
  let code = bytecode?.object ?? "";
  for (const [libraryFile, byName] of Object.entries(bytecode?.linkReferences ?? {})) {
    for (const [library, spans] of Object.entries(byName)) {
      const address = (libraries[`${libraryFile}:${library}`] ?? "").slice(2).toLowerCase();
      for (const span of spans) {
        code = code.slice(0, span.start * 2) + address + code.slice((span.start + span.length) * 2);
      }
    }
  }
  return `0x${code}`;
}

interface Deployment {
  address: Hex;
  txHash: Hex;
  args: Hex;
}

async function deploy(pair: Pair): Promise<Deployment> {
  const output = await compile(pair.version, pair.sources, pair.deployedWith);
  if (pair.viaFactory) {
    const factory = await send(creationCode(output, pair.file, "Factory"));
    const call = encodeFunctionData({
      abi: parseAbi(["function create(uint256 value_) returns (address)"]),
      args: [BigInt(pair.args ?? "0x0")],
    });
    const created = await send(call, factory.contractAddress);
    const address = `0x${(created.logs[0]?.data ?? "").slice(-40)}` as Hex;
    return { address, txHash: created.hash, args: pair.args ?? "0x" };
  }
  const libraries: Record<string, Hex> = {};
  if (pair.linksMathLib) {
    const library = await send(creationCode(output, pair.file, "MathLib"));
    libraries[`${pair.file}:MathLib`] = library.contractAddress as Hex;
  }
  let args = pair.args ?? "0x";
  if (pair.proxyOfBox) {
    const box = await send(creationCode(output, "contracts/Box.sol", "Box"));
    // OpenZeppelin 5 refuses a proxy without initialisation data.
    const initialise = encodeFunctionData({ abi: parseAbi(["function set(uint256 x)"]), args: [1n] });
    args = encodeAbiParameters(
      [{ type: "address" }, { type: "bytes" }],
      [box.contractAddress as Hex, initialise],
    );
  }
  const created = await send(
    `${creationCode(output, pair.file, pair.name, libraries)}${args.slice(2)}` as Hex,
  );
  return { address: created.contractAddress as Hex, txHash: created.hash, args };
}

function submittedInput(pair: Pair): { sources: Sources; settings: Settings } {
  return {
    sources: pair.submitted?.sources ?? pair.sources,
    settings: pair.submitted?.settings ?? pair.deployedWith,
  };
}

/** The metadata.json and sources a registry submission carries: those of the submitted build, then changed. */
async function registryUpload(pair: Pair): Promise<RegistryUpload> {
  const { sources, settings } = submittedInput(pair);
  const output = await compile(pair.version, sources, settings);
  const metadata = JSON.parse(output.contracts?.[pair.file]?.[pair.name]?.metadata ?? "{}");
  return (pair.registry ?? unchanged)({ metadata, files: sources });
}

async function ourVerdict(pair: Pair, deployment: Deployment): Promise<Verdict> {
  const verdict = await ourRecompile(pair, deployment, false);
  if (verdict.code === "perfect" || verdict.code === "partial" || verdict.code === "constructor_arguments")
    return verdict.code;
  return "mismatch";
}

async function ourRecompile(pair: Pair, deployment: Deployment, diagnoseSettings: boolean) {
  const rpc = new JsonRpcChain(chain.rpcUrl);
  const runtimeCode = await rpc.getCode(deployment.address);
  // The creation input as the local explorer's index finds it: the transaction's, or the factory's CREATE.
  const creationInput = pair.viaFactory
    ? (await rpc.internalCreations(deployment.txHash)).find(
        (c) => c.address === deployment.address.toLowerCase(),
      )?.input
    : ((await reader.getTransaction({ hash: deployment.txHash })).input as string);
  const { sources, settings } = submittedInput(pair);
  const upload = pair.registry ? await registryUpload(pair) : undefined;
  return recompileAndMatch(
    {
      sources: upload
        ? {
            format: "sourcify",
            contractName: "",
            compilerVersion: "",
            files: [
              { name: "metadata.json", content: JSON.stringify(upload.metadata) },
              ...Object.entries(upload.files).map(([name, { content }]) => ({ name, content })),
            ],
          }
        : {
            format: "standard-json",
            contractName: `${pair.file}:${pair.name}`,
            compilerVersion: `v${longVersionOf[pair.version]}`,
            standardJsonInput: JSON.stringify({ language: "Solidity", sources, settings }),
          },
      deployed: { runtimeCode, creationInput },
      constructorArguments: (pair.submitted?.args ?? deployment.args).slice(2),
      diagnoseSettings,
    },
    localCompilerResolver({ compilers: Object.values(soljsonOf), searchPath: false }),
  );
}

type LibSourcify = typeof import("@ethereum-sourcify/lib-sourcify");

async function libSourcifyVerdict(pair: Pair, deployment: Deployment): Promise<Verdict> {
  const lib = (await import("@ethereum-sourcify/lib-sourcify")) as LibSourcify;
  lib.setLibSourcifyLoggerLevel(0);
  const solc = {
    async compile(version: string, input: object) {
      const release = /^\d+\.\d+\.\d+/.exec(version)?.[0] ?? version;
      return referenceCompile(release, input) as never;
    },
  };
  let compilation: InstanceType<LibSourcify["SolidityCompilation"]>;
  if (pair.registry) {
    const upload = await registryUpload(pair);
    const files = Object.entries(upload.files).map(([path, { content }]) => ({ path, content }));
    try {
      // Sources it cannot find among the files it looks for on the IPFS gateway: a loopback server without them.
      compilation = await new lib.SolidityMetadataContract(upload.metadata as never, files).createCompilation(
        solc,
      );
    } catch {
      return "mismatch";
    }
  } else {
    const { sources, settings } = submittedInput(pair);
    compilation = new lib.SolidityCompilation(
      solc,
      longVersionOf[pair.version] ?? "",
      { language: "Solidity", sources, settings: { ...settings, outputSelection } } as never,
      { path: pair.file, name: pair.name },
    );
  }
  const sourcifyChain = localSourcifyChain(lib, chain.rpcUrl, 31337);
  // lib-sourcify compares the receipt's checksummed address with this one as text.
  const verification = new lib.Verification(
    compilation,
    sourcifyChain,
    getAddress(deployment.address),
    deployment.txHash,
  );
  try {
    await verification.verify();
  } catch {
    return "mismatch";
  } finally {
    releaseSourcifyChain(sourcifyChain);
  }
  const { runtimeMatch, creationMatch } = verification.status;
  const match = runtimeMatch ?? creationMatch;
  if (match !== "perfect" && match !== "partial") return "mismatch";
  // lib-sourcify takes no arguments: it reads them from the creation input. Our diagnosis on top of its verdict.
  const onChain = verification.transformations.creation.values.constructorArguments;
  const submitted = pair.submitted?.args;
  if (submitted && onChain !== undefined && onChain.toLowerCase() !== submitted.toLowerCase())
    return "constructor_arguments";
  return match;
}

let ipfsGateway: Server;

beforeAll(async () => {
  for (const [version, path] of Object.entries(soljsonOf))
    longVersionOf[version] = loadSolcJsCompiler(path).longVersion;
  ipfsGateway = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => ipfsGateway.listen(0, "127.0.0.1", resolve));
  const lib = (await import("@ethereum-sourcify/lib-sourcify")) as LibSourcify;
  lib.SolidityMetadataContract.setGlobalIpfsGateway({
    url: `http://127.0.0.1:${(ipfsGateway.address() as AddressInfo).port}/ipfs/`,
  });
  chain = await startHardhatChain();
  const transport = http(chain.rpcUrl);
  wallet = createWalletClient({ chain: hardhat, transport });
  reader = createPublicClient({ chain: hardhat, transport });
}, 120_000);

afterAll(async () => {
  await chain?.stop();
  await new Promise((resolve) => ipfsGateway?.close(resolve));
});

describe("parity with lib-sourcify", () => {
  it(`gives lib-sourcify's verdict on each of ${pairs.length} deployed (contract, settings) pairs`, async () => {
    const rows: Array<{ pair: string; expected: Verdict; ours: Verdict; libSourcify: Verdict }> = [];
    for (const pair of pairs) {
      const deployment = await deploy(pair);
      const ours = await ourVerdict(pair, deployment);
      const libSourcify = await libSourcifyVerdict(pair, deployment);
      rows.push({ pair: pair.label, expected: pair.expected, ours, libSourcify });
    }
    const agreeing = rows.filter((row) => row.ours === row.libSourcify).length;
    console.log(
      [
        `pair | expected | ours | lib-sourcify`,
        ...rows.map((r) => `${r.pair} | ${r.expected} | ${r.ours} | ${r.libSourcify}`),
        `agreement: ${agreeing}/${rows.length}`,
      ].join("\n"),
    );
    expect(rows.length).toBe(55);
    expect(rows.map((r) => [r.pair, r.ours])).toEqual(rows.map((r) => [r.pair, r.libSourcify]));
    expect(rows.map((r) => [r.pair, r.ours])).toEqual(rows.map((r) => [r.pair, r.expected]));
  }, 900_000);
});

describe("the metadata hash a deployment was built with", () => {
  it("is named when a build with another one is the only difference (ipfs deployed, bzzr1 submitted)", async () => {
    const pair = pairs.find((p) => p.label === "registry: deployed with bytecodeHash ipfs, built with bzzr1");
    if (!pair) throw new Error("the pair is gone");
    const verdict = await ourRecompile(pair, await deploy(pair), true);
    expect(verdict).toEqual({
      code: "settings",
      setting: 'metadata.bytecodeHash: "ipfs"',
      diagnosis:
        'The executable code differs from the deployed code, and matches with metadata.bytecodeHash: "ipfs".',
    });
  }, 120_000);
});
