// Hardhat nodes with chain ids hardhat-verify accepts (4242 by default; it refuses local ones) in a copy of the
// bench's Hardhat project, whose contracts are built with the production profile and can be deployed by the bench.
// Several chains may share one built project: each has its own node, chain id and explorer.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { cp, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { type Abi, createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const run = promisify(execFile);
export const repo = join(import.meta.dirname, "..", "..");
const bin = join(repo, "node_modules", ".bin");
/** The pinned Node. */
export const node = join(bin, "node");
export const hardhatCli = join(repo, "node_modules", "hardhat", "dist", "src", "cli.js");
const deployerKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const defaultChainId = 4242;

/** A built copy of bench/fixtures/vs-hardhat-verify. */
export interface BenchProject {
  /** The project's folder. */
  dir: string;
  /** Deletes the copy. */
  remove(): Promise<void>;
}

/** The running chain and the project hardhat-verify runs in. */
export interface BenchChain {
  /** The copy of bench/fixtures/vs-hardhat-verify. */
  project: string;
  chainId: number;
  rpcUrl: string;
  /** For `hardhat` runs in the project: the pinned Node first on PATH, this chain's id, node and explorer. */
  env: NodeJS.ProcessEnv;
  /** Deploys the project's Token; returns its address. */
  deployToken(name: string, supply: bigint): Promise<string>;
  stop(): Promise<void>;
}

/** Where a chain runs. */
export interface BenchChainOptions {
  /** Default 4242. */
  chainId?: number;
  /** A project built by {@link buildBenchProject}, shared with other chains; without it the chain builds its own. */
  project?: BenchProject;
}

/**
 * Copies the bench project and builds it with the production profile.
 * @returns the built project
 */
export async function buildBenchProject(): Promise<BenchProject> {
  const dir = join(await mkdtemp(join(tmpdir(), "bench-vs-")), "project");
  const remove = () => rm(join(dir, ".."), { recursive: true, force: true });
  try {
    await cp(join(repo, "bench", "fixtures", "vs-hardhat-verify"), dir, { recursive: true });
    await symlink(join(repo, "node_modules"), join(dir, "node_modules"));
    await run(node, [hardhatCli, "build", "--build-profile", "production"], {
      cwd: dir,
      env: hardhatEnv({}),
    });
  } catch (error) {
    await remove();
    throw error;
  }
  return { dir, remove };
}

/**
 * Starts a Hardhat node for the bench project (building a project of its own unless one is given).
 * @param explorerUrl - where the project's Blockscout entry for this chain points
 * @param options - chain id and shared project
 * @returns the chain
 */
export async function startBenchChain(
  explorerUrl: string,
  options: BenchChainOptions = {},
): Promise<BenchChain> {
  const chainId = options.chainId ?? defaultChainId;
  const ownProject = options.project === undefined;
  const project = options.project ?? (await buildBenchProject());
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const env = hardhatEnv({
    BENCH_CHAIN_ID: String(chainId),
    BENCH_EXPLORER_URL: explorerUrl,
    BENCH_RPC_URL: rpcUrl,
  });
  const chainProcess: ChildProcess = spawn(
    node,
    [hardhatCli, "node", "--hostname", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId)],
    { cwd: project.dir, env, stdio: "ignore" },
  );
  // A failed spawn surfaces as the chain not starting.
  const exited = once(chainProcess, "exit").catch(() => undefined);
  const stop = async () => {
    if (chainProcess.exitCode === null && chainProcess.signalCode === null) {
      chainProcess.kill("SIGTERM");
      await exited;
    }
    if (ownProject) await project.remove();
  };
  try {
    const chain = defineChain({
      id: chainId,
      name: `bench ${chainId}`,
      nativeCurrency: { name: "E", symbol: "E", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
    for (let i = 0; ; i++) {
      try {
        await publicClient.getChainId();
        break;
      } catch {
        if (i > 200) throw new Error("the chain did not start");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const wallet = createWalletClient({
      account: privateKeyToAccount(deployerKey),
      chain,
      transport: http(rpcUrl),
    });
    const artifact = JSON.parse(
      await readFile(join(project.dir, "artifacts", "contracts", "Token.sol", "Token.json"), "utf8"),
    ) as { abi: Abi; bytecode: `0x${string}` };
    return {
      project: project.dir,
      chainId,
      rpcUrl,
      env,
      async deployToken(name, supply) {
        const hash = await wallet.deployContract({
          abi: artifact.abi,
          bytecode: artifact.bytecode,
          args: [name, supply],
        });
        return (await publicClient.waitForTransactionReceipt({ hash })).contractAddress ?? "";
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function hardhatEnv(bench: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`,
    HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
    ...bench,
  };
}

// A port nothing listens on now: several nodes start side by side, and a random pick could collide.
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no port was given");
  return address.port;
}
