// A real Foundry project: test/fixtures/forge-project copied to a temporary folder, built by the real forge
// (npm @foundry-rs/forge, offline, with test/support/native-solc/solc standing in for native solc 0.8.28) and
// deployed by `forge script --broadcast` on a real anvil (npm @foundry-rs/anvil) listening on 127.0.0.1.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../inputs/hardhatProject.js";
import { type InternetTrap, startInternetTrap } from "./internetTrap.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const fixture = join(repoRoot, "test", "fixtures", "forge-project");
/** The native-solc stand-in that the fixture's foundry.toml names. */
export const nativeSolcStandIn = join(repoRoot, "test", "support", "native-solc", "solc");
/** The first account anvil funds (the same key as Hardhat's). */
export const anvilPrivateKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/** Where the broadcast of script/Deploy.s.sol on anvil's chain is, relative to the project. */
export const runLatest = join("broadcast", "Deploy.s.sol", "31337", "run-latest.json");

/**
 * The platform binary an npm Foundry package installed (its `bin.mjs` wrapper would add a Node process in
 * front, which signals would then have to cross).
 * @param tool - forge or anvil
 * @returns the binary's path
 */
export function foundryBinary(tool: "forge" | "anvil"): string {
  // The packages are named @foundry-rs/<tool>-<os>-<arch>, with Go's arch names.
  const platform = `${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
  return require.resolve(`@foundry-rs/${tool}-${platform}/bin/${tool}`);
}

/**
 * The environment forge runs in: offline, the pinned Node first on PATH (the solc stand-in runs on it), a home
 * of its own (forge keeps caches under ~/.foundry and finds solc under ~/.svm), no colours, and the trap as its
 * proxy for anything beyond loopback.
 * @param home - the home folder
 * @param trap - the internet trap
 * @returns the environment
 */
export function forgeEnvironment(home: string, trap: InternetTrap): NodeJS.ProcessEnv {
  // A FORCE_COLOR of the machine's would make Node warn on every child's stderr beside NO_COLOR.
  const { FORCE_COLOR: _forceColor, ...machine } = process.env;
  return {
    ...machine,
    ...trap.env,
    PATH: `${join(repoRoot, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}`,
    HOME: home,
    FOUNDRY_OFFLINE: "true",
    FOUNDRY_DISABLE_NIGHTLY_WARNING: "1",
    NO_COLOR: "1",
  };
}

/** The fixture built and deployed on a running anvil. */
export interface ForgeDeployment {
  /** The project folder (a copy of the fixture), with out/, cache/ and broadcast/ as forge wrote them. */
  dir: string;
  /** The broadcast's run-latest.json (absolute). */
  runLatest: string;
  /** forge's out/ (absolute). */
  out: string;
  /** anvil's `http://127.0.0.1:PORT`. */
  rpcUrl: string;
  /** The environment forge ran in (give it to further forge commands). */
  env: NodeJS.ProcessEnv;
  /** What forge (or anything else run in `env`) tried to reach beyond loopback; tests expect nothing. */
  internetAttempts: string[];
  /** Stops anvil and the trap, and removes the folder. */
  stop(): Promise<void>;
}

/**
 * Copies the fixture, runs `forge build`, starts anvil, and runs `forge script script/Deploy.s.sol --broadcast`
 * with anvil's first key.
 * @returns the deployment
 */
export async function deployForgeProject(
  configure: (toml: string) => string = (toml) => toml,
): Promise<ForgeDeployment> {
  const root = await mkdtemp(join(tmpdir(), "explorer-verify-forge-"));
  const dir = join(root, "project");
  const trap = await startInternetTrap();
  const env = forgeEnvironment(root, trap);
  let anvil: Anvil | undefined;
  try {
    await copyForgeFixture(root, configure);
    // Settled both, so that anvil is stopped below even when the build fails.
    const [started, built] = await Promise.allSettled([startAnvil(), forge(dir, env, ["build"])]);
    if (started.status === "rejected") throw started.reason;
    anvil = started.value;
    if (built.status === "rejected") throw built.reason;
    await forge(dir, env, [
      "script",
      "script/Deploy.s.sol",
      "--rpc-url",
      anvil.rpcUrl,
      "--broadcast",
      "--private-key",
      anvilPrivateKey,
    ]);
  } catch (error) {
    await anvil?.stop();
    await trap.close();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  const chain = anvil;
  return {
    dir,
    runLatest: join(dir, runLatest),
    out: join(dir, "out"),
    rpcUrl: chain.rpcUrl,
    env,
    internetAttempts: trap.attempts,
    stop: async () => {
      await chain.stop();
      await trap.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * Copies the fixture to `<root>/project`, with the native-solc stand-in named by its absolute path (and installed
 * where svm keeps compilers, under `<root>/.svm`), and foundry.toml changed by `configure`.
 * @param root - the folder to copy into (forge's home too)
 * @param configure - changes foundry.toml's text
 * @returns the project folder
 */
export async function copyForgeFixture(
  root: string,
  configure: (toml: string) => string = (toml) => toml,
): Promise<string> {
  const dir = join(root, "project");
  await cp(fixture, dir, {
    recursive: true,
    filter: (source) => !/[/\\](out|cache|broadcast)$/.test(source),
  });
  const config = join(dir, "foundry.toml");
  await writeFile(
    config,
    configure(
      (await readFile(config, "utf8")).replace(
        /^solc = ".*"$/m,
        `solc = ${JSON.stringify(nativeSolcStandIn)}`,
      ),
    ),
  );
  await installStandInForSvm(root);
  return dir;
}

// `forge verify-contract` ignores foundry.toml's `solc` path when it prepares the submission: it looks for the
// version where svm (the solc version manager forge uses) keeps it, and downloads it when it is missing.
async function installStandInForSvm(home: string): Promise<void> {
  const folder = join(home, ".svm", "0.8.28");
  await mkdir(folder, { recursive: true });
  await symlink(nativeSolcStandIn, join(folder, "solc-0.8.28"));
}

/** A contract the broadcast records: one the script created, or one such a contract created. */
export interface BroadcastContract {
  name: string;
  address: string;
}

/**
 * The contracts of the deployment's broadcast, as forge recorded them, in its order (children after the call that
 * created them).
 * @param deployment - the deployment
 * @returns the contracts
 */
export async function broadcastContracts(deployment: ForgeDeployment): Promise<BroadcastContract[]> {
  const { transactions } = JSON.parse(await readFile(deployment.runLatest, "utf8")) as {
    transactions: {
      transactionType: string;
      contractName: string | null;
      contractAddress: string | null;
      additionalContracts: { contractName?: string; address: string }[];
    }[];
  };
  const contracts: BroadcastContract[] = [];
  for (const { transactionType, contractName, contractAddress, additionalContracts } of transactions) {
    if (transactionType !== "CALL" && contractName && contractAddress)
      contracts.push({ name: contractName, address: contractAddress });
    for (const created of additionalContracts)
      if (created.contractName) contracts.push({ name: created.contractName, address: created.address });
  }
  return contracts;
}

/**
 * Runs forge in the project.
 * @param dir - the project
 * @param env - forge's environment
 * @param args - the command line after `forge`
 * @returns what forge printed on stdout
 * @throws with forge's output when it exits with an error
 */
export async function forge(dir: string, env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(foundryBinary("forge"), args, {
      cwd: dir,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`forge ${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? ""}`);
  }
}

/** A running anvil. */
export interface Anvil {
  /** `http://127.0.0.1:PORT`. */
  rpcUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts anvil on 127.0.0.1 with a port the system chooses (anvil prints it), chain 31337 unless told.
 * @param chainId - its chain id
 * @returns the chain
 */
export async function startAnvil(chainId = 31_337): Promise<Anvil> {
  const args = ["--host", "127.0.0.1", "--port", "0", "--chain-id", String(chainId)];
  const child = spawn(foundryBinary("anvil"), args, {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`anvil did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on (127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited with ${code}:\n${output}`));
    });
  });
  // Keep reading (a full pipe would stall anvil) without keeping what it says.
  child.stdout.removeAllListeners("data");
  child.stdout.resume();
  child.stderr.removeAllListeners("data");
  child.stderr.resume();
  return { rpcUrl, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
