// `npm run demo`: the product's main job, offline. Starts an in-process Hardhat chain, compiles and deploys sample
// contracts (an OpenZeppelin ERC20 with constructor arguments, a library-linked contract with an immutable, a factory
// with the contracts it created, and three proxies: an ERC1967 proxy, an OpenZeppelin beacon proxy and a small EIP-2535
// diamond), starts the local explorer, verifies everything through the engine and prints the results.
// Only the proxies are listed, as proxies (a manifest's `proxy: true`): the engine reads each from the chain and
// verifies its implementation, beacon or facets, then links it. A second run finds everything verified and submits
// nothing. With `--serve` the chain and the local explorer's pages stay up after the run, until Ctrl-C.
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import {
  type Abi,
  type AbiFunction,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  toFunctionSelector,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { createdContractJobs } from "../src/discovery/createdContractJobs.js";
import { creationChainFromRpc } from "../src/discovery/createdContracts.js";
import { readBuildInfos } from "../src/inputs/buildInfo.js";
import { type CompiledContract, contractsOf } from "../src/inputs/compiledContracts.js";
import { createContractJob } from "../src/inputs/contractJob.js";
import { findContract } from "../src/inputs/findContract.js";
import { readsDeadline } from "../src/kernel/readsDeadline.js";
import { startLocalExplorer } from "../src/local-explorer/index.js";
import { proxySources } from "../src/run/jobs/inputJobs.js";
import { proxyJobs } from "../src/run/jobs/proxyJobs.js";
import { RunReporter } from "../src/run/report/runReporter.js";
import { verifyBatch } from "../src/run/runners/verifyBatch.js";
import { resolveTargets } from "../src/run/targets/targets.js";
import { explorerClientFor } from "../src/verifiers/verifierFor.js";
import { isSuccess, type VerificationJob } from "../src/verify/job.js";
import config from "./hardhat.config.js";

const require = createRequire(import.meta.url);
const demoRoot = dirname(fileURLToPath(import.meta.url));
const serve = process.argv.slice(2).includes("--serve");
const deployerKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

console.log(
  "explorer-verify demo: a local chain, the local explorer, and the verification engine, offline.\n",
);

// Deployments are built with the production profile, which verification uses by default too.
const hre = await createHardhatRuntimeEnvironment(
  config,
  { network: "demo", buildProfile: "production" },
  demoRoot,
);
/** Hardhat's build prints an empty line per compilation job even when quiet; warnings and errors still show. */
async function buildQuietly(): Promise<void> {
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (args.length > 0) log(...args);
  };
  try {
    await hre.tasks.getTask("build").run({ quiet: true });
  } finally {
    console.log = log;
  }
}
await buildQuietly();
const buildInfos = await readBuildInfos(join(demoRoot, "artifacts"));
console.log(`compiled    ${buildInfos.length} build(s) with solc ${buildInfos[0]?.compilerVersion ?? "?"}`);

const server = await hre.network.createServer("default", "127.0.0.1", 0);
const { address: host, port } = await server.listen();
const rpcUrl = `http://${host}:${port}`;
process.env.DEMO_RPC_URL = rpcUrl;
console.log(`chain       ${rpcUrl} (in-process Hardhat network)`);

const transport = http(rpcUrl);
const wallet = createWalletClient({ account: privateKeyToAccount(deployerKey), chain: hardhat, transport });
const chain = createPublicClient({ chain: hardhat, transport });

const deploymentTransactions = new Map<string, Hex>();

async function deploy(
  contract: CompiledContract,
  args: unknown[] = [],
  libraries: Record<string, Hex> = {},
): Promise<Hex> {
  let bytecode = contract.bytecode.replace(/^0x/, "");
  for (const [file, byName] of Object.entries(contract.linkReferences)) {
    for (const [name, spans] of Object.entries(byName)) {
      const linked = libraries[`${file}:${name}`] ?? libraries[name];
      if (!linked) throw new Error(`no address for library ${name}`);
      for (const span of spans) {
        bytecode =
          bytecode.slice(0, span.start * 2) +
          linked.slice(2).toLowerCase() +
          bytecode.slice((span.start + span.length) * 2);
      }
    }
  }
  const hash = await wallet.deployContract({ abi: contract.abi as Abi, bytecode: `0x${bytecode}`, args });
  const receipt = await chain.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error(`${contract.userFqn} was not deployed`);
  console.log(`deployed    ${contract.userFqn} at ${receipt.contractAddress}`);
  deploymentTransactions.set(receipt.contractAddress.toLowerCase(), hash);
  return receipt.contractAddress;
}

