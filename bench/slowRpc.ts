// Wall time of a CLI run with --timeout 20 over proxies on a chain whose JSON-RPC answers every read late: a loopback
// JSON-RPC stand-in holds each answer back (8 s by default), the explorer is the test explorer. The run reads the
// proxies (their code, their slots, their parts' code) and the chain's id; each read waits under the run's deadline,
// so the run ends within the deadline and a few seconds, whatever the chain does. Prints the wall time from spawning
// the CLI to its exit, its exit code, the reads the chain received, and the run's last lines.
// Usage: npx tsx bench/slowRpc.ts [--proxies 4] [--delay-s 8] [--timeout 20]
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { testAddress } from "../test/support/addresses.js";
import { startJsonRpcStandIn } from "../test/support/jsonRpcStandIn.js";
import { startTestExplorer } from "../test/support/testExplorer.js";

const { values } = parseArgs({
  options: {
    proxies: { type: "string", default: "4" },
    "delay-s": { type: "string", default: "8" },
    timeout: { type: "string", default: "20" },
  },
});
const delayMs = Number(values["delay-s"]) * 1_000;
// An EIP-1967 proxy's implementation slot holds an address: each proxy reads as one, with parts to read in turn.
const implementationWord = (index: number) =>
  `0x${testAddress(0xb000 + index)
    .slice(2)
    .padStart(64, "0")}`;
const plainCode = "0x6080604052348015600f57600080fd5b50";

const proxies = Array.from({ length: Number(values.proxies) }, (_, index) => testAddress(0xa000 + index));
const chain = await startJsonRpcStandIn(async (call) => {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  switch (call.method) {
    case "eth_chainId":
      return { result: "0x7a69" };
    case "eth_getCode":
      return { result: plainCode };
    case "eth_getStorageAt": {
      const index = proxies.findIndex(
        (address) => address.toLowerCase() === String(call.params[0]).toLowerCase(),
      );
      return { result: index >= 0 ? implementationWord(index) : `0x${"0".repeat(64)}` };
    }
    case "eth_call":
      return { result: "0x" };
    default:
      return { result: null };
  }
});
const explorer = await startTestExplorer();
const folder = await mkdtemp(join(tmpdir(), "explorer-verify-bench-slow-rpc-"));
try {
  // A build holding none of the proxies' code: each is a proxy built elsewhere, read from the chain.
  await mkdir(join(folder, "artifacts", "build-info"), { recursive: true });
  await writeFile(
    join(folder, "artifacts", "build-info", "box.json"),
    JSON.stringify({
      id: "box",
      solcLongVersion: "0.8.28+commit.7893614a",
      input: {
        language: "Solidity",
        sources: { "contracts/Box.sol": { content: "contract Box {}" } },
        settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: {} },
      },
      output: {
        contracts: {
          "contracts/Box.sol": {
            Box: { abi: [], evm: { bytecode: { object: "6000" }, deployedBytecode: { object: "6001" } } },
          },
        },
      },
    }),
  );
  const manifest = join(folder, "proxies.json");
  await writeFile(
    manifest,
    JSON.stringify({ contracts: proxies.map((address) => ({ address, proxy: true })) }),
  );
  const cli = join(import.meta.dirname, "..", "src", "cli", "index.ts");
  const args = [
    "verify",
    "--manifest",
    manifest,
    "--rpc-url",
    chain.url,
    "--explorer-url",
    explorer.url,
    "--timeout",
    values.timeout ?? "20",
  ];
  const started = performance.now();
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), cli, ...args], {
      cwd: folder,
    });
    let output = "";
    // Each line with the second it came, to see what the run waited on.
    const stamp = (chunk: Buffer) => {
      const at = ((performance.now() - started) / 1_000).toFixed(1).padStart(5);
      output += chunk
        .toString("utf8")
        .split(/(?<=\n)/)
        .map((line) => `[${at} s] ${line}`)
        .join("");
    };
    child.stdout.on("data", stamp);
    child.stderr.on("data", stamp);
    child.on("close", (exit) => resolve({ code: exit, output }));
  });
  const seconds = (performance.now() - started) / 1_000;
  const reads = new Map<string, number>();
  for (const call of chain.received) reads.set(call.method, (reads.get(call.method) ?? 0) + 1);
  console.log(`node          ${process.version}`);
  console.log(
    `run           ${proxies.length} proxies, every read answered after ${delayMs / 1_000} s, --timeout ${values.timeout}`,
  );
  console.log(`wall time     ${seconds.toFixed(1)} s (spawn to exit), exit code ${code}`);
  console.log(`reads         ${[...reads].map(([method, count]) => `${method} ${count}`).join(", ")}`);
  console.log("last lines:");
  for (const line of output.trimEnd().split("\n").slice(-16)) console.log(`  ${line}`);
} finally {
  await explorer.close();
  await chain.close();
  await rm(folder, { recursive: true, force: true });
}
