import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  onTheirOwnChains,
  type ProjectPaths,
  taskDeployment,
  taskDeployments,
  taskLedger,
} from "../../../src/run/hardhat/taskDeployments.js";
import { repoRoot } from "../../inputs/hardhatProject.js";

// A project holding the hardhat-deploy 1.x fixture folder and the rocketh one, each on a chain of its own, and both
// again without their chain files.
let paths: ProjectPaths;
const lines: string[] = [];
const said = (line: string) => void lines.push(line);
const fixtures = join(repoRoot, "test", "fixtures");

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), "explorer-verify-task-deployments-"));
  paths = {
    root,
    artifacts: join(root, "artifacts"),
    ignitionDeployments: join(root, "ignition", "deployments"),
  };
  const v1 = join(fixtures, "hardhat-deploy-v1", "deployments", "localhost");
  const rocketh = join(fixtures, "rocketh", "deployments", "localhost");
  await cp(v1, join(root, "deployments", "a"), { recursive: true });
  await writeFile(join(root, "deployments", "a", ".chainId"), "424242");
  await cp(rocketh, join(root, "deployments", "b"), { recursive: true });
  await writeFile(join(root, "deployments", "b", ".chain"), '{"chainId":"424243"}');
  await cp(v1, join(root, "deployments", "v1-chainless"), {
    recursive: true,
    filter: (path) => !path.endsWith(".chainId"),
  });
  // hardhat-deploy's deployments.save() of a contract deployed elsewhere: an address and an ABI, no metadata.
  await cp(v1, join(root, "deployments", "saved"), { recursive: true });
  await writeFile(
    join(root, "deployments", "saved", "WETH.json"),
    '{"address":"0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2","abi":[]}',
  );
  await mkdir(join(root, "deployments", "saved-only"));
  await writeFile(join(root, "deployments", "saved-only", ".chainId"), "424242");
  await writeFile(
    join(root, "deployments", "saved-only", "WETH.json"),
    '{"address":"0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2","abi":[]}',
  );
  await cp(rocketh, join(root, "deployments", "rocketh-chainless"), {
    recursive: true,
    filter: (path) => !path.endsWith(".chain"),
  });
});

afterAll(async () => {
  await rm(paths.root, { recursive: true, force: true });
});

describe("the task's deployments and ledger", () => {
  it("verifies deployments on their own chains unless one is named with its --network", () => {
    expect(onTheirOwnChains(undefined, false, true)).toBe(false);
    expect(onTheirOwnChains("chain-10", false, true)).toBe(false);
    expect(onTheirOwnChains("chain-10", false, false)).toBe(true);
    expect(onTheirOwnChains("all", false, true)).toBe(true);
    expect(onTheirOwnChains("chain-10,chain-8453", false, true)).toBe(true);
    expect(onTheirOwnChains("chain-10", true, true)).toBe(true);
  });

  it("keeps the ledger in the project, none with none, and none for the local explorer unless asked", () => {
    const root = join("/", "project");
    expect(taskLedger(root, undefined, false)).toBe(join(root, ".explorer-verify", "ledger.json"));
    expect(taskLedger(root, undefined, true)).toBeUndefined();
    expect(taskLedger(root, "none", false)).toBeUndefined();
    expect(taskLedger(root, "l.json", true)).toBe(join(root, "l.json"));
  });

  it("reads several deployments folders, each on the chain its chain file records", async () => {
    const { jobs, claims } = await taskDeployments(paths, ["deployments/a", "deployments/b"], said);
    expect(claims).toEqual([
      { id: 424242, source: "the deployments folder deployments/a" },
      { id: 424243, source: "the deployments folder deployments/b" },
    ]);
    const chains = jobs.map((job) => job.chainId);
    expect(new Set(chains)).toEqual(new Set([424242, 424243]));
    expect(chains.filter((id) => id === 424242)).toHaveLength(chains.filter((id) => id === 424243).length);
  });

  it("refuses a deployments folder without its chain file, naming the file", async () => {
    await expect(taskDeployment(paths, "deployments/v1-chainless", said)).rejects.toThrow(
      "The hardhat-deploy deployments folder deployments/v1-chainless has no chain file deployments/v1-chainless/.chainId: write its chain id there (e.g. 11155111).",
    );
    await expect(
      taskDeployments(paths, ["deployments/a", "deployments/rocketh-chainless"], said),
    ).rejects.toThrow(
      'The rocketh deployments folder deployments/rocketh-chainless has no chain file deployments/rocketh-chainless/.chain: write its chain there as {"chainId":"<id>"}.',
    );
  });

  it("says what a value that names no deployment was looked for as, and where", async () => {
    await expect(taskDeployment(paths, "deployments/c", said)).rejects.toThrow(
      "--deployment deployments/c names no deployment: there is no Ignition deployment ignition/deployments/deployments/c, and deployments/c is no hardhat-deploy or rocketh deployments folder (it has no .chainId nor .chain).",
    );
  });

  it("leaves out, and says so, a deployment saved without metadata; verifies the folder's others", async () => {
    lines.length = 0;
    const { jobs } = await taskDeployment(paths, "deployments/saved", said);
    const { jobs: all } = await taskDeployment(paths, "deployments/a", said);
    expect(jobs.map((job) => job.address)).toEqual(all.map((job) => job.address));
    expect(lines).toEqual([
      'skipped     deployment["WETH"]: The deployment WETH of deployments/saved is left out: saved without metadata (a contract deployed elsewhere, or an artifact without it); nothing says how it was compiled.',
    ]);
  });

  it("refuses a folder whose every deployment is saved without metadata: a run of none would pass", async () => {
    await expect(taskDeployment(paths, "deployments/saved-only", said)).rejects.toThrow(
      "Every deployment of deployments/saved-only is saved without metadata (WETH): nothing says how they were compiled, and nothing is left to verify.",
    );
  });
});
