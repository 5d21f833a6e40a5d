import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { BadManifestEntry } from "../../src/inputs/manifest.js";
import { readsDeadline } from "../../src/kernel/readsDeadline.js";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { jobsFromInputs, proxySources } from "../../src/run/jobs/inputJobs.js";
import type { ProxyAddress } from "../../src/run/jobs/proxyJobs.js";
import { RunReporter } from "../../src/run/report/runReporter.js";
import { runVerify } from "../../src/run/runners/runVerify.js";
import type { RunTargets } from "../../src/run/targets/targets.js";
import type { VerificationResult } from "../../src/verify/job.js";
import {
  type EtherscanEmulator,
  startEtherscanEmulator,
  startRoutescanEmulator,
} from "../support/etherscanEmulator.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import {
  deployProxySystems,
  type ProxySystems,
  proxyFixtureBuild,
  writeProxyBuildInfo,
} from "../support/proxyFixture.js";
import { type SourcifyEmulator, startSourcifyEmulator } from "../support/sourcifyEmulator.js";
import { runTargetsAt } from "../support/verifiers.js";

// The acceptance: a manifest listing only the proxies of five upgradeable systems (a beacon proxy, a UUPS
// proxy, a transparent proxy with its ProxyAdmin, a diamond with a loupe and two business facets, an EIP-1167 clone),
// on a real local chain, verifies every part and links each proxy; on the local explorer and on the Etherscan
// stand-in (with the right expectedimplementation per proxy); a rerun sends nothing.
const etherscanKey = "ETHERSCAN-KEY-0123456789";
let chain: HardhatChain;
let systems: ProxySystems;
let workspace: string;
let explorer: LocalExplorer;
let etherscan: EtherscanEmulator;
let sourcify: SourcifyEmulator;
let routescan: EtherscanEmulator;

beforeAll(async () => {
  chain = await startHardhatChain();
  const build = await proxyFixtureBuild();
  systems = await deployProxySystems(chain.rpcUrl, build);
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-proxies-"));
  await writeProxyBuildInfo(build, join(workspace, "artifacts"));
  const proxies = [
    systems.beaconProxy,
    systems.uupsProxy,
    systems.transparentProxy,
    systems.diamond,
    systems.clone,
  ];
  await writeFile(
    join(workspace, "contracts.json"),
    JSON.stringify({ contracts: proxies.map((address) => ({ address, proxy: true })) }),
  );
  [explorer, etherscan, sourcify, routescan] = await Promise.all([
    startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false }),
    startEtherscanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: [etherscanKey] }),
    startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 }),
    startRoutescanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: [], testnets: [31337] }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([explorer?.close(), etherscan?.close(), sourcify?.close(), routescan?.close()]);
  await chain?.stop();
  if (workspace) await rm(workspace, { recursive: true, force: true });
});

function etherscanTargets(at: EtherscanEmulator = etherscan): RunTargets {
  return {
    targets: [
      {
        service: "etherscan",
        chainId: 31337,
        required: true,
        apiUrl: at.apiUrl,
        apiKey: etherscanKey,
        siteUrl: "https://explorer.etherscan.test",
        shownUrl: at.apiUrl,
        reason: "the test's stand-in",
      },
    ],
    chainIds: [31337],
    localExplorers: [],
    close: async () => {},
  };
}

function linklessTargets(): RunTargets {
  const common = { chainId: 31337, required: true, reason: "the test's stand-in" };
  const routescanApi = `${routescan.apiUrl}/v2/network/testnet/evm/31337/etherscan/api`;
  return {
    targets: [
      {
        ...common,
        service: "sourcify",
        apiUrl: sourcify.apiUrl,
        siteUrl: "https://repo.sourcify.test",
        shownUrl: sourcify.apiUrl,
      },
      {
        ...common,
        service: "routescan",
        apiUrl: routescanApi,
        apiKey: undefined,
        siteUrl: "https://testnet.routescan.test",
        shownUrl: routescanApi,
      },
    ],
    chainIds: [31337],
    localExplorers: [],
    close: async () => {},
  };
}

