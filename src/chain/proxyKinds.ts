// How a proxy points at its code, read from the chain in Blockscout's order (blockscout-api.md §23): code patterns
// first (a match ends the search), then storage slots and getters, the first that names an address winning.
import { decodeAbiParameters } from "viem";
import type { ProxyRecord } from "../verify/job.js";

/** The reads a proxy's kind takes: a {@link import("./jsonRpcChain.js").JsonRpcChain}, or a provider behind them. */
export interface ProxyChainReader {
  /** @returns the code at the address, `0x` for none */
  getCode(address: string): Promise<string>;
  /** @returns the 32-byte word in the slot */
  getStorageAt(address: string, slot: string): Promise<string>;
  /** @returns what the call returned, or undefined when it reverted (or answered something else than hex) */
  call(to: string, data: string): Promise<string | undefined>;
}

/** A proxy as the chain shows it: its implementations without its own address, a diamond's in the loupe's order. */
export interface ProxyResolution extends ProxyRecord {
  /**
   * The `proxy_type` Blockscout gives it (`eip1167`, `eip1967_beacon`, `eip2535`, …); undefined for a clone whose
   * code Blockscout's patterns do not take (OpenZeppelin's clone with immutable arguments).
   */
  blockscoutType: string | undefined;
}

/** `bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)`: an ERC-1967 proxy's implementation. */
export const eip1967ImplementationSlot = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
/** `bytes32(uint256(keccak256("eip1967.proxy.beacon")) - 1)`: a beacon proxy's beacon. */
const eip1967BeaconSlot = "0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50";
/** `bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)`: a transparent proxy's admin. */
const eip1967AdminSlot = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";
/** `keccak256("PROXIABLE")`: EIP-1822's implementation slot. */
const eip1822ProxiableSlot = "0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7";

/** `implementation()`, asked of a beacon. */
const implementationSelector = "0x5c60da1b";
/** `facetAddresses()`, a diamond's loupe. */
const facetAddressesSelector = "0x52ef6b2c";
/** Blockscout keeps at most this many of a diamond's facets. */
const maxFacets = 100;

/** EIP-1167's runtime code: the implementation's 20 bytes between a fixed head and tail. */
export const eip1167 = /^363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/;
// 0age's shorter variant.
const moreMinimal = /^3d3d3d3d363d3d37363d73([0-9a-f]{40})5af43d3d93803e602a57fd5bf3$/;
// wighawag's clones with immutable arguments.
const cloneWithImmutableArguments =
  /^3d3d3d3d363d3d3761[0-9a-f]{4}603736393661[0-9a-f]{4}013d73([0-9a-f]{40})/;
// An EIP-1167 clone followed by its arguments (OpenZeppelin's `Clones.cloneWithImmutableArgs`).
const eip1167WithArguments = /^363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3[0-9a-f]+$/;
// The shorter variant's head anywhere in code of at most 100 bytes (Blockscout's `minimal_proxy`).
const minimalProxyHead = "3d3d3d3d363d3d37363d73";
const minimalProxyMaxBytes = 100;

// The published Safe proxies' runtime codes, v1.0.0 to v1.5.0 (their EVM builds): only these read slot 0.
const safeProxyCodes = new Set([
  "608060405273ffffffffffffffffffffffffffffffffffffffff600054163660008037600080366000845af43d6000803e6000811415603d573d6000fd5b3d6000f3fea165627a7a723058201e7d648b83cfac072cbccefc2ffc62a6999d4a050ee87a721942de1da9670db80029",
  "608060405273ffffffffffffffffffffffffffffffffffffffff600054167fa619486e0000000000000000000000000000000000000000000000000000000060003514156050578060005260206000f35b3660008037600080366000845af43d6000803e60008114156070573d6000fd5b3d6000f3fea265627a7a72315820d8a00dc4fe6bf675a9d7416fc2d00bb3433362aa8186b750f76c4027269667ff64736f6c634300050e0032",
  "608060405273ffffffffffffffffffffffffffffffffffffffff600054167fa619486e0000000000000000000000000000000000000000000000000000000060003514156050578060005260206000f35b3660008037600080366000845af43d6000803e60008114156070573d6000fd5b3d6000f3fea2646970667358221220d1429297349653a4918076d650332de1a1068c5f3e07c5c82360c277770b955264736f6c63430007060033",
  "608060405273ffffffffffffffffffffffffffffffffffffffff600054167fa619486e0000000000000000000000000000000000000000000000000000000060003514156050578060005260206000f35b3660008037600080366000845af43d6000803e60008114156070573d6000fd5b3d6000f3fea264697066735822122003d1488ee65e08fa41e58e888a9865554c535f2c77126a82cb4c0f917f31441364736f6c63430007060033",
  "608060405260005463a619486e60003560e01c14156024578060601b606c5260206060f35b3660008037600080366000845af43d6000803e806040573d6000fd5b3d6000f3fea2646970667358221220e61834ebd2d8cd909d362bf67c47ef58fd665df38e6dd036ce65611101d072e964736f6c63430007060033",
]);

