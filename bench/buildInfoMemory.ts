// Peak memory of reading large build infos the way the Action does (jobsFromInputs → the input readers): N
// synthetic Foundry build infos of a given size in `out/build-info/`, read through a broadcast that deploys one
// contract from each (`--via deployment`), through a manifest naming those contracts (`--via manifest`), and whole,
// every contract kept (`--via every-contract`: the build as include-created and the CLI's inference from deployed
// code read it); each also with one such file alone, for comparison. Each reading runs in a process of its own; the
// bench prints its peak RSS. The files are written in a temporary folder, removed at the end (`--keep` leaves them).
// `--shape no-output` writes instead N Hardhat 3 build infos each holding one source string of the given size and no
// output (no `<id>.output.json`: Ignition copies only the input), plus a small one whose output holds the manifest's
// contract, and reads them through a manifest naming that contract (`--via manifest`).
// Usage: npx tsx bench/buildInfoMemory.ts [--size-mb 420] [--files 3] [--via deployment,manifest,every-contract]
//   [--shape outputs|no-output] [--keep]
import { spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { link, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { writeBroadcast, writeLargeBuildInfo } from "../test/support/largeBuildInfo.js";

const { values } = parseArgs({
  options: {
    "size-mb": { type: "string", default: "420" },
    files: { type: "string", default: "3" },
    via: { type: "string", default: "deployment,manifest,every-contract" },
    shape: { type: "string", default: "outputs" },
    keep: { type: "boolean", default: false },
    child: { type: "string" },
    workspace: { type: "string" },
    artifacts: { type: "string" },
    names: { type: "string" },
  },
});

const hardhat3Format = "hh3-sol-build-info-1";
const longVersion = "0.8.28+commit.7893614a";

if (values.child !== undefined) await readInChild();
else if (values.shape === "no-output") await runNoOutputBench();
else await runBench();

async function readInChild(): Promise<void> {
  const { jobsFromInputs } = await import("../src/run/jobs/inputJobs.js");
  const workspace = values.workspace ?? "";
  const names = (values.names ?? "").split(",");
  const started = performance.now();
  if (values.child === "every-contract") {
    // What the Action's include-created and the CLI's inference from deployed code read: every contract of the
    // build, none named in advance.
    const { readBuildInfos } = await import("../src/inputs/buildInfo.js");
    const { contractsOf } = await import("../src/inputs/compiledContracts.js");
    const contracts = (await readBuildInfos(join(workspace, values.artifacts ?? "out"))).flatMap(contractsOf);
    const seconds = (performance.now() - started) / 1_000;
    const peakMb = process.resourceUsage().maxRSS / 1_024;
    console.log(JSON.stringify({ jobs: contracts.length, contracts: contracts.length, peakMb, seconds }));
    return;
  }
  const jobs =
    values.child === "manifest"
      ? await jobsFromInputs(
          {
            contracts: JSON.stringify({
              contracts: names.map((name, index) => ({
                address: `0x${(index + 1).toString(16).padStart(40, "0")}`,
                contract: `src/${name}.sol:${name}`,
              })),
            }),
            deployment: undefined,
            artifacts: values.artifacts ?? "out",
            rpcUrl: undefined,
          },
          workspace,
        )
      : await jobsFromInputs(
          {
            contracts: undefined,
            deployment: `broadcast-${names.length}/Deploy.s.sol/1/run-latest.json`,
            artifacts: values.artifacts ?? "out",
            rpcUrl: undefined,
          },
          workspace,
        );
  const seconds = (performance.now() - started) / 1_000;
  const peakMb = process.resourceUsage().maxRSS / 1_024;
  // The jobs stay reachable until the peak is read, as they do until the Action submits them.
  console.log(
    JSON.stringify({ jobs: jobs.length, contracts: jobs.map((job) => job.contract), peakMb, seconds }),
  );
}

async function runBench(): Promise<void> {
  const sizeMb = Number(values["size-mb"]);
  const fileCount = Number(values.files);
  const vias = (values.via ?? "").split(",");
  const workspace = await mkdtemp(join(tmpdir(), "explorer-verify-bench-memory-"));
  try {
    const targets: string[] = [];
    const bytecodes: string[] = [];
    const started = performance.now();
    for (let file = 0; file < fileCount; file += 1) {
      const path = join(workspace, "out", "build-info", `${file.toString(16).padStart(32, "0")}.json`);
      await mkdir(dirname(path), { recursive: true });
      const { target, bytecode } = await writeLargeBuildInfo(path, file, sizeMb * 1_000_000);
      targets.push(target);
      bytecodes.push(bytecode);
      // The same file alone in a folder of its own (a hard link: no second copy on disk).
      if (file === 0) {
        await mkdir(join(workspace, "out-one", "build-info"), { recursive: true });
        await link(
          path,
          join(workspace, "out-one", "build-info", `${file.toString(16).padStart(32, "0")}.json`),
        );
      }
    }
    await writeBroadcast(workspace, targets.slice(0, 1), bytecodes);
    await writeBroadcast(workspace, targets, bytecodes);
    const written = (await stat(join(workspace, "out", "build-info", `${"0".padStart(32, "0")}.json`))).size;
    console.log(`node                     ${process.version}`);
    console.log(
      `build infos              ${fileCount} × ${(written / 1_000_000).toFixed(0)} MB = ${(written / 1_048_576).toFixed(0)} MiB (Foundry, synthetic), written in ${((performance.now() - started) / 1_000).toFixed(1)} s`,
    );
    const largestMib = written / 1_048_576;
    for (const via of vias) {
      const one = measure(via, workspace, "out-one", targets.slice(0, 1), largestMib);
      const all = measure(via, workspace, "out", targets, largestMib);
      console.log(`via ${via.padEnd(21)}one file: peak RSS ${one}`);
      console.log(`${"".padEnd(25)}${fileCount} files: peak RSS ${all}`);
    }
  } finally {
    if (values.keep) console.log(`files kept in ${workspace}`);
    else await rm(workspace, { recursive: true, force: true });
  }
}

// The peak in MiB (maxRSS is in KiB), and as a multiple of the largest file's size.
function measure(
  via: string,
  workspace: string,
  artifacts: string,
  names: string[],
  largestMib: number,
): string {
  const script = fileURLToPath(import.meta.url);
  const child = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      script,
      "--child",
      via,
      "--workspace",
      workspace,
      "--artifacts",
      artifacts,
      "--names",
      names.join(","),
    ],
    { encoding: "utf8", maxBuffer: 64 * 1_024 * 1_024 },
  );
  if (child.status !== 0)
    return `failed (exit ${child.status}): ${child.stderr.trim().split("\n").slice(0, 3).join(" ")}`;
  const result = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as {
    jobs: number;
    peakMb: number;
    seconds: number;
  };
  const counted = via === "every-contract" ? "contracts kept" : "jobs";
  return `${result.peakMb.toFixed(0)} MiB, ${(result.peakMb / largestMib).toFixed(2)}x the largest file (${result.jobs} ${counted}, ${result.seconds.toFixed(1)} s)`;
}

