import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import type { VerificationResult } from "../../src/verify/job.js";
import { runAction } from "../support/actionRunner.js";
import {
  type CliProject,
  explorerVerify,
  prepareCliProject,
  removeCliProject,
} from "../support/cliPackage.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import {
  deployProxySystems,
  type ProxySystems,
  proxyFixtureBuild,
  writeProxyBuildInfo,
} from "../support/proxyFixture.js";

// Two doors as a user runs them, each on a local explorer of its own: the Action bundled fresh from the sources with
// a manifest listing a beacon proxy, a diamond and a clone, and the packed CLI with --proxy on a transparent proxy.
// (The task's door: test/plugin/plugin.e2e.test.ts and verifyTask.e2e.test.ts, --proxy and include-proxies.)
let chain: HardhatChain;
let systems: ProxySystems;
let bundleDir: string;
let workspace: string;
let project: CliProject;
let actionExplorer: LocalExplorer;
let cliExplorer: LocalExplorer;

beforeAll(async () => {
  [chain, bundleDir, project] = await Promise.all([
    startHardhatChain(),
    buildFreshBundle(),
    prepareCliProject(),
  ]);
  const build = await proxyFixtureBuild();
  systems = await deployProxySystems(chain.rpcUrl, build);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-proxy-doors-"));
  await writeProxyBuildInfo(build, join(workspace, "artifacts"));
  await writeProxyBuildInfo(build, join(project.dir, "proxy-artifacts"));
  await writeFile(
    join(workspace, "proxies.json"),
    JSON.stringify({
      contracts: [systems.beaconProxy, systems.diamond, systems.clone].map((address) => ({
        address,
        proxy: true,
      })),
    }),
  );
  [actionExplorer, cliExplorer] = await Promise.all([
    startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false }),
    startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false }),
  ]);
}, 600_000);

afterAll(async () => {
  await Promise.all([actionExplorer?.close(), cliExplorer?.close()]);
  await chain?.stop();
  await removeCliProject(project);
  if (workspace) await rm(workspace, { recursive: true, force: true });
  if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
});

const lower = (address: string) => address.toLowerCase();

// Each record as "address contract-name status", links as "address link status".
function rows(records: readonly VerificationResult[]): string[] {
  return records.map(
    (record) =>
      `${lower(record.address)} ${record.format === "proxy" ? "link" : record.contract.split(":").pop()} ${record.status}`,
  );
}

describe("each door verifies a proxy's system and links it", () => {
  it("the Action: a manifest listing only proxies (beacon, diamond, clone)", async () => {
    const run = await runAction(
      {
        "explorer-url": actionExplorer.url,
        contracts: "proxies.json",
        artifacts: "artifacts",
        "rpc-url": chain.rpcUrl,
        "timeout-seconds": "120",
      },
      workspace,
      {},
      join(bundleDir, "index.js"),
    );
    expect(run.code).toBe(0);
    const records = JSON.parse(run.outputs.results ?? "[]") as VerificationResult[];
    expect(rows(records).sort()).toEqual(
      [
        `${lower(systems.beaconProxy)} BeaconProxy verified`,
        `${lower(systems.beaconImplementation)} BeaconBox verified`,
        `${lower(systems.beacon)} UpgradeableBeacon verified`,
        `${lower(systems.diamond)} Diamond verified`,
        `${lower(systems.loupeFacet)} DiamondLoupeFacet verified`,
        `${lower(systems.counterFacet)} CounterFacet verified`,
        `${lower(systems.greetingFacet)} GreetingFacet verified`,
        `${lower(systems.walletImplementation)} Wallet verified`,
        `${lower(systems.beaconProxy)} link verified`,
        `${lower(systems.diamond)} link verified`,
        `${lower(systems.clone)} link already-verified`,
      ].sort(),
    );
    const beaconProxy = records.find((record) => lower(record.address) === lower(systems.beaconProxy));
    expect(beaconProxy?.proxy).toEqual({
      kind: "beacon",
      implementations: [lower(systems.beaconImplementation)],
      beacon: lower(systems.beacon),
    });
    // Linked by this run, as the user reads it: the explorer showed each link once this run verified its parts.
    for (const proxy of [systems.beaconProxy, systems.diamond]) {
      expect(run.stdout).toMatch(new RegExp(`^linked +proxy of .+ at ${proxy}$`, "im"));
      expect(run.summary).toMatch(new RegExp(`${proxy}</a></td><td>✅ linked</td>`, "i"));
    }
    expect(run.stdout).not.toMatch(/^already verified +proxy of/m);
    expect(run.stdout).toContain(
      `Proxy ${systems.beaconProxy} points at implementation ${lower(systems.beaconImplementation)} through beacon ${lower(systems.beacon)} (beacon proxy)`,
    );
  }, 600_000);

  it("the CLI: --proxy on a transparent proxy verifies it, its implementation and its ProxyAdmin", async () => {
    const outcome = await explorerVerify(project, [
      "verify",
      systems.transparentProxy,
      "--proxy",
      "--artifacts",
      "proxy-artifacts",
      "--rpc-url",
      chain.rpcUrl,
      "--explorer-url",
      cliExplorer.url,
      "--json",
    ]);
    expect(outcome.code).toBe(0);
    const { results } = JSON.parse(outcome.stdout) as { results: VerificationResult[] };
    expect(rows(results)).toEqual([
      `${lower(systems.transparentProxy)} TransparentUpgradeableProxy verified`,
      `${lower(systems.transparentProxy)} link verified`,
      `${lower(systems.transparentImplementation)} Store verified`,
      `${lower(systems.proxyAdmin)} ProxyAdmin verified`,
    ]);
    expect(outcome.stderr + outcome.stdout).toMatch(
      new RegExp(`^linked +proxy of .+ at ${systems.transparentProxy}$`, "im"),
    );
    expect(results[0]?.proxy).toEqual({
      kind: "eip1967",
      implementations: [lower(systems.transparentImplementation)],
      admin: lower(systems.proxyAdmin),
    });
    expect(results.find((record) => record.contract.endsWith(":ProxyAdmin"))?.partOf).toEqual({
      proxy: systems.transparentProxy,
      role: "admin",
    });
  }, 600_000);
});
