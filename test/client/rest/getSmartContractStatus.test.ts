import { describe, expect, it } from "@jest/globals";
import { ExplorerCapabilities } from "../../../src/client/explorerCapabilities.js";
import {
  getSmartContractStatus,
  getSmartContractStatusIfSupported,
  supportsSmartContractStatus,
} from "../../../src/client/rest/index.js";
import { testAddress } from "../../support/addresses.js";
import { InvalidInputError, InvalidResponseError, UnknownActionError } from "../../support/internals.js";
import { type RestTestExplorer, restExplorersForEachTest } from "../../support/restData.js";
import { transportFor } from "../../support/transportFor.js";

const { start } = restExplorersForEachTest();

const contract = testAddress(0xc0de);
const zeroAddress = testAddress(0);

// Each transport remembers what it learned in its own capabilities: a test's fresh transport knows nothing yet.
function startExplorer(options: Parameters<typeof start>[0] = {}): Promise<RestTestExplorer> {
  return start(options);
}

const verifiedBody = {
  is_verified: true,
  is_fully_verified: true,
  is_partially_verified: false,
  name: "Vault",
  compiler_version: "v0.8.28+commit.7893614a",
  abi: [],
  verified_at: "2024-05-01T12:00:00.000000Z",
  optimization_enabled: true,
};