const token = findContract(buildInfos, "contracts/DemoToken.sol:DemoToken");
const fees = findContract(buildInfos, "contracts/Fees.sol:Fees");
const calculator = findContract(buildInfos, "contracts/FeeCalculator.sol:FeeCalculator");
const counter = findContract(buildInfos, "contracts/Counter.sol:Counter");
const proxy = findContract(buildInfos, "contracts/Proxy.sol:DemoProxy");

const tokenArgs = ["Demo Token", "DEMO", 1_000_000n * 10n ** 18n];
const tokenAddress = await deploy(token, tokenArgs);
const feesAddress = await deploy(fees);
const calculatorAddress = await deploy(calculator, [25n], { Fees: feesAddress });
const counterAddress = await deploy(counter);
// OpenZeppelin's proxy wants an initialising call: the first increment.
const initialCall = encodeFunctionData({ abi: counter.abi as Abi, functionName: "increment" });
const proxyAddress = await deploy(proxy, [counterAddress, initialCall]);

const explorer = await startLocalExplorer({
  rpcUrl,
  cacheDir: join(demoRoot, "cache", "explorer-verify"),
  compilers: [require.resolve("solc/soljson.js")],
});
console.log(`explorer    ${explorer.url} (local explorer; state in ${explorer.stateFile})`);
console.log(`pages       ${explorer.url}/ (every contract, its source and ABI)\n`);

// A factory: its constructor creates a Vault, and a call creates a Pocket (CREATE2) and a Wallet clone. Those
// children are found in the transactions' traces, through the local explorer's internal transactions.
const walletImplementation = findContract(buildInfos, "contracts/Factory.sol:Wallet");
const factory = findContract(buildInfos, "contracts/Factory.sol:Factory");
const walletAddress = await deploy(walletImplementation);
const factoryAddress = await deploy(factory, [walletAddress, "demo"]);
const factoryCall = await wallet.writeContract({
  address: factoryAddress,
  abi: factory.abi as Abi,
  functionName: "deploy",
  args: [`0x${"00".repeat(31)}01`],
});
await chain.waitForTransactionReceipt({ hash: factoryCall });
// Discovery reads the explorer through the target the hall resolves for it, as a run's discovery does.
const { targets: readTargets } = await resolveTargets({
  services: ["blockscout"],
  chains: [{ claims: [] }],
  explorerUrl: { url: explorer.url, source: "the demo's local explorer" },
  howToNameExplorer: "the demo starts its own explorer",
  howToGiveEtherscanKey: "the demo verifies on its own explorer only",
  howToReachLocalChain: "the demo starts its own chain",
});
const [explorerTarget] = readTargets;
if (explorerTarget?.service !== "blockscout")
  throw new Error("The demo's explorer did not resolve to Blockscout.");
const client = explorerClientFor(explorerTarget, { requestsPerSecond: 50 });
const created = await createdContractJobs(
  [deploymentTransactions.get(factoryAddress.toLowerCase()) ?? "", factoryCall],
  {
    contracts: buildInfos.flatMap(contractsOf),
    client,
    chain: creationChainFromRpc(rpcUrl),
    exclude: [factoryAddress],
  },
);
for (const clone of created.clones) {
  console.log(
    `clone       ${clone.address} (created by ${clone.createdBy.factory}): an EIP-1167 clone of ${clone.implementation}, not submitted`,
  );
}

// A beacon proxy: OpenZeppelin's UpgradeableBeacon points at Box, and a BeaconProxy asks the beacon.
const box = findContract(buildInfos, "contracts/Beacon.sol:Box");
const beacon = findContract(
  buildInfos,
  "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol:UpgradeableBeacon",
);
const beaconProxy = findContract(
  buildInfos,
  "@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol:BeaconProxy",
);
const boxAddress = await deploy(box);
const beaconAddress = await deploy(beacon, [boxAddress, wallet.account.address]);
const beaconProxyArgs = [beaconAddress, "0x"];
const beaconProxyAddress = await deploy(beaconProxy, beaconProxyArgs);

// A small EIP-2535 diamond: a loupe facet (facetAddresses() and the rest) and a business facet, cut at construction.
const diamond = findContract(buildInfos, "contracts/diamond/Diamond.sol:Diamond");
const facets = [
  findContract(buildInfos, "contracts/diamond/DiamondLoupeFacet.sol:DiamondLoupeFacet"),
  findContract(buildInfos, "contracts/diamond/GreetingFacet.sol:GreetingFacet"),
];
const cuts: Array<{ facet: Hex; selectors: Hex[] }> = [];
for (const facet of facets) {
  const functions = (facet.abi as Abi).filter((item): item is AbiFunction => item.type === "function");
  cuts.push({ facet: await deploy(facet), selectors: functions.map((item) => toFunctionSelector(item)) });
}
const diamondAddress = await deploy(diamond, [cuts]);

