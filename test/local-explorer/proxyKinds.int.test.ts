import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { request } from "undici";
import { getAddress } from "viem";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { VerificationJob } from "../../src/verify/job.js";
import type { FixtureBuild } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { deployProxySystems, type ProxySystems, proxyFixtureBuild } from "../support/proxyFixture.js";

// The local explorer resolves each kind of proxy from the chain as Blockscout does: getsourcecode's IsProxy and
// ImplementationAddress(es), REST's proxy_type and implementations, and a proxy check through verifyproxycontract.
let chain: HardhatChain;
let explorer: LocalExplorer;
let build: FixtureBuild;
let systems: ProxySystems;

const oz = (path: string) => `@openzeppelin/contracts/proxy/${path}`;

function job(address: string, file: string, name: string): VerificationJob {
  const compiled = build.output.contracts?.[file]?.[name];
  return {
    address,
    source: {
      format: "standard-json",
      input: build.input,
      compilerVersion: build.compilerVersion,
      contractName: `${file}:${name}`,
      metadata: compiled?.metadata ?? "",
    },
    // Read from the explorer's creation data, after the compiled creation code.
    constructorArguments: { recoverFrom: { creationBytecode: `0x${compiled?.evm?.bytecode?.object ?? ""}` } },
  };
}

async function rpc(query: Record<string, string>): Promise<unknown> {
  const response = await request(
    `${explorer.url}/api?${new URLSearchParams({ module: "contract", ...query })}`,
  );
  return response.body.json();
}

async function rest(address: string): Promise<unknown> {
  return (await request(`${explorer.url}/api/v2/smart-contracts/${address}`)).body.json();
}

const lower = (address: string) => address.toLowerCase();
// REST items carry checksummed addresses (blockscout-api.md §15); the RPC module lower-case ones.
const checksummed = (address: string) => getAddress(address);

beforeAll(async () => {
  chain = await startHardhatChain();
  build = await proxyFixtureBuild();
  systems = await deployProxySystems(chain.rpcUrl, build);
  explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile: false });
  const results = await verifyBatch(
    [
      job(systems.beaconProxy, oz("beacon/BeaconProxy.sol"), "BeaconProxy"),
      job(systems.beacon, oz("beacon/UpgradeableBeacon.sol"), "UpgradeableBeacon"),
      job(systems.beaconImplementation, "contracts/BeaconBox.sol", "BeaconBox"),
      job(systems.diamond, "contracts/diamond/Diamond.sol", "Diamond"),
      job(systems.loupeFacet, "contracts/diamond/DiamondLoupeFacet.sol", "DiamondLoupeFacet"),
      job(systems.walletImplementation, "contracts/clones/Wallet.sol", "Wallet"),
    ],
    { explorerUrl: explorer.url, timeoutMs: 120_000 },
  );
  expect(results.map((result) => result.status)).toEqual(Array(6).fill("verified"));
}, 300_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