describe("GET /smart-contracts/{address_hash}", () => {
  it("reads a fully verified contract", async () => {
    const rest = await startExplorer();
    rest.data.addSmartContract(contract, verifiedBody);
    await expect(getSmartContractStatus(rest.transport, { address: contract })).resolves.toEqual({
      isVerified: true,
      isFullyVerified: true,
      isPartiallyVerified: false,
      name: "Vault",
      compilerVersion: "v0.8.28+commit.7893614a",
      constructorArguments: null,
      standIn: null,
      verifiedViaBytecodeDatabase: false,
      isVyperContract: false,
      implementations: [],
    });
    expect(rest.explorer.requests.map((r) => [r.method, r.path, r.query])).toEqual([
      ["GET", `/api/v2/smart-contracts/${contract}`, {}],
    ]);
  });

  it("reads a partially verified contract", async () => {
    const rest = await startExplorer();
    rest.data.addSmartContract(contract, {
      ...verifiedBody,
      is_fully_verified: false,
      is_partially_verified: true,
    });
    await expect(getSmartContractStatus(rest.transport, { address: contract })).resolves.toEqual({
      isVerified: true,
      isFullyVerified: false,
      isPartiallyVerified: true,
      name: "Vault",
      compilerVersion: "v0.8.28+commit.7893614a",
      constructorArguments: null,
      standIn: null,
      verifiedViaBytecodeDatabase: false,
      isVyperContract: false,
      implementations: [],
    });
  });

  it("reads an unverified contract, whose detail flags Blockscout sends as null", async () => {
    const rest = await startExplorer();
    rest.data.addSmartContract(contract, {
      is_verified: false,
      is_fully_verified: null,
      is_partially_verified: null,
      name: null,
      compiler_version: null,
    });
    await expect(getSmartContractStatus(rest.transport, { address: contract })).resolves.toEqual({
      isVerified: false,
      isFullyVerified: false,
      isPartiallyVerified: false,
      name: null,
      compilerVersion: null,
      constructorArguments: null,
      standIn: null,
      verifiedViaBytecodeDatabase: false,
      isVyperContract: false,
      implementations: [],
    });
  });

  it("names the bytecode twin whose data the explorer shows for an unverified address", async () => {
    // SmartContractView.prepare_smart_contract: for an unverified address `target_contract` is the bytecode twin,
    // so `name` and `compiler_version` are the twin's, and `verified_twin_address_hash` names it (checksummed).
    const rest = await startExplorer();
    rest.data.addSmartContract(contract, {
      verified_twin_address_hash: "0x00000000000000000000000000000000000000A1",
      is_verified: false,
      is_changed_bytecode: false,
      is_partially_verified: false,
      is_fully_verified: false,
      is_verified_via_sourcify: false,
      is_verified_via_eth_bytecode_db: null,
      is_verified_via_verifier_alliance: null,
      is_vyper_contract: false,
      proxy_type: null,
      implementations: [],
      name: "Vault",
      compiler_version: "v0.8.28+commit.7893614a",
      optimization_enabled: true,
      optimization_runs: 200,
      abi: [],
      source_code: "contract Vault {}",
      file_path: "contracts/Vault.sol",
      additional_sources: [],
      external_libraries: [],
      constructor_args: null,
      language: "solidity",
    });
    await expect(getSmartContractStatus(rest.transport, { address: contract })).resolves.toEqual({
      isVerified: false,
      isFullyVerified: false,
      isPartiallyVerified: false,
      name: "Vault",
      compilerVersion: "v0.8.28+commit.7893614a",
      constructorArguments: null,
      standIn: { kind: "bytecode-twin", address: testAddress(0xa1) },
      verifiedViaBytecodeDatabase: false,
      isVyperContract: false,
      implementations: [],
    });
  });

  it("names the implementation of an EIP-1167 clone, in the older (minimal_proxy_address_hash) and newer (proxy_type) shapes", async () => {
    // Older SmartContractView: `minimal_proxy_address_hash` (and `verified_twin_address_hash`) name the template;
    // newer releases report the clone as `proxy_type: "eip1167"` with its implementation in `implementations`.
    const older = await startExplorer();
    older.data.addSmartContract(contract, {
      verified_twin_address_hash: "0x00000000000000000000000000000000000000B2",
      minimal_proxy_address_hash: "0x00000000000000000000000000000000000000B2",
      is_verified: false,
      is_fully_verified: false,
      is_partially_verified: false,
      name: "Wallet",
      compiler_version: "v0.8.20+commit.a1b79de6",
    });
    await expect(getSmartContractStatus(older.transport, { address: contract })).resolves.toMatchObject({
      isVerified: false,
      standIn: { kind: "minimal-proxy", address: testAddress(0xb2) },
    });
    const newer = await startExplorer();
    newer.data.addSmartContract(contract, {
      verified_twin_address_hash: null,
      is_verified: false,
      proxy_type: "eip1167",
      implementations: [{ address_hash: "0x00000000000000000000000000000000000000B3", name: "Wallet" }],
      name: "Wallet",
    });
    await expect(getSmartContractStatus(newer.transport, { address: contract })).resolves.toMatchObject({
      isVerified: false,
      standIn: { kind: "minimal-proxy", address: testAddress(0xb3) },
    });
  });

  it("reads constructor_args with 0x (Blockscout 12) and without (earlier), as hex without 0x", async () => {
    const args = "00000000000000000000000000000000000000000000000000000000000000ff";
    for (const sent of [`0x${args}`, args]) {
      const rest = await startExplorer();
      rest.data.addSmartContract(contract, { ...verifiedBody, constructor_args: sent });
      await expect(getSmartContractStatus(rest.transport, { address: contract })).resolves.toMatchObject({
        isVerified: true,
        constructorArguments: args,
      });
    }
  });

  it("says when the sources came from the explorer's bytecode database rather than a submission", async () => {
    const rest = await startExplorer();
    rest.data.addSmartContract(contract, { ...verifiedBody, is_verified_via_eth_bytecode_db: true });
    await expect(getSmartContractStatus(rest.transport, { address: contract })).resolves.toMatchObject({
      isVerified: true,
      standIn: null,
      verifiedViaBytecodeDatabase: true,
    });
  });

  it("derives the missing flag when an older explorer sends only is_verified and is_partially_verified", async () => {
    const rest = await startExplorer();
    rest.data.addSmartContract(contract, { is_verified: true, is_partially_verified: false, name: "Old" });
    await expect(getSmartContractStatus(rest.transport, { address: contract })).resolves.toMatchObject({
      isVerified: true,
      isFullyVerified: true,
      isPartiallyVerified: false,
    });
  });

  it("returns null for 404 `Not found`: the address is not a contract", async () => {
    const rest = await startExplorer();
    await expect(getSmartContractStatus(rest.transport, { address: testAddress(0xe0a) })).resolves.toBeNull();
    expect(rest.explorer.requests).toHaveLength(1);
  });

  it("rejects a malformed address before sending anything", async () => {
    const rest = await startExplorer();
    await expect(getSmartContractStatus(rest.transport, { address: "c0de" })).rejects.toThrow(
      new InvalidInputError(
        "address",
        'Invalid address "c0de": expected 0x followed by 40 hexadecimal characters.',
      ),
    );
    expect(rest.explorer.requests).toEqual([]);
  });

  it("throws UnknownActionError where the explorer lacks the endpoint", async () => {
    const rest = await startExplorer();
    rest.data.smartContract = undefined;
    await expect(getSmartContractStatus(rest.transport, { address: contract })).rejects.toThrow(
      UnknownActionError,
    );
  });
});