// The Action's and the CLI's way through the hall: the manifest read, the proxies' sources, one run.
async function verifyProxies(
  targets: RunTargets,
  ledger: string,
  manifest = "contracts.json",
  includeProxies = false,
  wait = true,
): Promise<{ records: VerificationResult[]; lines: string[] }> {
  const inputs = { contracts: manifest, artifacts: "artifacts", rpcUrl: chain.rpcUrl };
  const badEntries: BadManifestEntry[] = [];
  const named: ProxyAddress[] = [];
  const jobs = await jobsFromInputs(
    inputs,
    workspace,
    (entry) => badEntries.push(entry),
    undefined,
    (proxy) => named.push(proxy),
  );
  const lines: string[] = [];
  const records = await runVerify({
    jobs,
    badEntries,
    targets,
    settings: { concurrency: 4, timeoutSeconds: 120, force: false, wait, preflight: false },
    reads: readsDeadline(120),
    rpc: { rpcUrl: chain.rpcUrl, compilers: [] },
    ledger: { path: join(workspace, ledger), recheck: false },
    proxies: proxySources(inputs, workspace, { addresses: named, includeProxies }),
    reporter: new RunReporter({ json: false, table: false, writeLine: (line) => lines.push(line) }),
  });
  return { records: [...records], lines };
}

const lower = (address: string) => address.toLowerCase();

function contractsVerified(records: readonly VerificationResult[]): Record<string, string> {
  return Object.fromEntries(
    records
      .filter((record) => record.format !== "proxy")
      .map((record) => [lower(record.address), `${record.contract.split(":").pop()} ${record.status}`]),
  );
}

function links(records: readonly VerificationResult[]): Record<string, string> {
  return Object.fromEntries(
    records
      .filter((record) => record.format === "proxy")
      .map((record) => [lower(record.address), record.status]),
  );
}

function everyPart(status: string): Record<string, string> {
  return {
    [lower(systems.beaconProxy)]: `BeaconProxy ${status}`,
    [lower(systems.beacon)]: `UpgradeableBeacon ${status}`,
    [lower(systems.beaconImplementation)]: `BeaconBox ${status}`,
    [lower(systems.uupsProxy)]: `ERC1967Proxy ${status}`,
    [lower(systems.uupsImplementation)]: `CounterV1 ${status}`,
    [lower(systems.transparentProxy)]: `TransparentUpgradeableProxy ${status}`,
    [lower(systems.transparentImplementation)]: `Store ${status}`,
    [lower(systems.proxyAdmin)]: `ProxyAdmin ${status}`,
    [lower(systems.diamond)]: `Diamond ${status}`,
    [lower(systems.loupeFacet)]: `DiamondLoupeFacet ${status}`,
    [lower(systems.counterFacet)]: `CounterFacet ${status}`,
    [lower(systems.greetingFacet)]: `GreetingFacet ${status}`,
    [lower(systems.walletImplementation)]: `Wallet ${status}`,
  };
}

// A request's field, from its query or its form.
const param = (request: ReceivedRequest, name: string) =>
  String(request.query[name] ?? request.body[name] ?? "");

const submissions = (records: readonly VerificationResult[]) =>
  records.reduce((sum, record) => sum + record.attempts, 0);

