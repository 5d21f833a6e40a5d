import { describe, expect, it } from "@jest/globals";
import { cliCommand } from "../../src/cli/arguments.js";
import { cliWhere } from "../../src/cli/cliWhere.js";
import { flagsRun, jobOptions } from "../../src/cli/commandLineJobs.js";
import { targetsOfRun } from "../../src/run/commands/runWhere.js";
import { testAddress } from "../support/addresses.js";
import { runCliInProcess } from "../support/cliInProcess.js";

// What a Foundry user types first, from forge verify-contract's habits: each is read as forge means it, or refused in
// one line that names this CLI's way, before anything is sent.
const address = testAddress(1);
const place = { cwd: process.cwd(), foundry: undefined, command: "verify" };

describe("forge's ADDRESS CONTRACT order", () => {
  it("takes a first word shaped path/File.sol:Name (or .vy) as the contract, the rest as constructor arguments", () => {
    const run = (words: string[]) =>
      flagsRun({ format: "auto", proxy: false }, [address, ...words], place).jobs;
    expect(run(["src/Named.sol:Named", "7"])).toMatchObject({
      contract: "src/Named.sol:Named",
      constructorArgs: ["7"],
    });
    expect(run(["Vault.vy:Vault"])).toMatchObject({ contract: "Vault.vy:Vault", constructorArgs: [] });
    expect(run(["src/Named.sol", "a:b"])).toMatchObject({
      contract: undefined,
      constructorArgs: ["src/Named.sol", "a:b"],
    });
  });

  it("refuses it beside --contract", () => {
    expect(() =>
      flagsRun({ format: "auto", proxy: false, contract: "Named" }, [address, "src/Named.sol:Named"], place),
    ).toThrow(
      "src/Named.sol:Named after ADDRESS names the contract, as forge reads it: give it there or as --contract, not both.",
    );
  });
});

describe("forge verify-contract's flags", () => {
  let ran = false;
  const verify = cliCommand("verify", jobOptions, async () => {
    ran = true;
    return 0;
  });
  const see = "see explorer-verify verify --help.";

  it.each([
    ["--constructor-args", "0x01", "the words after ADDRESS (or --constructor-args-hex HEX)"],
    [
      "--etherscan-api-key",
      "KEY",
      "the environment's ETHERSCAN_API_KEY (EXPLORER_VERIFY_API_KEY for Blockscout)",
    ],
    ["-e", "KEY", "the environment's ETHERSCAN_API_KEY (EXPLORER_VERIFY_API_KEY for Blockscout)"],
    [
      "--verifier-url",
      "https://api.etherscan.io/v2/api?chainid=1",
      "--explorer-url URL for Blockscout, --endpoint CHAIN=SERVICE=URL for another service",
    ],
    ["--chain", "10", "--chain-id N"],
    ["-c", "10", "--chain-id N"],
    ["-r", "http://127.0.0.1:8545", "--rpc-url URL"],
    ["--optimizer-runs", "200", "what the build says"],
    ["--skip-is-verified-check", undefined, "--force"],
    ["--watch", undefined, "the default (--no-wait returns after submitting)"],
  ])("names this CLI's way for %s, and runs nothing", async (flag, value, way) => {
    ran = false;
    await expect(verify([address, flag, ...(value ? [value] : [])])).rejects.toThrow(
      `Unknown option ${flag} for verify: forge's ${flag} is ${way} here; ${see}`,
    );
    expect(ran).toBe(false);
  });

  it("says an argument that starts with a dash goes after --, which takes it", async () => {
    await expect(verify([address, "-12"])).rejects.toThrow(
      `Unknown option -12 for verify: an argument that starts with - goes after -- (verify ADDRESS -- -12); ${see}`,
    );
    await expect(verify([address, "--nope"])).rejects.toThrow(`Unknown option --nope for verify: ${see}`);
    await expect(verify([address, "--", "-12"])).resolves.toBe(0);
  });

  it("refuses a second --rpc-url (one per chain), where the last one won unsaid; repeatable flags repeat", async () => {
    ran = false;
    const rpc = (port: number) => ["--rpc-url", `http://127.0.0.1:${port}`];
    await expect(verify([address, ...rpc(8545), ...rpc(8546)])).rejects.toThrow(
      `--rpc-url is given twice, and takes one value, one chain's JSON-RPC (verify each other chain in a run of its own): ${see}`,
    );
    await expect(verify([address, "--contract=A", "--contract", "B"])).rejects.toThrow(
      `--contract is given twice, and takes one value: ${see}`,
    );
    expect(ran).toBe(false);
    await expect(
      verify([address, "--libraries", "a", "--libraries", "b", "--proxy", "--proxy"]),
    ).resolves.toBe(0);
  });
});

