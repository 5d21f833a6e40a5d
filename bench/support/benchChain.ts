// A Hardhat node with chain id 4242 (hardhat-verify refuses local chain ids) in a copy of the bench's Hardhat
// project, whose contracts are built with the production profile and can be deployed by the bench.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
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

/** The running chain and the project hardhat-verify runs in. */
export interface BenchChain {
  /** The copy of bench/fixtures/vs-hardhat-verify. */
  project: string;
  rpcUrl: string;
  /** For `hardhat` runs in the project: the pinned Node first on PATH, the explorer and the chain. */
  env: NodeJS.ProcessEnv;
  /** Deploys the project's Token; returns its address. */
  deployToken(name: string, supply: bigint): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Copies the bench project, builds it with the production profile and starts its chain.
 * @param explorerUrl - where the project's Blockscout entry points
 * @returns the chain
 */
export async function startBenchChain(explorerUrl: string): Promise<BenchChain> {
  const project = join(await mkdtemp(join(tmpdir(), "bench-vs-")), "project");
  await cp(join(repo, "bench", "fixtures", "vs-hardhat-verify"), project, { recursive: true });
  await symlink(join(repo, "node_modules"), join(project, "node_modules"));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`,
    BENCH_EXPLORER_URL: explorerUrl,
    BENCH_RPC_URL: rpcUrl,
    HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
  };
  const chainProcess: ChildProcess = spawn(
    node,
    [hardhatCli, "node", "--hostname", "127.0.0.1", "--port", String(port), "--chain-id", "4242"],
    { cwd: project, env, stdio: "ignore" },
  );
  const stop = async () => {
    chainProcess.kill("SIGTERM");
    await rm(join(project, ".."), { recursive: true, force: true });
  };
  try {
    await run(node, [hardhatCli, "build", "--build-profile", "production"], { cwd: project, env });
    const chain = defineChain({
      id: 4242,
      name: "bench",
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
      await readFile(join(project, "artifacts", "contracts", "Token.sol", "Token.json"), "utf8"),
    ) as { abi: Abi; bytecode: `0x${string}` };
    return {
      project,
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
