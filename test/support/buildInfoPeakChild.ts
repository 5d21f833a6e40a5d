// Run in a process of its own: reads every build info of a folder keeping the contracts named, and prints how far
// the resident memory rose above what the process held before. Linux: the peak is reset after start-up (writing 5
// to /proc/self/clear_refs), so that the process's start, whose peak varies with the collector, is not counted.
// Usage: node --import tsx buildInfoPeakChild.ts FOLDER NAME,NAME…
import { readFileSync, writeFileSync } from "node:fs";
import { readBuildInfos } from "../../src/inputs/buildInfo.js";
import { contractsOf } from "../../src/inputs/compiledContracts.js";

const [folder = "", names = ""] = process.argv.slice(2);
const peakBytes = () =>
  Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) * 1_024;
writeFileSync("/proc/self/clear_refs", "5");
const before = peakBytes();
const buildInfos = await readBuildInfos(folder, "artifacts", { contractNames: names.split(",") });
const contracts = buildInfos.flatMap(contractsOf).map((contract) => contract.userFqn);
console.log(JSON.stringify({ contracts, peakRiseBytes: peakBytes() - before }));