// The doors' own output: a line per state change (one per pending state, not one per poll), then the table.
const reporter = new RunReporter({ json: false, table: true });

// Only the proxies are listed, each marked as one (what a manifest's `proxy: true` does); the CLI's and the Action's
// own reading of the chain and the build adds each one's implementation, beacon or facets as jobs of their own.
const asProxy = (job: VerificationJob): VerificationJob => ({ ...job, proxyAddress: job.address });
const listed: VerificationJob[] = [
  createContractJob(token, { address: tokenAddress, constructorArguments: { values: tokenArgs } }),
  createContractJob(fees, { address: feesAddress }),
  createContractJob(calculator, {
    address: calculatorAddress,
    constructorArguments: { values: [25n] },
    libraries: { Fees: feesAddress },
  }),
  asProxy(
    createContractJob(proxy, {
      address: proxyAddress,
      constructorArguments: { values: [counterAddress, initialCall] },
    }),
  ),
  createContractJob(walletImplementation, { address: walletAddress }),
  createContractJob(factory, {
    address: factoryAddress,
    constructorArguments: { values: [walletAddress, "demo"] },
  }),
  ...created.jobs,
  asProxy(
    createContractJob(beaconProxy, {
      address: beaconProxyAddress,
      constructorArguments: { values: beaconProxyArgs },
    }),
  ),
  asProxy(createContractJob(diamond, { address: diamondAddress, constructorArguments: { values: [cuts] } })),
];
const { jobs, systems } = await proxyJobs(
  listed,
  proxySources({ artifacts: "artifacts", rpcUrl }, demoRoot, { addresses: [], includeProxies: false }),
  (line) => reporter.info(line),
  readsDeadline(300),
);

const results = await verifyBatch(jobs, {
  explorerUrl: explorer.url,
  requestsPerSecond: 50,
  concurrency: 4,
  polling: { initialIntervalMs: 200, maxIntervalMs: 1_000, backoffFactor: 1.5, unknownUidGrace: 3 },
  proxies: systems,
  onEvent: reporter.event,
});
reporter.finish(results);

// The same contracts through the two wrappers: both find them verified and send nothing.
console.log("\n$ npx hardhat explorer-verify --explorer-url … DemoToken  (the Hardhat task, in-process)");
await hre.tasks
  .getTask("explorer-verify")
  .run({ address: tokenAddress, explorerUrl: explorer.url, constructorArgs: [] });
const taskFailed = process.exitCode === 1;

console.log(
  "\n$ node dist/index.js  (the GitHub Action bundle, with a manifest of the token and the calculator)",
);
const manifest = {
  contracts: [
    {
      address: tokenAddress,
      contract: "contracts/DemoToken.sol:DemoToken",
      constructorArgs: tokenArgs.map(String),
    },
    {
      address: calculatorAddress,
      contract: "contracts/FeeCalculator.sol:FeeCalculator",
      constructorArgs: ["25"],
      libraries: { "contracts/Fees.sol:Fees": feesAddress },
    },
  ],
};
// Asynchronously: the chain and the explorer the Action talks to live in this process.
const outputFile = join(demoRoot, "cache", "action-output.txt");
await writeFile(outputFile, "");
const actionExit = await new Promise<number | null>((resolve) => {
  const action = spawn(process.execPath, [join(demoRoot, "..", "dist", "index.js")], {
    cwd: demoRoot,
    env: {
      PATH: process.env.PATH,
      GITHUB_WORKSPACE: demoRoot,
      GITHUB_OUTPUT: outputFile,
      "INPUT_EXPLORER-URL": explorer.url,
      "INPUT_CHAIN-ID": String(hardhat.id),
      INPUT_CONTRACTS: JSON.stringify(manifest),
      INPUT_ARTIFACTS: "artifacts",
    },
    stdio: "inherit",
  });
  action.on("close", resolve);
});
const counts = [...(await readFile(outputFile, "utf8")).matchAll(/^(\w[\w-]*-count)<<(\S+)\n(\d+)\n\2$/gm)];
console.log(`Action outputs: ${counts.map((m) => `${m[1]}=${m[3]}`).join(", ")}`);

if (serve) {
  console.log(`\nLocal explorer pages at ${explorer.url}/ (serving until Ctrl-C)`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
} else {
  console.log(
    `\nThe ${explorer.url} links and pages lived only while the demo ran: \`npm run demo -- --serve\` keeps them up until Ctrl-C.`,
  );
}
await explorer.close();
await server.close();
process.exit(results.every(isSuccess) && !taskFailed && actionExit === 0 ? 0 : 1);
