import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createPublicClient, createWalletClient, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { addressIn, resolveProxy } from "../../src/chain/proxyKinds.js";
import { deployerPrivateKey, type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";
import { deployProxySystems, type ProxySystems, proxyFixtureBuild } from "../support/proxyFixture.js";

// Every kind read from a real chain: OpenZeppelin 5's proxies, a diamond, a clone, and a published Safe proxy code.
let chain: HardhatChain;
let rpc: JsonRpcChain;
let systems: ProxySystems;
let safeProxy: Hex;
let safeSingleton: Hex;

// Safe v1.3.0's proxy runtime code, as Safe's factory deploys it.
const safeProxyRuntime =
  "608060405273ffffffffffffffffffffffffffffffffffffffff600054167fa619486e0000000000000000000000000000000000000000000000000000000060003514156050578060005260206000f35b3660008037600080366000845af43d6000803e60008114156070573d6000fd5b3d6000f3fea2646970667358221220d1429297349653a4918076d650332de1a1068c5f3e07c5c82360c277770b955264736f6c63430007060033";

// Creation code that stores the singleton in slot 0 and returns the runtime code after it.
function safeProxyCreation(singleton: string): Hex {
  const length = (safeProxyRuntime.length / 2).toString(16).padStart(4, "0");
  // PUSH20 singleton, SSTORE at 0; then CODECOPY the runtime (at byte 0x25) and RETURN it.
  const head = `73${singleton.slice(2)}60005561${length}806100256000396000f3`;
  return `0x${head}${safeProxyRuntime}`;
}

beforeAll(async () => {
  chain = await startHardhatChain();
  rpc = new JsonRpcChain(chain.rpcUrl);
  systems = await deployProxySystems(chain.rpcUrl, await proxyFixtureBuild());
  const transport = http(chain.rpcUrl);
  const wallet = createWalletClient({
    account: privateKeyToAccount(deployerPrivateKey),
    chain: hardhat,
    transport,
  });
  const reader = createPublicClient({ chain: hardhat, transport });
  safeSingleton = systems.walletImplementation;
  const hash = await wallet.sendTransaction({ data: safeProxyCreation(safeSingleton) });
  const receipt = await reader.waitForTransactionReceipt({ hash });
  safeProxy = receipt.contractAddress as Hex;
}, 240_000);

afterAll(async () => {
  await chain?.stop();
});

const lower = (address: string) => address.toLowerCase();

describe("resolveProxy on a real chain", () => {
  it("reads a beacon proxy's beacon, then the beacon's implementation()", async () => {
    expect(await resolveProxy(rpc, systems.beaconProxy)).toEqual({
      kind: "beacon",
      implementations: [lower(systems.beaconImplementation)],
      beacon: lower(systems.beacon),
      blockscoutType: "eip1967_beacon",
    });
  });

  it("reads a UUPS implementation behind ERC1967Proxy as eip1967", async () => {
    expect(await resolveProxy(rpc, systems.uupsProxy)).toEqual({
      kind: "eip1967",
      implementations: [lower(systems.uupsImplementation)],
      blockscoutType: "eip1967",
    });
  });

  it("reads a transparent proxy as eip1967, with the ProxyAdmin it created", async () => {
    expect(await resolveProxy(rpc, systems.transparentProxy)).toEqual({
      kind: "eip1967",
      implementations: [lower(systems.transparentImplementation)],
      admin: lower(systems.proxyAdmin),
      blockscoutType: "eip1967",
    });
  });

  it("reads every facet of a diamond through facetAddresses(), the loupe's own included", async () => {
    expect(await resolveProxy(rpc, systems.diamond)).toEqual({
      kind: "diamond",
      implementations: [systems.loupeFacet, systems.counterFacet, systems.greetingFacet].map(lower),
      blockscoutType: "eip2535",
    });
  });

  it("reads an EIP-1167 clone from its code", async () => {
    expect(await resolveProxy(rpc, systems.clone)).toEqual({
      kind: "minimal",
      implementations: [lower(systems.walletImplementation)],
      blockscoutType: "eip1167",
    });
  });

  it("reads a published Safe proxy's singleton from slot 0", async () => {
    expect(await resolveProxy(rpc, safeProxy)).toEqual({
      kind: "master_copy",
      implementations: [lower(safeSingleton)],
      blockscoutType: "master_copy",
    });
  });

  it("finds no proxy in an implementation, a beacon, a facet, a factory or an account", async () => {
    for (const address of [
      systems.beaconImplementation,
      systems.counterFacet,
      systems.walletFactory,
      systems.proxyAdmin,
      "0x00000000000000000000000000000000000000aa",
    ]) {
      expect(await resolveProxy(rpc, address)).toBeUndefined();
    }
    // An UpgradeableBeacon has implementation(), but Blockscout's kinds here do not ask a contract for it.
    expect(await resolveProxy(rpc, systems.beacon)).toBeUndefined();
  });

  it("reads an address from a word as Blockscout does: its last 20 bytes, zero and empty being none", () => {
    expect(addressIn(`0x${"0".repeat(24)}${"ab".repeat(20)}`)).toBe(`0x${"ab".repeat(20)}`);
    expect(addressIn("0x")).toBeUndefined();
    expect(addressIn("0x0")).toBeUndefined();
    expect(addressIn(`0x${"0".repeat(64)}`)).toBeUndefined();
    expect(addressIn(undefined)).toBeUndefined();
  });

  it("answers undefined for a reverted eth_call", async () => {
    // BeaconBox has no function 0x52ef6b2c and no fallback: the call reverts.
    expect(await rpc.call(systems.beaconImplementation, "0x52ef6b2c")).toBeUndefined();
    expect(await rpc.call(systems.beacon, "0x5c60da1b")).toBe(
      `0x${"0".repeat(24)}${lower(systems.beaconImplementation).slice(2)}`,
    );
  });
});