/**
 * Reads what kind of proxy an address is, in Blockscout's order: the code patterns (EIP-1167 and its shorter variant,
 * a published Safe proxy's code then slot 0, clones with immutable arguments, a minimal proxy's head in short code),
 * then EIP-1967's implementation slot, EIP-1822's `PROXIABLE` slot, EIP-1967's beacon slot then the beacon's
 * `implementation()`, and a diamond's `facetAddresses()`. A value is the last 20 bytes of a word; zero is none; a
 * reverted call is none; the proxy's own address is left out.
 *
 * @param chain - the chain's reads
 * @param address - the address to read
 * @returns its kind and implementations (with a beacon proxy's beacon, and the EIP-1967 admin when it is a
 *   contract), or undefined when it is none of these
 * @throws {ChainError} when the chain cannot be read
 */
export async function resolveProxy(
  chain: ProxyChainReader,
  address: string,
): Promise<ProxyResolution | undefined> {
  const self = address.toLowerCase();
  const code = (await chain.getCode(address)).replace(/^0x/, "").toLowerCase();
  if (code === "") return undefined;
  const pattern = await byCode(chain, address, code);
  if (pattern) {
    const implementations = pattern.implementations.filter((i) => i !== self);
    return implementations.length > 0 ? { ...pattern, implementations } : undefined;
  }
  const found = await bySlots(chain, address, self);
  if (!found) return undefined;
  const admin = addressIn(await chain.getStorageAt(address, eip1967AdminSlot));
  const adminIsContract = admin !== undefined && (await chain.getCode(admin)).replace(/^0x/, "") !== "";
  return adminIsContract ? { ...found, admin } : found;
}

async function byCode(
  chain: ProxyChainReader,
  address: string,
  code: string,
): Promise<ProxyResolution | undefined> {
  const clone = eip1167.exec(code) ?? moreMinimal.exec(code);
  if (clone?.[1]) return minimal([`0x${clone[1]}`], "eip1167");
  if (safeProxyCodes.has(code)) {
    const singleton = addressIn(await chain.getStorageAt(address, "0x0"));
    return {
      kind: "master_copy",
      implementations: singleton ? [singleton] : [],
      blockscoutType: "master_copy",
    };
  }
  const withArguments = cloneWithImmutableArguments.exec(code);
  if (withArguments?.[1]) return minimal([`0x${withArguments[1]}`], "clone_with_immutable_arguments");
  const head = code.indexOf(minimalProxyHead);
  if (
    code.length <= minimalProxyMaxBytes * 2 &&
    head >= 0 &&
    code.length >= head + minimalProxyHead.length + 40
  ) {
    const start = head + minimalProxyHead.length;
    return minimal([`0x${code.slice(start, start + 40)}`], "minimal_proxy");
  }
  const openZeppelinArguments = eip1167WithArguments.exec(code);
  if (openZeppelinArguments?.[1]) return minimal([`0x${openZeppelinArguments[1]}`], undefined);
  return undefined;
}

function minimal(implementations: string[], blockscoutType: string | undefined): ProxyResolution {
  return { kind: "minimal", implementations, blockscoutType };
}

async function bySlots(
  chain: ProxyChainReader,
  address: string,
  self: string,
): Promise<ProxyResolution | undefined> {
  const implementation = addressIn(await chain.getStorageAt(address, eip1967ImplementationSlot));
  if (implementation && implementation !== self)
    return { kind: "eip1967", implementations: [implementation], blockscoutType: "eip1967" };
  const proxiable = addressIn(await chain.getStorageAt(address, eip1822ProxiableSlot));
  if (proxiable && proxiable !== self)
    return { kind: "eip1822", implementations: [proxiable], blockscoutType: "eip1822" };
  const beacon = addressIn(await chain.getStorageAt(address, eip1967BeaconSlot));
  if (beacon) {
    const behind = addressIn(await chain.call(beacon, implementationSelector));
    if (behind && behind !== self)
      return { kind: "beacon", implementations: [behind], beacon, blockscoutType: "eip1967_beacon" };
  }
  const facets = facetsIn(await chain.call(address, facetAddressesSelector)).filter(
    (facet) => facet !== self,
  );
  if (facets.length > 0) return { kind: "diamond", implementations: facets, blockscoutType: "eip2535" };
  return undefined;
}

/**
 * The address in a 32-byte word (its last 20 bytes), as Blockscout reads one.
 * @param word - `0x` hex, as `eth_getStorageAt` or `eth_call` answers
 * @returns the address, lower case, or undefined for none (empty, zero, or not a word)
 */
export function addressIn(word: string | undefined): string | undefined {
  const hex = (word ?? "").replace(/^0x/, "").toLowerCase();
  if (hex === "" || !/^[0-9a-f]+$/.test(hex) || hex.length > 64) return undefined;
  const address = hex.padStart(64, "0").slice(24);
  return /^0{40}$/.test(address) ? undefined : `0x${address}`;
}

// `facetAddresses()` decoded as `address[]`: zeros dropped, each once, at most 100; an answer that is not an array
// of addresses is none.
function facetsIn(answer: string | undefined): string[] {
  if (!answer || answer === "0x") return [];
  try {
    const [addresses] = decodeAbiParameters([{ type: "address[]" }], answer as `0x${string}`);
    const facets = addresses.map((facet) => facet.toLowerCase()).filter((facet) => !/^0x0{40}$/.test(facet));
    return [...new Set(facets.slice(0, maxFacets))];
  } catch {
    return [];
  }
}