describe("the local explorer resolves proxies as Blockscout does", () => {
  it("getsourcecode of a verified beacon proxy names the implementation behind its beacon", async () => {
    const answer = await rpc({ action: "getsourcecode", address: systems.beaconProxy });
    expect(answer).toMatchObject({
      status: "1",
      result: [
        {
          ContractName: "BeaconProxy",
          IsProxy: "true",
          ImplementationAddress: lower(systems.beaconImplementation),
          ImplementationAddresses: [lower(systems.beaconImplementation)],
        },
      ],
    });
    expect(await rest(systems.beaconProxy)).toMatchObject({
      proxy_type: "eip1967_beacon",
      implementations: [{ address_hash: checksummed(systems.beaconImplementation), name: "BeaconBox" }],
      is_verified: true,
    });
  });

  it("getsourcecode of a verified diamond names every facet; REST names those verified", async () => {
    const facets = [systems.loupeFacet, systems.counterFacet, systems.greetingFacet].map(lower);
    expect(await rpc({ action: "getsourcecode", address: systems.diamond })).toMatchObject({
      result: [{ IsProxy: "true", ImplementationAddress: facets[0], ImplementationAddresses: facets }],
    });
    expect(await rest(systems.diamond)).toMatchObject({
      proxy_type: "eip2535",
      implementations: [
        { address_hash: checksummed(facets[0] ?? ""), name: "DiamondLoupeFacet" },
        { address_hash: checksummed(facets[1] ?? ""), name: null },
        { address_hash: checksummed(facets[2] ?? ""), name: null },
      ],
    });
  });

  it("an unverified EIP-1167 clone stands in with its implementation's sources", async () => {
    expect(await rpc({ action: "getsourcecode", address: systems.clone })).toMatchObject({
      result: [
        {
          Address: lower(systems.clone),
          ContractName: "Wallet",
          IsProxy: "true",
          ImplementationAddresses: [lower(systems.walletImplementation)],
        },
      ],
    });
    expect(await rest(systems.clone)).toMatchObject({
      proxy_type: "eip1167",
      implementations: [{ address_hash: checksummed(systems.walletImplementation), name: "Wallet" }],
      is_verified: false,
      verified_twin_address_hash: null,
      name: "Wallet",
    });
  });

  it("an unverified UUPS proxy is unverified, its kind known; a plain contract is no proxy", async () => {
    expect(await rpc({ action: "getsourcecode", address: systems.uupsProxy })).toEqual({
      status: "1",
      message: "OK",
      result: [{ Address: lower(systems.uupsProxy) }],
    });
    expect(await rest(systems.uupsProxy)).toMatchObject({
      proxy_type: "eip1967",
      implementations: [{ address_hash: checksummed(systems.uupsImplementation), name: null }],
    });
    expect(await rest(systems.uupsProxy)).not.toHaveProperty("is_verified");
    expect(await rest(systems.beaconImplementation)).toMatchObject({ proxy_type: null, implementations: [] });
    expect(await rpc({ action: "getsourcecode", address: systems.beaconImplementation })).toMatchObject({
      result: [{ ContractName: "BeaconBox", IsProxy: "false" }],
    });
  });

  it("verifyproxycontract checks a diamond: several implementations in Blockscout's words", async () => {
    const guid = await rpc({ action: "verifyproxycontract", address: systems.diamond });
    expect(guid).toMatchObject({ status: "1", result: expect.stringMatching(/^[0-9a-f]{41,}$/) });
    let check: unknown;
    for (let poll = 0; poll < 50; poll++) {
      check = await rpc({ action: "checkproxyverification", guid: (guid as { result: string }).result });
      if (!JSON.stringify(check).includes("Verification in progress")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(check).toEqual({
      status: "1",
      message: "OK",
      result: expect.stringMatching(
        new RegExp(
          `^The proxy's \\(${lower(systems.diamond)}\\) implementation contracts are found at \\[%Explorer\\.Chain\\.Hash\\{byte_count: 20, bytes: <<[0-9, ]+>>\\}(, %Explorer\\.Chain\\.Hash\\{byte_count: 20, bytes: <<[0-9, ]+>>\\}){2}\\] and they've been successfully updated\\.$`,
        ),
      ),
    });
  });

  it("verifyproxycontract refuses an unverified proxy, as Blockscout does", async () => {
    expect(await rpc({ action: "verifyproxycontract", address: systems.uupsProxy })).toEqual({
      status: "0",
      message: "Smart-contract not found or is not verified",
      result: null,
    });
  });

  it("verifyBatch with a proxy system linked keeps each job's records: the link after its proxy, none lost", async () => {
    const results = await verifyBatch(
      [
        job(systems.beaconProxy, oz("beacon/BeaconProxy.sol"), "BeaconProxy"),
        job(systems.beacon, oz("beacon/UpgradeableBeacon.sol"), "UpgradeableBeacon"),
        job(systems.beaconImplementation, "contracts/BeaconBox.sol", "BeaconBox"),
        job(systems.walletImplementation, "contracts/clones/Wallet.sol", "Wallet"),
      ],
      {
        explorerUrl: explorer.url,
        timeoutMs: 120_000,
        proxies: [
          {
            address: systems.beaconProxy,
            proxy: {
              kind: "beacon",
              implementations: [lower(systems.beaconImplementation)],
              beacon: lower(systems.beacon),
            },
          },
        ],
      },
    );
    expect(results.map((result) => [lower(result.address), result.format === "proxy"])).toEqual([
      [lower(systems.beaconProxy), false],
      [lower(systems.beaconProxy), true],
      [lower(systems.beacon), false],
      [lower(systems.beaconImplementation), false],
      [lower(systems.walletImplementation), false],
    ]);
  }, 120_000);
});