describe("a manifest listing only the proxies verifies their whole systems", () => {
  it("on the local explorer: every implementation, beacon, facet, admin and proxy, each proxy linked", async () => {
    const first = await verifyProxies(runTargetsAt(explorer.url), "local-ledger.json");
    expect(contractsVerified(first.records)).toEqual(everyPart("verified"));
    expect(links(first.records)).toEqual({
      [lower(systems.beaconProxy)]: expect.stringMatching(/^(verified|already-verified)$/),
      [lower(systems.uupsProxy)]: expect.stringMatching(/^(verified|already-verified)$/),
      [lower(systems.transparentProxy)]: expect.stringMatching(/^(verified|already-verified)$/),
      [lower(systems.diamond)]: expect.stringMatching(/^(verified|already-verified)$/),
      [lower(systems.clone)]: "already-verified",
    });
    const beaconRecord = first.records.find(
      (record) => lower(record.address) === lower(systems.beaconProxy) && record.format !== "proxy",
    );
    expect(beaconRecord?.proxy).toEqual({
      kind: "beacon",
      implementations: [lower(systems.beaconImplementation)],
      beacon: lower(systems.beacon),
    });
    const diamondRecord = first.records.find(
      (record) => lower(record.address) === lower(systems.diamond) && record.format !== "proxy",
    );
    expect(diamondRecord?.proxy?.kind).toBe("diamond");
    expect([...(diamondRecord?.proxy?.implementations ?? [])].sort()).toEqual(
      [systems.loupeFacet, systems.counterFacet, systems.greetingFacet].map(lower).sort(),
    );
    const facet = first.records.find((record) => lower(record.address) === lower(systems.counterFacet));
    expect(facet?.partOf).toEqual({ proxy: systems.diamond, role: "facet" });

    const rerun = await verifyProxies(runTargetsAt(explorer.url), "local-ledger.json");
    expect(contractsVerified(rerun.records)).toEqual(everyPart("already-verified"));
    expect(submissions(rerun.records)).toBe(0);
  }, 600_000);

  it("on Etherscan: each link sent with the implementation the chain shows; a diamond said to be unlinkable", async () => {
    const first = await verifyProxies(etherscanTargets(), "etherscan-ledger.json");
    expect(contractsVerified(first.records)).toEqual(everyPart("verified"));
    expect(links(first.records)).toEqual({
      [lower(systems.beaconProxy)]: "verified",
      [lower(systems.uupsProxy)]: "verified",
      [lower(systems.transparentProxy)]: "verified",
      [lower(systems.clone)]: "already-verified",
    });
    const sent = etherscan
      .requestsFor("verifyproxycontract")
      .map((request) => [lower(param(request, "address")), param(request, "expectedimplementation")]);
    expect(Object.fromEntries(sent)).toEqual({
      [lower(systems.beaconProxy)]: lower(systems.beaconImplementation),
      [lower(systems.uupsProxy)]: lower(systems.uupsImplementation),
      [lower(systems.transparentProxy)]: lower(systems.transparentImplementation),
    });
    const diamondRecord = first.records.find((record) => lower(record.address) === lower(systems.diamond));
    expect(diamondRecord?.message).toBe(
      "Etherscan links one implementation per proxy, and not an EIP-2535 diamond: its parts are verified each as a contract, not linked.",
    );

    const before = etherscan.requests.length;
    const rerun = await verifyProxies(etherscanTargets(), "etherscan-ledger.json");
    expect(contractsVerified(rerun.records)).toEqual(everyPart("already-verified"));
    expect(submissions(rerun.records)).toBe(0);
    const resent = etherscan.requests
      .slice(before)
      .filter((request) => ["verifysourcecode", "verifyproxycontract"].includes(param(request, "action")));
    expect(resent).toEqual([]);
  }, 600_000);

  it("without waiting: no proxy is linked while its implementation's verdict is pending, and the link says so", async () => {
    const fresh = await startEtherscanEmulator({
      rpcUrl: chain.rpcUrl,
      chainIds: [31337],
      apiKeys: [etherscanKey],
    });
    try {
      const { records } = await verifyProxies(
        etherscanTargets(fresh),
        "unawaited-ledger.json",
        "contracts.json",
        false,
        false,
      );
      const beacon = records.find(
        (r) => r.format === "proxy" && lower(r.address) === lower(systems.beaconProxy),
      );
      expect(beacon).toMatchObject({
        status: "pending",
        message: expect.stringMatching(
          /^Not linked yet: the verdict on the .* was not awaited\. Link them with another run once it is verified\.$/,
        ),
      });
      expect(fresh.requestsFor("verifyproxycontract")).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 600_000);

  it("on Sourcify and Routescan: every part verified, no link, and the run says so with what Sourcify resolves", async () => {
    const { records, lines } = await verifyProxies(linklessTargets(), "linkless-ledger.json");
    for (const service of ["sourcify", "routescan"]) {
      const own = records.filter((record) => record.target === service);
      expect(contractsVerified(own)).toEqual(everyPart("verified"));
      expect(links(own)).toEqual({});
    }
    const uups = (service: string) =>
      records.find(
        (record) => record.target === service && lower(record.address) === lower(systems.uupsProxy),
      );
    expect(uups("sourcify")?.message).toBe(
      `Sourcify has no proxy link: the EIP-1967 proxy and its parts are verified each as a contract; Sourcify resolves it to ${lower(systems.uupsImplementation)}.`,
    );
    expect(uups("routescan")?.message).toBe(
      "Routescan has no proxy link: the EIP-1967 proxy and its parts are verified each as a contract.",
    );
    expect(lines.join("\n")).toContain("Routescan has no proxy link: the EIP-2535 diamond and its parts");
    expect(routescan.requestsFor("verifyproxycontract")).toEqual([]);
  }, 600_000);

  it("with include-proxies, a contract listed plainly whose code is a proxy is taken as one", async () => {
    const plain = JSON.stringify({
      contracts: [{ address: systems.uupsProxy }, { address: systems.walletFactory }],
    });
    const { records } = await verifyProxies(runTargetsAt(explorer.url), "plain-ledger.json", plain, true);
    expect(
      records.map(
        (record) =>
          `${lower(record.address)} ${record.format === "proxy" ? "link" : record.contract.split(":").pop()}`,
      ),
    ).toEqual([
      `${lower(systems.uupsProxy)} ERC1967Proxy`,
      `${lower(systems.uupsProxy)} link`,
      `${lower(systems.uupsImplementation)} CounterV1`,
      `${lower(systems.walletFactory)} WalletFactory`,
    ]);
    expect(records[0]?.proxy).toEqual({
      kind: "eip1967",
      implementations: [lower(systems.uupsImplementation)],
    });
    expect(records[2]?.partOf).toEqual({ proxy: systems.uupsProxy, role: "implementation" });
    expect(records.every((record) => ["verified", "already-verified"].includes(record.status))).toBe(true);
  }, 300_000);

  it("a proxy whose own code two contracts of the build have: says so and asks for the contract", async () => {
    // A thin subclass of ERC1967Proxy compiles to its code: the build holds it twice.
    const build = await proxyFixtureBuild();
    const erc1967 = build.output.contracts?.["@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol"];
    const twice = {
      ...build,
      output: {
        ...build.output,
        contracts: {
          ...build.output.contracts,
          "contracts/MyProxy.sol": { MyProxy: erc1967?.ERC1967Proxy ?? {} },
        },
      },
    };
    const folder = await mkdtemp(join(tmpdir(), "explorer-verify-proxies-twice-"));
    try {
      await writeProxyBuildInfo(twice, join(folder, "artifacts"));
      const badEntries: BadManifestEntry[] = [];
      const jobs = await jobsFromInputs(
        {
          contracts: JSON.stringify({ contracts: [{ address: systems.uupsProxy, proxy: true }] }),
          artifacts: "artifacts",
          rpcUrl: chain.rpcUrl,
        },
        folder,
        (entry) => badEntries.push(entry),
        undefined,
        () => {
          throw new Error("the proxy's code is in the build: it is no proxy outside it");
        },
      );
      expect(jobs).toEqual([]);
      expect(badEntries.map((entry) => [entry.field, entry.error.shortMessage])).toEqual([
        [
          "contracts[0]",
          `More than one contract matches the code at ${systems.uupsProxy}: @openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol:ERC1967Proxy, contracts/MyProxy.sol:MyProxy. Choose one with contracts[0].contract.`,
        ],
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
