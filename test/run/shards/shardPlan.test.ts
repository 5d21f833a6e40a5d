import { describe, expect, it } from "@jest/globals";
import { InvalidInputError } from "../../../src/errors/index.js";
import { parseKeySecrets } from "../../../src/run/shards/keySecrets.js";
import { planDifferences } from "../../../src/run/shards/planDigest.js";
import { explorerName } from "../../../src/run/shards/shard.js";
import { parseShardCount, parseShardId, shardIdText } from "../../../src/run/shards/shardId.js";
import { explorersOfJobs, type PlanRequest, planRun, planShards } from "../../../src/run/shards/shardPlan.js";
import type { VerificationJob } from "../../../src/verify/job.js";
import type { Service } from "../../../src/verify/verifier.js";
import { standardJsonJob } from "../../support/jobs.js";

const planMatrix = (
  jobs: readonly VerificationJob[],
  targets: readonly Service[],
  shards: number,
  settings: Omit<PlanRequest["settings"], "targets"> = {},
) => planRun({ jobs, settings: { targets, ...settings }, shards }).matrix;

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
      plan: expect.stringMatching(/^[0-9a-f]{16}(-[0-9a-f]{16}){4}$/),
      explorers: "blockscout on chain 1",
      contracts: 4,
      verifications: 4,
    });
    expect(new Set(matrix.include.map((row) => row.plan)).size).toBe(1);
    expect(matrix.include.find((row) => row.explorers === "etherscan on chain 10")?.budgetShare).toEqual({
      etherscan: "1/2",
    });
  });

  it("counts a row's contracts once each, and its verifications per explorer", () => {
    const jobs = jobsOn({ 1: 4 });
    const [row] = planMatrix(jobs, ["blockscout", "etherscan"], 1).include;
    expect(row).toMatchObject({
      explorers: "blockscout on chain 1, etherscan on chain 1",
      contracts: 4,
      verifications: 8,
    });
  });

  it("has a digest that tells which of its parts differ", () => {
    const jobs = jobsOn({ 1: 4, 10: 2 });
    const digest = (targets: Service[], shards: number, settings = {}, of = jobs) =>
      planMatrix(of, targets, shards, settings).include[0]?.plan as string;
    const own = digest(["blockscout", "etherscan"], 2);
    expect(digest(["etherscan", "blockscout"], 2)).toBe(own);
    expect(planDifferences(digest(["blockscout"], 2), own)).toEqual(["the targets"]);
    expect(planDifferences(digest(["blockscout", "etherscan"], 3), own)).toEqual(["the shard count"]);
    expect(planDifferences(digest(["blockscout", "etherscan"], 2, { requestsPerSecond: 20 }), own)).toEqual([
      "the stated rate (requests-per-second)",
    ]);
    expect(
      planDifferences(digest(["blockscout", "etherscan"], 2, { keySecrets: "etherscan=K" }), own),
    ).toEqual(["the keys' secrets (key-secrets)"]);
    expect(planDifferences(digest(["blockscout", "etherscan"], 2, {}, jobs.slice(1)), own)).toEqual([
      "the contracts (the bundle or deployment)",
    ]);
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

describe("an explorer split across shards where its stated rate allows", () => {
  const jobs = jobsOn({ 1: 60, 10: 10 });

  it("splits the largest explorer over the shards its stated rate allows, each at its share", () => {
    // 20 requests/s on Blockscout (a shard keeps at least its 5): four shards at once.
    const plan = planRun({ jobs, settings: { targets: ["blockscout"], requestsPerSecond: 20 }, shards: 4 });
    expect(
      plan.matrix.include.map(({ plan: _, verifications, ...row }) => ({ ...row, verifications })),
    ).toEqual([
      {
        shard: "1-of-4",
        explorers: "blockscout on chain 1 (part 1 of 3)",
        contracts: 20,
        verifications: 20,
        rateShare: { "blockscout on chain 1 (part 1 of 3)": "6.67 of 20 requests/s" },
      },
      {
        shard: "2-of-4",
        explorers: "blockscout on chain 1 (part 2 of 3)",
        contracts: 20,
        verifications: 20,
        rateShare: { "blockscout on chain 1 (part 2 of 3)": "6.67 of 20 requests/s" },
      },
      {
        shard: "3-of-4",
        explorers: "blockscout on chain 1 (part 3 of 3)",
        contracts: 20,
        verifications: 20,
        rateShare: { "blockscout on chain 1 (part 3 of 3)": "6.67 of 20 requests/s" },
      },
      { shard: "4-of-4", explorers: "blockscout on chain 10", contracts: 10, verifications: 10 },
    ]);
    expect(plan.notes).toEqual([
      "blockscout on chain 1: split over 3 shards (1-of-4, 2-of-4, 3-of-4): its stated 20 requests/s allows 4 at once; each runs at 6.67 requests/s",
      "blockscout on chain 10: not split: its stated 20 requests/s would allow 4 shards at once, but the balance needs no split",
    ]);
  });

  it("gives each part a run of the explorer's contracts, every contract once", () => {
    const { explorers, oneChain } = explorersOfJobs(jobs, ["blockscout"]);
    const plan = planShards(explorers, 4, oneChain, { requestsPerSecond: 20 });
    const parts = plan.shards.flatMap((shard) => shard.explorers.filter((e) => e.chainId === 1));
    const addresses = parts.flatMap((part) => part.part?.addresses ?? []);
    expect(addresses).toEqual(explorers[0]?.addresses);
    expect(new Set(addresses).size).toBe(60);
    expect(parts.map((part) => part.requestsPerSecond)).toEqual([20 / 3, 20 / 3, 20 / 3]);
  });

  it("keeps an explorer whole without a stated rate, or with one that allows one shard, and says why", () => {
    const unstated = planRun({ jobs, settings: { targets: ["blockscout", "etherscan"] }, shards: 4 });
    expect(unstated.matrix.include.map((row) => row.explorers)).toEqual([
      "blockscout on chain 1",
      "etherscan on chain 1",
      "blockscout on chain 10",
      "etherscan on chain 10",
    ]);
    expect(unstated.notes[0]).toBe(
      "blockscout on chain 1: not split: no rate is stated (requests-per-second), so two shards would each keep the service's 5 requests/s, twice its rate together",
    );
    const slow = planRun({ jobs, settings: { targets: ["blockscout"], requestsPerSecond: 9 }, shards: 4 });
    expect(slow.matrix.include).toHaveLength(2);
    expect(slow.notes[0]).toBe(
      "blockscout on chain 1: not split: its stated 9 requests/s allows one shard at once (a shard keeps at least the service's 5 requests/s)",
    );
  });

  it("plans 200 explorers into 256 shards reading each explorer's contracts once per number of parts tried", () => {
    // A full placement per cuttable explorer per cut, each cutting every explorer again: over half a minute for this
    // plan, worked out again by every shard's job and by the merge.
    const many = jobsOn(Object.fromEntries(Array.from({ length: 50 }, (_, chain) => [chain + 1, 10])));
    const { explorers, oneChain } = explorersOfJobs(many, [
      "blockscout",
      "etherscan",
      "sourcify",
      "routescan",
    ]);
    let reads = 0;
    const counted = explorers.map(({ addresses, ...explorer }) => ({
      ...explorer,
      get addresses() {
        reads++;
        return addresses;
      },
    }));
    const loads = planShards(counted, 256, oneChain, { requestsPerSecond: 1_000 }).shards.map(
      (shard) => shard.contracts,
    );
    expect([Math.max(...loads), Math.min(...loads), loads.reduce((sum, load) => sum + load)]).toEqual([
      10, 5, 2_000,
    ]);
    expect(reads).toBeLessThanOrEqual(3 * explorers.length);
  });

  it("refuses a plan of more explorers or verifications than it spans, before placing any", () => {
    const wide = jobsOn(Object.fromEntries(Array.from({ length: 1_025 }, (_, chain) => [chain + 1, 1])));
    const targets = ["blockscout", "etherscan", "sourcify", "routescan"] as const;
    expect(() => planRun({ jobs: wide, settings: { targets: [...targets] }, shards: 4 })).toThrow(
      "A plan spans at most 4096 explorers (a chain on a service) and 262144 verifications (a contract on one); this run has 4100 and 4100: plan fewer chains, contracts or targets at once.",
    );
    const deep = jobsOn({ 1: 131_073 });
    expect(() =>
      planRun({ jobs: deep, settings: { targets: ["blockscout", "etherscan"] }, shards: 4 }),
    ).toThrow("this run has 2 and 262146:");
  });

  it("says nothing of splits in a plan of one shard", () => {
    expect(planRun({ jobs, settings: { targets: ["blockscout"] }, shards: 1 }).notes).toEqual([]);
  });
});

describe("a key's secret per shard", () => {
  it("reads service=NAME and service:chain=NAME, and refuses what is not one", () => {
    expect(parseKeySecrets("etherscan=ETHERSCAN_KEY, etherscan:10=ETHERSCAN_KEY_2")).toEqual([
      { service: "etherscan", chainId: undefined, secret: "ETHERSCAN_KEY" },
      { service: "etherscan", chainId: 10, secret: "ETHERSCAN_KEY_2" },
    ]);
    expect(parseKeySecrets(undefined)).toEqual([]);
    const notOne =
      "is not a key's secret: give service=SECRET_NAME or service:chain=SECRET_NAME, the secret's name and never the key, e.g. etherscan=ETHERSCAN_KEY or etherscan:10=ETHERSCAN_KEY_2.";
    expect(() => parseKeySecrets("etherscan=not-a-name", "--key-secrets")).toThrow(
      `--key-secrets's entry 1 ${notOne}`,
    );
    expect(() => parseKeySecrets("etherscan=X,sourcify=Y")).toThrow(
      "key-secrets's entry 2: Sourcify takes no key.",
    );
    expect(() => parseKeySecrets("etherscan=A,etherscan=B")).toThrow(
      "key-secrets names etherscan's secret twice.",
    );
  });

  // Entries as a key lands in them: alone, beside a good entry, in place of a chain or a service, or as the name.
  it.each([[""], ["etherscan=ETHERSCAN_KEY,"], ["etherscan:"], ["etherscan="]])(
    "refuses a key the run was given in an entry (%s…), naming the entry by its position, never showing it",
    (before) => {
      const key = "ETHKEY-RT1-123456";
      const text = before === "etherscan:" ? `${before}${key}=X` : `${before}${key}`;
      const refused = () =>
        planRun({
          jobs: jobsOn({ 1: 2 }),
          settings: { targets: ["etherscan"], keySecrets: text },
          shards: 2,
          keys: [undefined, key],
        });
      expect(refused).toThrow(
        `key-secrets's entry ${before.endsWith(",") ? 2 : 1} holds a key the run was given: that is the key, not its secret's name.`,
      );
      expect(() => refused()).not.toThrow(key);
      expect(() => parseKeySecrets(`${key}=etherscan`, "key-secrets", [key])).toThrow(
        "key-secrets's entry 1 holds a key",
      );
    },
  );

  it("refuses a key-shaped name, no key given, without showing it", () => {
    const key = "ABCDEF0123456789ABCDEF0123456789AB";
    expect(() => parseKeySecrets(`etherscan=${key}`)).toThrow("key-secrets's entry 1 is not a key's secret");
    expect(() => parseKeySecrets(`etherscan=${key}`)).not.toThrow(key);
    expect(parseKeySecrets("etherscan=ETHERSCAN_API_KEY_FOR_OPTIMISM_2")).toHaveLength(1);
  });

  it("names each shard's secret in its row, and gives shards on different keys the whole of their budget", () => {
    const matrix = planMatrix(jobsOn({ 1: 6, 10: 5, 137: 4 }), ["etherscan"], 3, {
      keySecrets: "etherscan=ETHERSCAN_KEY, etherscan:10=ETHERSCAN_KEY_2",
    });
    expect(matrix.include.map(({ plan: _, verifications: __, ...row }) => row)).toEqual([
      {
        shard: "1-of-3",
        explorers: "etherscan on chain 1",
        contracts: 6,
        budgetShare: { etherscan: "1/2" },
        "etherscan-key-secret": "ETHERSCAN_KEY",
      },
      {
        shard: "2-of-3",
        explorers: "etherscan on chain 10",
        contracts: 5,
        budgetShare: { etherscan: "1/1" },
        "etherscan-key-secret": "ETHERSCAN_KEY_2",
      },
      {
        shard: "3-of-3",
        explorers: "etherscan on chain 137",
        contracts: 4,
        budgetShare: { etherscan: "1/2" },
        "etherscan-key-secret": "ETHERSCAN_KEY",
      },
    ]);
  });

  it("keeps explorers of different keys in different shards, and says when the shards are too few", () => {
    const jobs = jobsOn({ 1: 1, 10: 1, 137: 1 });
    const keySecrets = "etherscan:1=KEY_1, etherscan:10=KEY_10, etherscan:137=KEY_137";
    const rows = planMatrix(jobs, ["etherscan", "blockscout"], 3, { keySecrets }).include;
    expect(rows.map((row) => [row["etherscan-key-secret"], row.budgetShare])).toEqual([
      ["KEY_1", { etherscan: "1/1" }],
      ["KEY_10", { etherscan: "1/1" }],
      ["KEY_137", { etherscan: "1/1" }],
    ]);
    expect(() => planMatrix(jobs, ["etherscan"], 2, { keySecrets })).toThrow(
      "2 shards are too few for the keys' secrets named: a shard uses one key per service, and etherscan on chain 137 finds no shard left for KEY_137. Give more shards, or fewer secrets.",
    );
  });
});
