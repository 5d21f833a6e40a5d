// The upgradeable systems of test/fixtures/proxies: compiled with npm solc and OpenZeppelin 5 (the devDependency),
// deployed to a local chain as a user deploys them, and written as a Hardhat build info for the doors to read.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  toFunctionSelector,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import type { StandardJsonInput } from "../../src/verify/job.js";
import { compileFixture, type FixtureBuild } from "./fixtureBuild.js";
import { deployerPrivateKey } from "./hardhatChain.js";

const require = createRequire(import.meta.url);
const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const fixtures = join(repository, "test", "fixtures", "proxies");
const openZeppelin = dirname(require.resolve("@openzeppelin/contracts/package.json"));

/** The first account of every Hardhat chain: it deploys and owns everything. */
export const owner = privateKeyToAccount(deployerPrivateKey).address;

/**
 * The fixture's sources as a standard JSON input: `contracts/…` and every OpenZeppelin file they import.
 * @returns the input, with the optimizer on
 */
export function proxyFixtureInput(): StandardJsonInput {
  const sources: StandardJsonInput["sources"] = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith(".sol"))
        sources[relative(fixtures, path).split("\\").join("/")] = { content: "" };
    }
  };
  walk(join(fixtures, "contracts"));
  const pending = Object.keys(sources);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const content = readFileSync(
      name.startsWith("@openzeppelin/contracts/")
        ? join(openZeppelin, name.slice("@openzeppelin/contracts/".length))
        : join(fixtures, name),
      "utf8",
    );
    sources[name] = { content };
    for (const [, imported = ""] of content.matchAll(/^import\s+(?:[^"']*from\s+)?["']([^"']+)["']/gm)) {
      const resolved = imported.startsWith(".")
        ? posix.normalize(posix.join(posix.dirname(name), imported))
        : imported;
      if (!(resolved in sources)) {
        sources[resolved] = { content: "" };
        pending.push(resolved);
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(sources).sort(([a], [b]) => a.localeCompare(b)));
  return {
    language: "Solidity",
    sources: sorted,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "metadata", "evm.bytecode", "evm.deployedBytecode"] } },
    },
  };
}

/**
 * Compiles the fixture once per input: the build is kept in the temporary folder, so test files share one compile.
 * @returns the build
 */
export async function proxyFixtureBuild(): Promise<FixtureBuild> {
  const input = proxyFixtureInput();
  const key = createHash("sha256").update(JSON.stringify(input)).digest("hex").slice(0, 16);
  const cached = join(tmpdir(), `explorer-verify-proxy-fixture-${key}.json`);
  if (existsSync(cached)) return JSON.parse(await readFile(cached, "utf8")) as FixtureBuild;
  const build = compileFixture(input);
  await writeFile(cached, JSON.stringify(build));
  return build;
}

/**
 * Writes the build where the Action and the CLI read one: `<dir>/build-info/<id>.json`, in Hardhat's format.
 * @param build - the compiled fixture
 * @param artifacts - the artifacts folder
 */
export async function writeProxyBuildInfo(build: FixtureBuild, artifacts: string): Promise<void> {
  await mkdir(join(artifacts, "build-info"), { recursive: true });
  await writeFile(
    join(artifacts, "build-info", "proxies.json"),
    JSON.stringify({
      _format: "hh-sol-build-info-1",
      id: "proxies",
      solcVersion: build.compilerVersion.replace(/^v/, "").replace(/\+.*$/, ""),
      solcLongVersion: build.compilerVersion.replace(/^v/, ""),
      input: build.input,
      output: build.output,
    }),
  );
}

/** Every address of the deployed systems. */
export interface ProxySystems {
  beaconImplementation: Hex;
  beacon: Hex;
  beaconProxy: Hex;
  uupsImplementation: Hex;
  uupsProxy: Hex;
  transparentImplementation: Hex;
  transparentProxy: Hex;
  /** The ProxyAdmin the transparent proxy created. */
  proxyAdmin: Hex;
  loupeFacet: Hex;
  counterFacet: Hex;
  greetingFacet: Hex;
  diamond: Hex;
  walletImplementation: Hex;
  walletFactory: Hex;
  clone: Hex;
}

/**
 * Deploys the five systems: a beacon proxy, a UUPS proxy, a transparent proxy, a diamond with three facets, and an
 * EIP-1167 clone.
 * @param rpcUrl - the chain
 * @param build - the compiled fixture
 * @returns their addresses
 */