// A Hardhat 3 build info with one source of `bytes` characters and no output beside it, written in pieces.
async function writeSourceOnlyBuildInfo(path: string, index: number, bytes: number): Promise<void> {
  const source = `project/contracts/Big${index}.sol`;
  const head = `{"_format":"${hardhat3Format}","id":"big${index}","solcVersion":"0.8.28","solcLongVersion":"${longVersion}","userSourceNameMap":{"contracts/Big${index}.sol":"${source}"},"input":{"language":"Solidity","sources":{"${source}":{"content":"`;
  const tail = `"}},"settings":{"optimizer":{"enabled":false,"runs":200},"outputSelection":{}}}}`;
  const out = createWriteStream(path);
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
  await write(head);
  const chunk = `// ${"x".repeat(1_020)}\\n`.repeat(1_024);
  for (let written = 0; written < bytes; written += chunk.length) await write(chunk);
  await write(tail);
  await new Promise<void>((resolve) => out.end(resolve));
}

// A small Hardhat 3 build info and its output, holding the contract Box.
async function writeSmallBuildInfo(folder: string): Promise<void> {
  const source = "project/src/Box.sol";
  await writeFile(
    join(folder, "small.json"),
    JSON.stringify({
      _format: hardhat3Format,
      id: "small",
      solcVersion: "0.8.28",
      solcLongVersion: longVersion,
      userSourceNameMap: { "src/Box.sol": source },
      input: {
        language: "Solidity",
        sources: { [source]: { content: "contract Box {}" } },
        settings: { optimizer: { enabled: false, runs: 200 }, outputSelection: {} },
      },
    }),
  );
  await writeFile(
    join(folder, "small.output.json"),
    JSON.stringify({
      _format: "hh3-sol-build-info-output-1",
      id: "small",
      output: {
        contracts: {
          [source]: {
            Box: { abi: [], evm: { bytecode: { object: "6000" }, deployedBytecode: { object: "6001" } } },
          },
        },
      },
    }),
  );
}

async function runNoOutputBench(): Promise<void> {
  const sizeMb = Number(values["size-mb"]);
  const fileCount = Number(values.files);
  const workspace = await mkdtemp(join(tmpdir(), "explorer-verify-bench-memory-"));
  try {
    const folder = join(workspace, "artifacts", "build-info");
    await mkdir(folder, { recursive: true });
    const started = performance.now();
    for (let file = 0; file < fileCount; file += 1)
      await writeSourceOnlyBuildInfo(join(folder, `big${file}.json`), file, sizeMb * 1_000_000);
    await writeSmallBuildInfo(folder);
    const written = (await stat(join(folder, "big0.json"))).size;
    console.log(`node                     ${process.version}`);
    console.log(
      `build infos              ${fileCount} × ${(written / 1_000_000).toFixed(0)} MB = ${(written / 1_048_576).toFixed(0)} MiB each, one source string and no output (Hardhat 3), and a small one holding Box, written in ${((performance.now() - started) / 1_000).toFixed(1)} s`,
    );
    const all = measure("manifest", workspace, "artifacts", ["Box"], written / 1_048_576);
    console.log(`via manifest naming Box  peak RSS ${all}`);
  } finally {
    if (values.keep) console.log(`files kept in ${workspace}`);
    else await rm(workspace, { recursive: true, force: true });
  }
}