describe("supportsSmartContractStatus", () => {
  it("probes once with the zero address and remembers that the endpoint exists", async () => {
    const rest = await startExplorer();
    const [first, concurrent] = await Promise.all([
      supportsSmartContractStatus(rest.transport),
      supportsSmartContractStatus(rest.transport),
    ]);
    expect([first, concurrent]).toEqual([true, true]);
    await expect(supportsSmartContractStatus(rest.transport)).resolves.toBe(true);
    expect(rest.explorer.requests.map((r) => r.path)).toEqual([`/api/v2/smart-contracts/${zeroAddress}`]);
  });

  it("needs no probe after a status read has shown the endpoint exists", async () => {
    const rest = await startExplorer();
    rest.data.addSmartContract(contract, verifiedBody);
    await getSmartContractStatus(rest.transport, { address: contract });
    await expect(supportsSmartContractStatus(rest.transport)).resolves.toBe(true);
    expect(rest.explorer.requests).toHaveLength(1);
  });

  it("says no, once, for 400 `Unknown API v2 action`", async () => {
    const rest = await startExplorer();
    rest.data.smartContract = undefined;
    await expect(supportsSmartContractStatus(rest.transport)).resolves.toBe(false);
    await expect(supportsSmartContractStatus(rest.transport)).resolves.toBe(false);
    expect(rest.explorer.requests).toHaveLength(1);
  });

  it("says no for an HTML 404 page", async () => {
    const rest = await startExplorer();
    rest.explorer.faults.next({ kind: "html", status: 404 });
    await expect(supportsSmartContractStatus(rest.transport)).resolves.toBe(false);
  });

  it("keeps what it learned on the transport: another transport of the same explorer probes for itself", async () => {
    const rest = await startExplorer();
    await expect(supportsSmartContractStatus(rest.transport)).resolves.toBe(true);
    const other = transportFor(rest.explorer);
    expect(other.capabilities.smartContractStatus).toBeUndefined();
    await expect(supportsSmartContractStatus(other)).resolves.toBe(true);
    expect(rest.explorer.requests).toHaveLength(2);
  });

  it("shares one probe among transports given the same capabilities", async () => {
    const capabilities = new ExplorerCapabilities();
    const rest = await startExplorer({ transport: { capabilities } });
    rest.data.smartContract = undefined;
    const other = transportFor(rest.explorer, { capabilities });
    await expect(
      Promise.all([supportsSmartContractStatus(rest.transport), supportsSmartContractStatus(other)]),
    ).resolves.toEqual([false, false]);
    expect(capabilities.smartContractStatus).toBe(false);
    expect(rest.explorer.requests).toHaveLength(1);
  });

  it("trusts injected capabilities: an explorer known to lack the endpoint is not asked", async () => {
    const capabilities = new ExplorerCapabilities();
    capabilities.smartContractStatus = false;
    const rest = await startExplorer({ transport: { capabilities } });
    await expect(getSmartContractStatusIfSupported(rest.transport, { address: contract })).resolves.toEqual({
      supported: false,
    });
    expect(rest.explorer.requests).toHaveLength(0);
  });

  it("remembers nothing when a gateway error hides the explorer, and probes again next time", async () => {
    const rest = await startExplorer({ transport: { maxRetries: 0 } });
    rest.explorer.faults.next({ kind: "html", status: 502 });
    await expect(supportsSmartContractStatus(rest.transport)).rejects.toThrow(InvalidResponseError);
    await expect(supportsSmartContractStatus(rest.transport)).resolves.toBe(true);
    expect(rest.explorer.requests).toHaveLength(2);
  });
});

describe("getSmartContractStatusIfSupported", () => {
  it("lets the first read be the probe: concurrent reads wait for it, and no zero-address request is sent", async () => {
    const rest = await startExplorer();
    rest.data.addSmartContract(contract, verifiedBody);
    const other = testAddress(0xbeef);
    const [first, second] = await Promise.all([
      getSmartContractStatusIfSupported(rest.transport, { address: contract }),
      getSmartContractStatusIfSupported(rest.transport, { address: other }),
    ]);
    expect(first).toMatchObject({ supported: true, status: { isVerified: true, name: "Vault" } });
    expect(second).toEqual({ supported: true, status: null, routeConfirmed: true });
    expect(rest.explorer.requests.map((r) => r.path)).toEqual([
      `/api/v2/smart-contracts/${contract}`,
      `/api/v2/smart-contracts/${other}`,
    ]);
  });

  it("answers `supported: false` for an explorer without the endpoint, and asks it only once", async () => {
    const rest = await startExplorer();
    rest.data.smartContract = undefined;
    const answers = await Promise.all(
      [1, 2, 3].map((n) => getSmartContractStatusIfSupported(rest.transport, { address: testAddress(n) })),
    );
    expect(answers).toEqual([{ supported: false }, { supported: false }, { supported: false }]);
    expect(rest.explorer.requests).toHaveLength(1);
  });

  it("passes a gateway error to the caller whose read was the probe, and probes again next time", async () => {
    const rest = await startExplorer({ transport: { maxRetries: 0 } });
    rest.explorer.faults.next({ kind: "html", status: 502 });
    await expect(getSmartContractStatusIfSupported(rest.transport, { address: contract })).rejects.toThrow(
      InvalidResponseError,
    );
    await expect(getSmartContractStatusIfSupported(rest.transport, { address: contract })).resolves.toEqual({
      supported: true,
      status: null,
      routeConfirmed: false,
    });
  });
});
