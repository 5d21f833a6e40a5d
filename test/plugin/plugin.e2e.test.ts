import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type HardhatNode, runHardhat, startHardhatNode } from "../inputs/hardhatProject.js";
import { answerJson, startHostileExplorer } from "../support/hostileExplorer.js";
import { stall, startJsonRpcStandIn } from "../support/jsonRpcStandIn.js";
import {
  type CommandOutcome,
  hardhat,
  preparePluginProject,
  removePluginProject,
} from "../support/pluginProject.js";

// The whole journey of a user: the packed package installed in a Hardhat 3 project, contracts deployed with
// Ignition to a local chain, and `npx hardhat explorer-verify` run against the embedded local explorer.
let project: string;
let chain: HardhatNode;
let env: Record<string, string>;
let addresses: Record<string, string>;

beforeAll(async () => {
  project = await preparePluginProject();
  chain = await startHardhatNode(project);
  env = { FIXTURE_NODE_URL: chain.url };
  await runHardhat(
    project,
    ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "localhost"],
    env,
  );
  const deployed = JSON.parse(
    await readFile(
      join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json"),
      "utf8",
    ),
  ) as Record<string, string>;
  addresses = Object.fromEntries(
    Object.entries(deployed).map(([future, address]) => [future.replace("Fixture#", ""), address]),
  );
}, 240_000);

afterAll(async () => {
  await chain?.stop();
  await removePluginProject(project);
});

function verify(...args: string[]): Promise<CommandOutcome> {
  return hardhat(project, ["explorer-verify", "--network", "localhost", ...args], env);
}

// The deployed token, its constructor arguments and its name.
function tokenArguments(): string[] {
  return [addresses.Token!, "Fixture Token", "1000000", "--contract", "contracts/Token.sol:Token"];
}

function submissions(outcome: CommandOutcome): number {
  return (outcome.stdout.match(/^submitted /gm) ?? []).length;
}