describe("forge's --verifier-url as --explorer-url", () => {
  const targetOf = (url: string) =>
    targetsOfRun(cliWhere({ "explorer-url": url, "chain-id": "7777" }, place, ["blockscout"]), [
      "blockscout",
    ]);

  it.each([
    ["https://api.etherscan.io/v2/api?chainid=1", "etherscan", "Etherscan"],
    ["http://127.0.0.1:9/v2/api?chainid=7777", "etherscan", "Etherscan"],
    ["https://api.basescan.org/api", "etherscan", "Etherscan"],
    ["https://sourcify.dev/server", "sourcify", "Sourcify"],
    ["https://api.routescan.io/v2/network/mainnet/evm/1/etherscan/api", "routescan", "Routescan"],
  ])("refuses %s before anything is sent, naming --targets", async (url, service, name) => {
    await expect(targetOf(url)).rejects.toThrow(
      `--explorer-url names ${name}'s API, not a Blockscout explorer: give --targets ${service} (--endpoint CHAIN=${service}=URL for another ${name}-compatible one).`,
    );
  });

  const otherEndpoint = "(--endpoint CHAIN=etherscan=URL for another Etherscan-compatible one)";
  it.each([
    ["status (--target)", ["status", "0123456789abcdef0123456789"], `--target etherscan ${otherEndpoint}`],
    ["fetch (none: Blockscout only)", ["fetch", address], "a Blockscout explorer's URL"],
    [
      "copy to Blockscout",
      ["copy", address, "--from", "sourcify", "--to", "blockscout"],
      `--to etherscan ${otherEndpoint}`,
    ],
    [
      "copy from Blockscout",
      ["copy", address, "--from", "blockscout", "--to", "sourcify"],
      `--from etherscan ${otherEndpoint}`,
    ],
  ])("names in that refusal the flag the command takes: %s", async (_, command, how) => {
    const url = "https://api.etherscan.io/v2/api?chainid=1";
    const flags = [
      "--explorer-url",
      url,
      "--chain-id",
      "1",
      ...(command[0] === "copy" ? ["--no-ledger"] : []),
    ];
    expect(await runCliInProcess([...command, ...flags])).toEqual({
      code: 2,
      stdout: "",
      errors: [
        `explorer-verify: --explorer-url names Etherscan's API, not a Blockscout explorer: give ${how}.`,
      ],
    });
  });

  it("takes a Blockscout explorer's API URL, whatever its host is named like", async () => {
    for (const [url, shown] of [
      ["http://127.0.0.1:9/api?", "http://127.0.0.1:9"],
      // Blockscout instances of the shipped registry named like Etherscan's family, and one that says what it is.
      ["https://shibariumscan.io/api", "https://shibariumscan.io"],
      ["https://blockscout.mantrascan.io", "https://blockscout.mantrascan.io"],
      ["https://blockscout.examplescan.io", "https://blockscout.examplescan.io"],
    ]) {
      const { targets, close } = await targetOf(url as string);
      await close();
      expect(targets.map((target) => target.shownUrl)).toEqual([shown]);
    }
  });
});
