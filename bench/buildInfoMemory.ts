// Peak memory of reading large build infos the way the Action does (jobsFromInputs → the input readers): N
// synthetic Foundry build infos of a given size in `out/build-info/`, read through a broadcast that deploys one
// contract from each (`--via deployment`), through a manifest naming those contracts (`--via manifest`), and whole,
// every contract kept (`--via every-contract`: the build as include-created and the CLI's inference from deployed
// code read it); each also with one such file alone, for comparison. Each reading runs in a process of its own; the
// bench prints its peak RSS. The files are written in a temporary folder, removed at the end (`--keep` leaves them).
// Usage: npx tsx bench/buildInfoMemory.ts [--size-mb 420] [--files 3] [--via deployment,manifest,every-contract]
//   [--keep]
import { spawnSync } from "node:child_process";
import { link, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
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
    keep: { type: "boolean", default: false },
    child: { type: "string" },
    workspace: { type: "string" },
    artifacts: { type: "string" },
    names: { type: "string" },
  },
});

if (values.child !== undefined) await readInChild();
else await runBench();

async function readInChild(): Promise<void> {
  const { jobsFromInputs } = await import("../src/run/inputJobs.js");
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