describe("npx hardhat explorer-verify, from the packed package", () => {
  it("verifies a contract with constructor arguments typed by the ABI, on the local explorer", async () => {
    // A read budget under the network's timeout opens the network with Hardhat's config override.
    const outcome = await verify(...tokenArguments(), "--read-timeout", "120");
    expect(outcome.stderr).toBe("");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain("Verifying 1 contract on the local explorer at http://127.0.0.1:");
    expect(outcome.stdout).toContain('Built with the "production" profile');
    expect(outcome.stdout).toMatch(
      new RegExp(`^verified +contracts/Token.sol:Token at ${addresses.Token}`, "m"),
    );
    expect(outcome.stdout).toMatch(/contracts\/Token\.sol:Token +0x[0-9a-fA-F]{40} +verified/);
  }, 120_000);

  it("a rerun on a verified address answers from one look at the explorer, before building anything", async () => {
    const outcome = await verify(...tokenArguments(), "--json");
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).not.toContain("Built with");
    const document = JSON.parse(outcome.stdout) as { results: Array<Record<string, unknown>> };
    expect(document.results).toEqual([
      expect.objectContaining({
        address: addresses.Token,
        contract: "contracts/Token.sol:Token",
        format: "standard-json",
        status: "already-verified",
        attempts: 0,
      }),
    ]);
    // Without --contract the explorer knows only the bare name; the artifacts on disk give the file-qualified one.
    const inferred = await verify(addresses.Token!, "Fixture Token", "1000000", "--json");
    expect(inferred.code).toBe(0);
    expect(JSON.parse(inferred.stdout)).toEqual({
      results: [
        expect.objectContaining({
          contract: "contracts/Token.sol:Token",
          status: "already-verified",
          attempts: 0,
        }),
      ],
    });
  }, 120_000);

  it("infers a library-linked contract from its deployed code, with no --contract", async () => {
    const outcome = await verify(addresses.Calculator!);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/^verified +contracts\/Calculator\.sol:Calculator/m);
  }, 120_000);

  it("verifies a proxy's implementation and links them with --proxy", async () => {
    const outcome = await verify("--proxy", addresses.SimpleProxy!);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain(
      `Proxy ${addresses.SimpleProxy} points at implementation ${addresses.Box!.toLowerCase()}`,
    );
    // A verified proxy is shown linked by the explorer itself (Blockscout resolves it from the chain).
    expect(outcome.stdout).toMatch(/^(linked|already linked) +proxy of contracts\/Box\.sol:Box/m);
  }, 120_000);

  it("verifies a whole Ignition deployment, and a rerun submits nothing; --json prints one document", async () => {
    const first = await verify("--deployment", "chain-31337");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^verified +contracts\/MathLib\.sol:MathLib/m);
    const rerun = await verify("--deployment", "chain-31337", "--json");
    expect(rerun.code).toBe(0);
    const document = JSON.parse(rerun.stdout) as {
      results: Array<{ contract: string; status: string; attempts: number }>;
    };
    expect(document.results.map((r) => r.contract).sort()).toEqual([
      "contracts/Box.sol:Box",
      "contracts/Calculator.sol:Calculator",
      "contracts/MathLib.sol:MathLib",
      "contracts/SimpleProxy.sol:SimpleProxy",
      "contracts/Token.sol:Token",
    ]);
    expect(document.results.every((r) => r.status === "already-verified" && r.attempts === 0)).toBe(true);
    expect(submissions(rerun)).toBe(0);
    expect(rerun.stderr).toContain("already verified");
  }, 180_000);

  it("--format flattened sends one file through the verify action; single-file refuses a contract of two files", async () => {
    const flattened = await verify(addresses.Calculator!, "--format", "flattened", "--force", "--json");
    expect(flattened.code).toBe(0);
    expect(JSON.parse(flattened.stdout)).toEqual({
      results: [
        expect.objectContaining({
          contract: "contracts/Calculator.sol:Calculator",
          format: "flattened",
          status: expect.stringMatching(/^(already-)?verified$/),
          attempts: 1,
        }),
      ],
    });
    const singleFile = await verify(addresses.Calculator!, "--format", "single-file", "--force");
    expect(singleFile.code).toBe(1);
    expect(singleFile.stderr).toContain(
      "Error in community plugin explorer-verify: contracts/Calculator.sol:Calculator is built from 2 files, and the single-file format takes one: use the flattened format, or standard JSON input.",
    );
    expect(singleFile.stderr).not.toMatch(/\n\s+at /);
  }, 180_000);

  it("says in one line that a wrong --contract is not the deployed code", async () => {
    const outcome = await verify("--contract", "contracts/Box.sol:Box", addresses.Token!);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      `Error in community plugin explorer-verify: The code at ${addresses.Token} is not contracts/Box.sol:Box as built with any of the project's build profiles (tried "production", "default"). Check --contract and the network, or leave --contract out to infer it.`,
    );
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it("fetch writes the ABI and the sources identical to the originals", async () => {
    const out = join(project, "fetched");
    const outcome = await hardhat(
      project,
      ["explorer-verify", "fetch", "--network", "localhost", "--out", out, addresses.Token!],
      env,
    );
    expect(outcome.code).toBe(0);
    const original = await readFile(join(project, "contracts", "Token.sol"), "utf8");
    await expect(readFile(join(out, "sources", "project", "contracts", "Token.sol"), "utf8")).resolves.toBe(
      original,
    );
    const artifact = JSON.parse(
      await readFile(join(project, "artifacts", "contracts", "Token.sol", "Token.json"), "utf8"),
    ) as { abi: unknown };
    expect(JSON.parse(await readFile(join(out, "abi.json"), "utf8"))).toEqual(artifact.abi);
    expect(JSON.parse(await readFile(join(out, "creation.json"), "utf8"))).toMatchObject({
      contractAddress: addresses.Token!.toLowerCase(),
    });
  }, 120_000);

  it("status reads a known guid and an unknown one", async () => {
    const state = JSON.parse(
      await readFile(join(project, "cache", "explorer-verify", "local-explorer-31337.json"), "utf8"),
    ) as {
      guids: Record<string, { state: string }>;
    };
    const [known] = Object.entries(state.guids).find(([, entry]) => entry.state === "pass") ?? [];
    const passed = await hardhat(
      project,
      ["explorer-verify", "status", "--network", "localhost", known!],
      env,
    );
    expect(passed.code).toBe(0);
    expect(passed.stdout.trim()).toBe(`${known}: Pass - Verified (verified)`);
    const unknown = await hardhat(
      project,
      [
        "explorer-verify",
        "status",
        "--network",
        "localhost",
        "00000000000000000000000000000000000000016a86ec40",
      ],
      env,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain("Unknown UID");
    // The runs above were on the embedded local explorer, which keeps no ledger.
    const noLedger = await hardhat(project, ["explorer-verify", "status"], env);
    expect(noLedger.stderr).toContain(
      `There is no ledger at ${join(project, ".explorer-verify", "ledger.json")}; the embedded local explorer's own state holds what it verified (${join(project, "cache", "explorer-verify", "local-explorer-31337.json")}). Give a GUID, or --ledger FILE (npx hardhat explorer-verify writes one).`,
    );
  }, 120_000);

  it("status prints an explorer's text neutralised: no escape sequence, no line starting a workflow command", async () => {
    const hostile = await startHostileExplorer();
    try {
      hostile.scenario = (request) =>
        request.action === "checkverifystatus"
          ? answerJson(200, {
              status: "0",
              message: "NOTOK",
              result:
                "Fail - Unable to verify\n::add-mask::verified\u001b[2J\u001b]8;;https://evil.example\u0007x",
            })
          : undefined;
      const outcome = await hardhat(
        project,
        [
          "explorer-verify",
          "status",
          "--explorer-url",
          hostile.url,
          "00000000000000000000000000000000000000016a86ec40",
        ],
        env,
      );
      expect(hostile.requests.length).toBeGreaterThan(0);
      const lines = outcome.stdout.split(/\r?\n/);
      expect(lines.filter((line) => /^\s*::/.test(line))).toEqual([]);
      expect(outcome.stdout.includes("\u001b")).toBe(false);
      expect(outcome.stdout).toContain("Fail - Unable to verify ::add-mask::verified");
    } finally {
      await hostile.close();
    }
  }, 120_000);

  it("--preflight stops wrong constructor arguments before submitting, in one readable paragraph", async () => {
    const outcome = await verify(
      addresses.Token!,
      "Wrong name",
      "5",
      "--contract",
      "contracts/Token.sol:Token",
      "--preflight",
      "--force",
    );
    expect(outcome.code).toBe(1);
    expect(submissions(outcome)).toBe(0);
    expect(outcome.stdout).toContain(
      'Preflight: the constructor arguments differ. Submitted: (name_: "Wrong name", supply: "5"). The creation transaction holds: (name_: "Fixture Token", supply: "1000000"). Give the arguments the contract was deployed with.',
    );
  }, 120_000);

  it("says in one line, with no stack trace, that an --explorer-url is not http(s) or an --out is not writable", async () => {
    const guid = "00000000000000000000000000000000000000016a86ec40";
    for (const args of [
      ["explorer-verify", "--network", "localhost", "--explorer-url", "notaurl", addresses.Token!],
      ["explorer-verify", "status", "--explorer-url", "ftp://explorer.example", guid],
      ["explorer-verify", "fetch", "--explorer-url", "notaurl", addresses.Token!],
    ]) {
      const outcome = await hardhat(project, args, env);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toMatch(
        /Error in community plugin explorer-verify: --explorer-url: The explorer URL (?:"notaurl" is not a valid URL\. Give it like https:\/\/eth\.blockscout\.com\.|must start with http:\/\/ or https:\/\/, got "ftp:"\.)/,
      );
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
    }
    const fileInTheWay = join(project, "package.json");
    const outcome = await hardhat(
      project,
      ["explorer-verify", "fetch", "--network", "localhost", "--out", fileInTheWay, addresses.Token!],
      env,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      `Error in community plugin explorer-verify: Cannot write ${join(fileInTheWay, "sources", "project", "contracts", "Token.sol")} (ENOTDIR): choose another --out folder.`,
    );
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it("rejects a malformed address before anything else", async () => {
    const outcome = await verify("0x123");
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      '"0x123" is not an address: expected 0x followed by 40 hexadecimal characters.',
    );
  }, 60_000);

  it("says a --constructor-args-path that does not load before anything is looked up", async () => {
    const outcome = await verify(addresses.Token!, "--constructor-args-path", "nothere.js");
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(`--constructor-args-path: cannot load ${join(project, "nothere.js")}`);
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("refuses a --timeout out of range before anything else", async () => {
    const outcome = await verify(addresses.Token!, "--timeout", "100000");
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('--timeout must be a whole number from 1 to 86400, got "100000".');
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("ends a network's stalled answer at --read-timeout, not at Hardhat's 300 s, without a stack trace", async () => {
    const rpc = await startJsonRpcStandIn(() => stall);
    try {
      const started = performance.now();
      const outcome = await hardhat(
        project,
        ["explorer-verify", "--network", "localhost", addresses.Token!, "--read-timeout", "2"],
        { ...env, FIXTURE_NODE_URL: rpc.url },
      );
      expect(performance.now() - started).toBeLessThan(60_000);
      expect(outcome.code).toBe(1);
      expect(rpc.received.map((call) => call.method)).toContain("eth_chainId");
      expect(outcome.stderr).toContain("Network connection timed out");
      expect(outcome.stderr).toContain(
        '"localhost" did not answer within the run\'s read budget (2 s). Check that its node is running, or raise --read-timeout.',
      );
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await rpc.close();
    }
  }, 120_000);

  it("says in one line what a network answered out of shape, or refused, without a stack trace", async () => {
    const garbage = await startJsonRpcStandIn(() => ({ result: "banana" }));
    const refusing = createServer((_request, response) => response.writeHead(401).end("invalid project id"));
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    try {
      const odd = await hardhat(project, ["explorer-verify", "--network", "localhost", addresses.Token!], {
        ...env,
        FIXTURE_NODE_URL: garbage.url,
      });
      expect(odd.code).toBe(1);
      expect(odd.stderr).toContain("eth_chainId: the network's answer is not hex.");
      const { port } = refusing.address() as AddressInfo;
      const refused = await hardhat(
        project,
        ["explorer-verify", "--network", "localhost", addresses.Token!],
        {
          ...env,
          FIXTURE_NODE_URL: `http://127.0.0.1:${port}/v3/PROVIDERKEY0123456789`,
        },
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `eth_chainId: the network answered: Received an unexpected status code from http://127.0.0.1:${port}.`,
      );
      expect(refused.stderr).not.toContain("PROVIDERKEY0123456789");
      for (const outcome of [odd, refused]) expect(outcome.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await garbage.close();
      await new Promise((resolve) => refusing.close(resolve));
    }
  }, 120_000);

  // Last: `hardhat clean` also empties the local explorer's state that the tests above read.
  it("--json prints only the JSON document on stdout, even when the run compiles", async () => {
    await runHardhat(project, ["clean"], env);
    const outcome = await verify(...tokenArguments(), "--force", "--json");
    expect(outcome.code).toBe(0);
    expect(outcome.stdout.startsWith('{"results":')).toBe(true);
    expect(JSON.parse(outcome.stdout)).toEqual({
      results: [
        expect.objectContaining({
          contract: "contracts/Token.sol:Token",
          status: expect.stringMatching(/^(already-)?verified$/),
        }),
      ],
    });
  }, 180_000);
});