export async function deployProxySystems(rpcUrl: string, build: FixtureBuild): Promise<ProxySystems> {
  const transport = http(rpcUrl);
  const wallet = createWalletClient({
    account: privateKeyToAccount(deployerPrivateKey),
    chain: hardhat,
    transport,
  });
  const reader = createPublicClient({ chain: hardhat, transport });
  const compiled = (file: string, name: string) => {
    const contract = build.output.contracts?.[file]?.[name];
    if (!contract) throw new Error(`${file}:${name} is not in the build`);
    return { abi: (contract.abi ?? []) as Abi, bytecode: `0x${contract.evm?.bytecode?.object ?? ""}` as Hex };
  };
  const deploy = async (file: string, name: string, args: unknown[] = []): Promise<Hex> => {
    const { abi, bytecode } = compiled(file, name);
    const hash = await wallet.deployContract({ abi, bytecode, args });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
    return receipt.contractAddress;
  };
  const oz = (path: string) => `@openzeppelin/contracts/proxy/${path}`;

  const beaconImplementation = await deploy("contracts/BeaconBox.sol", "BeaconBox");
  const beacon = await deploy(oz("beacon/UpgradeableBeacon.sol"), "UpgradeableBeacon", [
    beaconImplementation,
    owner,
  ]);
  const beaconProxy = await deploy(oz("beacon/BeaconProxy.sol"), "BeaconProxy", [beacon, "0x"]);

  const counter = compiled("contracts/CounterV1.sol", "CounterV1");
  const uupsImplementation = await deploy("contracts/CounterV1.sol", "CounterV1");
  const uupsProxy = await deploy(oz("ERC1967/ERC1967Proxy.sol"), "ERC1967Proxy", [
    uupsImplementation,
    encodeFunctionData({ abi: counter.abi, functionName: "initialize", args: [owner] }),
  ]);

  // OpenZeppelin 5.7's ERC1967Proxy refuses to be left uninitialised: each gets a first call.
  const store = compiled("contracts/Store.sol", "Store");
  const transparentImplementation = await deploy("contracts/Store.sol", "Store");
  const transparentProxy = await deploy(
    oz("transparent/TransparentUpgradeableProxy.sol"),
    "TransparentUpgradeableProxy",
    [
      transparentImplementation,
      owner,
      encodeFunctionData({
        abi: store.abi,
        functionName: "put",
        args: [`0x${"01".repeat(32)}`, `0x${"02".repeat(32)}`],
      }),
    ],
  );
  const adminWord = await reader.getStorageAt({
    address: transparentProxy,
    slot: "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103",
  });
  const proxyAdmin = `0x${(adminWord ?? "0x").slice(-40)}` as Hex;

  const loupeFacet = await deploy("contracts/diamond/DiamondLoupeFacet.sol", "DiamondLoupeFacet");
  const counterFacet = await deploy("contracts/diamond/CounterFacet.sol", "CounterFacet");
  const greetingFacet = await deploy("contracts/diamond/GreetingFacet.sol", "GreetingFacet");
  const selectors = (signatures: string[]) => signatures.map((signature) => toFunctionSelector(signature));
  const diamond = await deploy("contracts/diamond/Diamond.sol", "Diamond", [
    [
      {
        facet: loupeFacet,
        selectors: selectors([
          "facets()",
          "facetFunctionSelectors(address)",
          "facetAddresses()",
          "facetAddress(bytes4)",
        ]),
      },
      { facet: counterFacet, selectors: selectors(["increment()", "counted()"]) },
      { facet: greetingFacet, selectors: selectors(["setGreeting(bytes32)", "greeting()"]) },
    ],
  ]);

  const walletImplementation = await deploy("contracts/clones/Wallet.sol", "Wallet");
  const walletFactory = await deploy("contracts/clones/WalletFactory.sol", "WalletFactory");
  const factory = compiled("contracts/clones/WalletFactory.sol", "WalletFactory");
  const made = await wallet.writeContract({
    address: walletFactory,
    abi: factory.abi,
    functionName: "make",
    args: [walletImplementation, owner],
  });
  await reader.waitForTransactionReceipt({ hash: made });
  const clone = (await reader.readContract({
    address: walletFactory,
    abi: factory.abi,
    functionName: "lastClone",
  })) as Hex;

  return {
    beaconImplementation,
    beacon,
    beaconProxy,
    uupsImplementation,
    uupsProxy,
    transparentImplementation,
    transparentProxy,
    proxyAdmin,
    loupeFacet,
    counterFacet,
    greetingFacet,
    diamond,
    walletImplementation,
    walletFactory,
    clone,
  };
}
