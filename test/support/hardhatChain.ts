import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A Hardhat chain running in a child process (Jest cannot host Hardhat 3 in-process). */
export interface HardhatChain {
  /** `http://127.0.0.1:PORT`. */
  rpcUrl: string;
  stop(): Promise<void>;
}

/** Hardhat's first default account, funded on every Hardhat chain. */
export const deployerPrivateKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

/**
 * Starts `hardhat node` on 127.0.0.1 with an ephemeral port, under the Node that npm pinned.
 * @returns the chain
 */
export async function startHardhatChain(): Promise<HardhatChain> {
  const child = spawn(
    process.execPath,
    [
      join(repository, "node_modules", "hardhat", "dist", "src", "cli.js"),
      "node",
      "--hostname",
      "127.0.0.1",
      "--port",
      "0",
    ],
    {
      cwd: join(repository, "test", "fixtures", "local-chain"),
      env: {
        ...process.env,
        PATH: `${join(repository, "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`hardhat node did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /JSON-RPC server at (http:\/\/[^\s/]+)\/?/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`hardhat node exited with ${code}:\n${output}`));
    });
  });
  child.stdout?.removeAllListeners("data");
  child.stdout?.resume();
  child.stderr?.resume();
  return { rpcUrl, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
