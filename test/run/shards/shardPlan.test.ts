import { describe, expect, it } from "@jest/globals";
import { InvalidInputError } from "../../../src/errors/index.js";
import { parseShardCount, parseShardId, shardIdText } from "../../../src/run/shards/shardId.js";
import { explorerName, explorersOfJobs, planMatrix, planShards } from "../../../src/run/shards/shardPlan.js";
import { standardJsonJob } from "../../support/jobs.js";

function address(n: number): string {
  return `0x${n.toString(16).padStart(40, "0")}`;
}

// `count` contracts on each chain, in chain order.
function jobsOn(chains: Record<number, number>) {
  let n = 1;
  return Object.entries(chains).flatMap(([chainId, count]) =>
    Array.from({ length: count }, () => standardJsonJob(address(n++), { chainId: Number(chainId) })),
  );
}

describe("a shard's name", () => {
  it("reads and writes k-of-n", () => {
    expect(parseShardId("2-of-4", "--shard")).toEqual({ index: 2, of: 4 });
    expect(shardIdText({ index: 2, of: 4 })).toBe("2-of-4");
  });

  it.each(["0-of-4", "5-of-4", "2of4", "1-of-999", ""])("refuses %p", (text) => {
    expect(() => parseShardId(text, "--shard")).toThrow(InvalidInputError);
  });

  it("reads a number of shards, from 1 to 256", () => {
    expect(parseShardCount("8", "--shards")).toBe(8);
    for (const text of ["0", "-1", "2.5", "257", "many"])
      expect(() => parseShardCount(text, "--shards")).toThrow(InvalidInputError);
  });
});

describe("a plan", () => {
  it("splits by chain × service, balanced by contract count, each explorer whole", () => {
    const { explorers, oneChain } = explorersOfJobs(jobsOn({ 1: 30, 10: 20, 137: 10 }), [
      "blockscout",
      "etherscan",
    ]);
    expect(oneChain).toBe(false);
    const plan = planShards(explorers, 4, oneChain);
    expect(plan.shards.map((shard) => shard.contracts)).toEqual([30, 30, 30, 30]);
    const placed = plan.shards.flatMap((shard) => shard.explorers.map(explorerName)).sort();
    expect(placed).toEqual(explorers.map(explorerName).sort());
    expect(new Set(placed).size).toBe(6);
  });

  it("divides a key's stated budget among the shards that use it", () => {
    const { explorers, oneChain } = explorersOfJobs(jobsOn({ 1: 5, 10: 5, 137: 5 }), [
      "etherscan",
      "sourcify",
    ]);
    const plan = planShards(explorers, 3, oneChain);
    for (const shard of plan.shards) {
      const onEtherscan = shard.explorers.some((explorer) => explorer.service === "etherscan");
      expect(shard.budgetShares.etherscan).toBe(onEtherscan ? 3 : undefined);
      expect(shard.budgetShares.sourcify).toBeUndefined();
    }
  });

  it("is the same plan for the same contracts and services, in any order", () => {
    const jobs = jobsOn({ 1: 7, 10: 7, 56: 3 });
    const one = planMatrix(jobs, ["blockscout", "etherscan"], 3);
    expect(planMatrix([...jobs].reverse(), ["etherscan", "blockscout"], 3)).toEqual(one);
  });

  it("gives a matrix row per shard with work, named k-of-n", () => {
    const matrix = planMatrix(jobsOn({ 1: 4, 10: 2 }), ["blockscout", "etherscan"], 8);
    expect(matrix.include.map((row) => row.shard)).toEqual(["1-of-8", "2-of-8", "3-of-8", "4-of-8"]);
    expect(matrix.include[0]).toEqual({
      shard: "1-of-8",
      explorers: "blockscout on chain 1",
      contracts: 4,
    });
    expect(matrix.include.find((row) => row.explorers === "etherscan on chain 10")?.budgetShare).toEqual({
      etherscan: "1/2",
    });
  });

  it("on one chain, names the explorers by service", () => {
    const matrix = planMatrix(
      [standardJsonJob(address(1)), standardJsonJob(address(2))],
      ["blockscout", "sourcify"],
      2,
    );
    expect(matrix.include.map((row) => [row.explorers, row.contracts])).toEqual([
      ["blockscout", 2],
      ["sourcify", 2],
    ]);
  });
});
