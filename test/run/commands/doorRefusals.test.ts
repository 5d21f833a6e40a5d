import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { main } from "../../../src/cli/main.js";
import { bundleOf, bundleText } from "../../../src/run/jobs/bundleWriter.js";
import { repoRoot } from "../../inputs/hardhatProject.js";
import { runActionInProcess } from "../../support/actionInProcess.js";
import { closedLoopbackUrl } from "../../support/blockscoutStandIns.js";
import { startJsonRpcStandIn } from "../../support/jsonRpcStandIn.js";

// The refusals the hall makes for every door, each in the door's own words, before any request.
let workspace: string;
const address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const source = {
  format: "flattened",
  sourceCode: "contract Box {}",
  compilerVersion: "v0.8.28+commit.7893614a",
  contractName: "Box",
  optimizer: { enabled: false, runs: 200 },
} as const;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-door-refusals-"));
  await writeFile(
    join(workspace, "one.json"),
    bundleText(bundleOf([{ address, chainId: 1, source }], 1).bundle),
  );
  const twoChains = bundleOf(
    [
      { address, chainId: 1, source },
      { address, chainId: 100, source },
    ],
    undefined,
  );
  await writeFile(join(workspace, "two.json"), bundleText(twoChains.bundle));
  await writeFile(
    join(workspace, "chain7777.json"),
    bundleText(bundleOf([{ address, chainId: 7777, source }], 7777).bundle),
  );
  const unknownChains = [7777, 424242].map((chainId) => ({ address, chainId, source }));
  await writeFile(join(workspace, "two-unknown.json"), bundleText(bundleOf(unknownChains, undefined).bundle));
  await writeFile(
    join(workspace, "no-chain.json"),
    JSON.stringify({
      contracts: [
        {
          address,
          contract: "contracts/Box.sol:Box",
          format: "flattened",
          sourceCode: "contract Box {}",
          compilerVersion: "v0.8.28+commit.7893614a",
        },
      ],
    }),
  );
  // The published chain list is not reached: its URL is a closed port on this machine, and there is no copy on disk.
  process.env.EXPLORER_VERIFY_CHAIN_LIST_URL = `${await closedLoopbackUrl()}/api/chains`;
  process.env.EXPLORER_VERIFY_CACHE_DIR = join(workspace, "lists");
  // A hardhat-deploy folder whose chain file was not committed.
  await cp(
    join(repoRoot, "test", "fixtures", "hardhat-deploy-v1", "deployments", "localhost"),
    join(workspace, "deployments", "sepolia"),
    { recursive: true, filter: (path) => !path.endsWith(".chainId") },
  );
  await cp(join(workspace, "deployments", "sepolia"), join(workspace, "deployments", "chained"), {
    recursive: true,
  });
  await writeFile(join(workspace, "deployments", "chained", ".chainId"), "11155111");
  // A hardhat-deploy folder with its chain file and no deployment in it.
  await mkdir(join(workspace, "deployments", "empty"), { recursive: true });
  await writeFile(join(workspace, "deployments", "empty", ".chainId"), "11155111");
});

const chainlessFolder =
  "The hardhat-deploy deployments folder deployments/sepolia has no chain file deployments/sepolia/.chainId: write its chain id there (e.g. 11155111).";

afterAll(async () => {
  delete process.env.EXPLORER_VERIFY_CHAIN_LIST_URL;
  delete process.env.EXPLORER_VERIFY_CACHE_DIR;
  await rm(workspace, { recursive: true, force: true });
});

// What the CLI prints on stderr and the exit code it returns.
async function cli(args: string[]): Promise<{ code: number; printed: string[] }> {
  const printed: string[] = [];
  jest.spyOn(console, "error").mockImplementation((line: unknown) => void printed.push(String(line)));
  try {
    return { code: await main(args), printed };
  } finally {
    jest.restoreAllMocks();
  }
}

describe("the CLI's refusals, made in the hall", () => {
  const bundle = () => join(workspace, "one.json");

  it.each([
    [
      "--recheck without a ledger",
      () => ["verify", "--bundle", bundle(), "--recheck", "--no-ledger"],
      "--recheck asks the explorer about what the ledger says is verified: drop --no-ledger (or --ledger none).",
    ],
    [
      "a shard without a ledger",
      () => ["verify", "--bundle", bundle(), "--shard", "1-of-2", "--no-ledger"],
      "--shard keeps its ledger and results for the merge: drop --no-ledger (or --ledger none).",
    ],
    [
      "--recheck with --ledger none, as the task and the Action spell no ledger",
      () => ["verify", "--bundle", bundle(), "--recheck", "--ledger", "none"],
      "--recheck asks the explorer about what the ledger says is verified: drop --no-ledger (or --ledger none).",
    ],
    [
      "--no-ledger beside --ledger",
      () => ["verify", "--bundle", bundle(), "--no-ledger", "--ledger", "mine.json"],
      "--no-ledger keeps no ledger: drop --ledger.",
    ],
    [
      "--preflight without an RPC",
      () => ["verify", "--bundle", bundle(), "--preflight"],
      "--preflight needs --rpc-url: the chain to check the deployed code against.",
    ],
    [
      "an RPC URL that is not http(s)",
      () => ["verify", "--bundle", bundle(), "--rpc-url", "ftp://127.0.0.1"],
      '--rpc-url must be the chain\'s http(s) JSON-RPC URL, e.g. http://127.0.0.1:8545, got "ftp://127.0.0.1".',
    ],
    [
      "a flag that names contracts beside a bundle",
      () => ["verify", "--bundle", bundle(), "--contract", "src/Box.sol:Box"],
      "--bundle names the contracts: drop --contract.",
    ],
    [
      "flags that describe a contract beside a bundle, which describes them all",
      () => [
        "verify",
        "--bundle",
        bundle(),
        "--libraries",
        "src/Lib.sol:Lib=0x0000000000000000000000000000000000000001",
        "--constructor-args-hex",
        "0xdead",
        "--compiler-version",
        "0.8.28",
        "--format",
        "flattened",
      ],
      "--bundle names the contracts: drop --compiler-version, --constructor-args-hex, --libraries, --format.",
    ],
    [
      "a plan's deployment and ADDRESS beside a bundle, as verify refuses them",
      () => ["plan", "--bundle", bundle(), address, "--deployment", "run-latest.json", "--shards", "2"],
      "--bundle names the contracts: drop ADDRESS, --deployment.",
    ],
    [
      "a copy's --recheck without a ledger",
      () => ["copy", address, "--from", "blockscout", "--to", "sourcify", "--recheck", "--ledger", "none"],
      "--recheck asks the services about what the ledger says is verified: drop --no-ledger (or --ledger none).",
    ],
    [
      "a copy's malformed address",
      () => ["copy", "0x1234", "--from", "blockscout", "--to", "sourcify"],
      'Invalid address "0x1234": expected 0x followed by 40 hexadecimal characters.',
    ],
    [
      "a status of a service that is not one",
      () => ["status", "abcdefghij0123456789abcd", "--target", "nope"],
      "--target nope is not a target: use blockscout, etherscan, sourcify, routescan.",
    ],
    [
      "an RPC URL that does not parse, its password not quoted",
      () => ["verify", "--bundle", bundle(), "--rpc-url", "http://me:hunter2@127.0.0.1:99999"],
      '--rpc-url must be the chain\'s http(s) JSON-RPC URL, e.g. http://127.0.0.1:8545, got "http://***@127.0.0.1:99999".',
    ],
    [
      "an explorer URL whose password has a slash, none of the password quoted",
      () => ["verify", "--bundle", bundle(), "--explorer-url", "https://me:hun/ter2@127.0.0.1:99999/"],
      '--explorer-url: The explorer URL "https://***@127.0.0.1:99999/" is not a valid URL. Give it like https://eth.blockscout.com.',
    ],
    [
      "a provider's websocket URL, the key in its path not quoted",
      () => ["verify", "--bundle", bundle(), "--rpc-url", "wss://eth-mainnet.g.alchemy.com/v2/K3Y"],
      '--rpc-url must be the chain\'s http(s) JSON-RPC URL, e.g. http://127.0.0.1:8545, got "wss://eth-mainnet.g.alchemy.com/…".',
    ],
    [
      "an RPC URL without its scheme, the key in its path not quoted",
      () => ["verify", "--bundle", bundle(), "--rpc-url", "mainnet.infura.io/v3/K3Y"],
      '--rpc-url must be the chain\'s http(s) JSON-RPC URL, e.g. http://127.0.0.1:8545, got "mainnet.infura.io/…".',
    ],
    [
      "an explorer URL that does not parse, its password and key not quoted",
      () => [
        "verify",
        "--bundle",
        bundle(),
        "--explorer-url",
        "https://me:hunter2@127.0.0.1:99999/?apikey=K3Y",
      ],
      '--explorer-url: The explorer URL "https://***@127.0.0.1:99999/?apikey=***" is not a valid URL. Give it like https://eth.blockscout.com.',
    ],
    [
      "an endpoint whose scheme is misspelt, its password and key not quoted",
      () => [
        "verify",
        "--bundle",
        bundle(),
        "--endpoint",
        "1=etherscan=htps://me:hunter2@api.example/?apikey=K3Y",
      ],
      '--endpoint 1=etherscan: "htps://***@api.example/?apikey=***" is not an http(s) URL.',
    ],
    [
      "an endpoint whose key's name is percent-encoded, its key not quoted",
      () => [
        "verify",
        "--bundle",
        bundle(),
        "--endpoint",
        "10=etherscan=https://host:99999/api?api%6Bey=SECRETK",
      ],
      '--endpoint 10=etherscan: "https://host:99999/api?api%6Bey=***" is not an http(s) URL.',
    ],
    [
      "an endpoint whose password has a comma, none of it quoted",
      () => ["verify", "--bundle", bundle(), "--endpoint", "10=etherscan=https://me:pa,ss@host:99999/api"],
      '--endpoint 10=etherscan: "https://***@host:99999/api" is not an http(s) URL.',
    ],
    [
      "an endpoint whose password has a space, none of it quoted",
      () => ["verify", "--bundle", bundle(), "--endpoint", "1=etherscan=https://me:pa ss@host:99999/api"],
      '--endpoint 1=etherscan: "https://***@host:99999/api" is not an http(s) URL.',
    ],
    [
      "an explorer URL whose password has a question mark, none of the password quoted",
      () => ["verify", "--bundle", bundle(), "--explorer-url", "https://me:p?w@host:99999/"],
      '--explorer-url: The explorer URL "https://***@host:99999/" is not a valid URL. Give it like https://eth.blockscout.com.',
    ],
    [
      "include-created without a Blockscout target",
      () => [
        "verify",
        "--deployment",
        join(workspace, "deployments", "chained"),
        "--include-created",
        "--targets",
        "sourcify",
        "--no-ledger",
      ],
      "Finding the contracts a deployment created reads a Blockscout explorer's index of the chain, and no target is a Blockscout explorer: add blockscout to the targets. Nothing was sent.",
    ],
    [
      "a chain no list knows, no explorer named: one full stop, and no --chain-id asked for the chain the bundle names",
      () => ["verify", "--bundle", join(workspace, "chain7777.json")],
      "No Blockscout explorer is known for chain 7777: give --explorer-url URL (the Blockscout explorer), or --rpc-url URL of a chain on this machine (127.0.0.1, localhost) to use the embedded local explorer.",
    ],
    [
      "a chain no list knows, given by --chain-id: the advice does not ask for it again",
      () => ["verify", "--bundle", join(workspace, "chain7777.json"), "--chain-id", "7777"],
      "No Blockscout explorer is known for chain 7777: give --explorer-url URL (the Blockscout explorer), or --rpc-url URL of a chain on this machine (127.0.0.1, localhost) to use the embedded local explorer.",
    ],
    [
      "no chain and no explorer named: one sentence, one full stop",
      () => ["verify", "--manifest", join(workspace, "no-chain.json")],
      "Give --explorer-url URL (the Blockscout explorer), --chain-id N (its chain), or --rpc-url URL of a chain on this machine (127.0.0.1, localhost) to use the embedded local explorer.",
    ],
    [
      "a malformed --creation-tx-hash",
      () => ["verify", address, "--creation-tx-hash", "0x1234"],
      'Invalid --creation-tx-hash "0x1234": expected a transaction hash, 0x followed by 64 hexadecimal characters.',
    ],
    [
      "a malformed --constructor-args-hex",
      () => ["verify", address, "--constructor-args-hex", "zz"],
      'Invalid --constructor-args-hex "zz": expected hex bytes (an even number of hex digits, 0x optional).',
    ],
    [
      "--creation-tx-hash without ADDRESS",
      () => ["verify", "--deployment", "x", "--creation-tx-hash", `0x${"ab".repeat(32)}`],
      "--creation-tx-hash describes one ADDRESS: with --deployment or --manifest the contracts come from those files.",
    ],
    [
      "an ADDRESS beside --deployment, before or after it",
      () => ["verify", address, "--deployment", "broadcast/Deploy.s.sol/1/run-latest.json"],
      `${address} is a contract's ADDRESS: --deployment names its contracts itself; give one or the other.`,
    ],
    [
      "--compiler-version without --standard-json",
      () => ["verify", address, "--compiler-version", "0.8.28"],
      "--compiler-version goes with --standard-json: a build's compiler is read from the build.",
    ],
  ])("%s", async (_name, args, message) => {
    expect(await cli(args())).toEqual({ code: 2, printed: [`explorer-verify: ${message}`] });
  });

  it("writes a bundle only over a regular file: a link or a folder of that name is refused and left as it is", async () => {
    const target = join(workspace, "kept.txt");
    await writeFile(target, "kept");
    await symlink(target, join(workspace, "link.json"));
    await mkdir(join(workspace, "folder.json"));
    for (const out of ["link.json", "folder.json"]) {
      const path = join(workspace, out);
      const deployment = join(workspace, "deployments", "chained");
      expect(await cli(["bundle", "--deployment", deployment, "--out", path])).toEqual({
        code: 2,
        printed: [
          `explorer-verify: Cannot write the bundle ${path} (it is not a regular file, and is left as it is): choose another file.`,
        ],
      });
    }
    expect(await readFile(target, "utf8")).toBe("kept");
  });

  it("refuses a plan's key-secrets holding the key an --endpoint-key names, never showing it", async () => {
    process.env.DOOR_ENDPOINT_KEY = "ENDPOINTKEY0123456789";
    try {
      const run = await cli([
        "plan",
        "--bundle",
        bundle(),
        "--shards",
        "2",
        "--targets",
        "etherscan",
        "--endpoint",
        "1=etherscan=http://127.0.0.1:1/api",
        "--endpoint-key",
        "1=etherscan=DOOR_ENDPOINT_KEY",
        "--key-secrets",
        "etherscan:1=ENDPOINTKEY0123456789",
      ]);
      expect(run).toEqual({ code: 2, printed: [expect.stringContaining("holds a key the run was given")] });
      expect(run.printed.join("\n")).not.toContain("ENDPOINTKEY0123456789");
    } finally {
      delete process.env.DOOR_ENDPOINT_KEY;
    }
  });

  it("plans without asking the RPC anything: a plan sends nothing", async () => {
    const matrix: string[] = [];
    jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      matrix.push(String(chunk));
      return true;
    });
    try {
      const run = await cli([
        "plan",
        "--bundle",
        bundle(),
        "--rpc-url",
        await closedLoopbackUrl(),
        "--shards",
        "2",
      ]);
      expect(run.code).toBe(0);
    } finally {
      jest.restoreAllMocks();
    }
    expect(JSON.parse(matrix.join(""))).toMatchObject({ include: expect.any(Array) });
  });

  it("refuses a plan's key-secrets holding the key foundry.toml's [etherscan] gives, never showing it", async () => {
    const cwd = process.cwd();
    const project = await mkdtemp(join(tmpdir(), "explorer-verify-foundry-key-"));
    await cp(join(workspace, "deployments"), join(project, "deployments"), { recursive: true });
    await writeFile(
      join(project, "foundry.toml"),
      '[etherscan]\nsepolia = { key = "FOUNDRYSECRETKEY0123", url = "https://eth-sepolia.blockscout.com/api", chain = 11155111 }\n',
    );
    process.chdir(project);
    try {
      const run = await cli([
        "plan",
        "--deployment",
        "deployments/chained",
        "--shards",
        "2",
        "--key-secrets",
        "blockscout=FOUNDRYSECRETKEY0123",
      ]);
      expect(run).toEqual({ code: 2, printed: [expect.stringContaining("holds a key the run was given")] });
      expect(run.printed.join("\n")).not.toContain("FOUNDRYSECRETKEY0123");
    } finally {
      process.chdir(cwd);
      await rm(project, { recursive: true, force: true });
    }
  });

  it("refuses a shard's key-secrets holding what a foundry.toml url's variable carries, never showing it", async () => {
    const cwd = process.cwd();
    const project = await mkdtemp(join(tmpdir(), "explorer-verify-foundry-url-"));
    await cp(join(workspace, "deployments"), join(project, "deployments"), { recursive: true });
    await writeFile(
      join(project, "foundry.toml"),
      `[etherscan]\nsepolia = { key = "k", url = "https://eth-sepolia.blockscout.com/\${DOOR_URL_PART}/api", chain = 11155111 }\n`,
    );
    process.env.DOOR_URL_PART = "URLPARTSECRET0123";
    process.chdir(project);
    try {
      const run = await cli([
        "verify",
        "--deployment",
        "deployments/chained",
        "--shard",
        "1-of-2",
        "--key-secrets",
        "blockscout=URLPARTSECRET0123",
      ]);
      expect(run).toEqual({ code: 2, printed: [expect.stringContaining("holds a key the run was given")] });
      expect(run.printed.join("\n")).not.toContain("URLPARTSECRET0123");
    } finally {
      delete process.env.DOOR_URL_PART;
      process.chdir(cwd);
      await rm(project, { recursive: true, force: true });
    }
  });

  it("names a deployments folder that holds no contracts, at verify, plan and bundle", async () => {
    const folder = join(workspace, "deployments", "empty");
    const explorer = ["--explorer-url", "http://127.0.0.1:1"];
    for (const command of [
      ["verify", ...explorer],
      ["plan", "--shards", "2", ...explorer],
      ["bundle", "--out", join(workspace, "none.json")],
    ])
      expect(await cli([...command, "--deployment", folder])).toEqual({
        code: 2,
        printed: [
          `explorer-verify: ${folder} holds no contracts: give the deployment or manifest that lists them.`,
        ],
      });
  });

  it("refuses a hardhat-deploy folder without its chain file, naming the file", async () => {
    const cwd = process.cwd();
    process.chdir(workspace);
    try {
      expect(
        await cli(["verify", "--deployment", "deployments/sepolia", "--explorer-url", "http://127.0.0.1:1"]),
      ).toEqual({
        code: 2,
        printed: [`explorer-verify: ${chainlessFolder}`],
      });
    } finally {
      process.chdir(cwd);
    }
  });
  it("refuses a forge broadcast folder, naming its run-latest.json", async () => {
    const broadcast = join(workspace, "broadcast", "Deploy.s.sol", "31337");
    await mkdir(broadcast, { recursive: true });
    for (const file of ["run-latest.json", "run-1764403200.json"])
      await writeFile(join(broadcast, file), "{}");
    expect(await cli(["verify", "--deployment", broadcast, "--explorer-url", "http://127.0.0.1:1"])).toEqual({
      code: 2,
      printed: [
        `explorer-verify: ${broadcast} is a Foundry broadcast folder: name its file ${join(broadcast, "run-latest.json")} instead.`,
      ],
    });
  });

  it("serves the chain --rpc-url answers among several, and names each other chain's own explorer", async () => {
    const chain = await startJsonRpcStandIn((call) =>
      call.method === "eth_chainId" ? { result: "0x1e61" } : { error: { code: -32601, message: "no" } },
    );
    const cwd = process.cwd();
    process.chdir(workspace);
    try {
      expect(await cli(["verify", "--bundle", "two-unknown.json", "--rpc-url", chain.url])).toEqual({
        code: 2,
        printed: [
          "explorer-verify: No Blockscout explorer is known for chain 424242: give --endpoint 424242=blockscout=URL (its Blockscout explorer), or verify it in a run of its own with --rpc-url URL of the chain on this machine.",
        ],
      });
      // Once by the run, once by the embedded explorer it started for chain 7777.
      expect(chain.received.map((call) => call.method)).toEqual(["eth_chainId", "eth_chainId"]);
    } finally {
      process.chdir(cwd);
      await chain.close();
    }
  });

  it("says what a --deployment that names nothing was looked for as, and where, as the task does", async () => {
    const cwd = process.cwd();
    process.chdir(workspace);
    try {
      for (const value of ["deployments/nothere", "deployments/sepolia,deployments/x"])
        expect(await cli(["verify", "--deployment", value, "--explorer-url", "http://127.0.0.1:1"])).toEqual({
          code: 2,
          printed: [
            `explorer-verify: --deployment ${value} names no deployment: there is no Ignition deployment ${value}, and ${value} is no hardhat-deploy or rocketh deployments folder (it has no .chainId nor .chain).`,
          ],
        });
    } finally {
      process.chdir(cwd);
    }
  });
});

describe("the Action's refusals, made in the hall", () => {
  it("says what a deployment that names nothing was looked for as, and where", async () => {
    const { log } = await runActionInProcess(
      { deployment: "deployments/nothere", "explorer-url": "http://127.0.0.1:1" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(
      "::error::Input deployment deployments/nothere names no deployment: there is no Ignition deployment deployments/nothere, and deployments/nothere is no hardhat-deploy or rocketh deployments folder (it has no .chainId nor .chain).",
    );
  });

  it("names each chain's own explorer in a run on several chains, as explorer-url names one", async () => {
    const { log } = await runActionInProcess(
      { bundle: "two-unknown.json", "explorer-url": "" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(
      '::error::No Blockscout explorer is known for chain 7777: name its explorer in the explorers input ({"7777": URL}).',
    );
  });

  it("refuses include-created over several chains, in its words", async () => {
    const { log } = await runActionInProcess(
      { bundle: "two.json", "include-created": "true", "explorer-url": "" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(
      "::error::Input include-created reads one chain's transactions: give deployments on one chain with it.",
    );
  });

  it("quotes an RPC URL that does not parse without its password", async () => {
    const { log } = await runActionInProcess(
      { bundle: "one.json", "rpc-url": "htps://me:hunter2@127.0.0.1:99999/?token=T0K", "explorer-url": "" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(
      '::error::Input rpc-url must be the chain\'s http(s) JSON-RPC URL, e.g. https://rpc.example.org, got "htps://***@127.0.0.1:99999/…".',
    );
    expect(log).not.toMatch(/hunter2|T0K/);
  });

  it("quotes rpc-urls by scheme and host, without the provider key in a path", async () => {
    const { log } = await runActionInProcess(
      {
        bundle: "one.json",
        "rpc-urls": '{"1": "wss://eth-mainnet.g.alchemy.com/v2/K3Y"}',
        "explorer-url": "",
      },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(
      '::error::Input rpc-urls must map chain ids to http(s) JSON-RPC URLs, e.g. https://rpc.example.org, got "wss://eth-mainnet.g.alchemy.com/…".',
    );
    expect(log).not.toContain("K3Y");
  });

  it.each([
    [
      "rpc-urls naming a URL that is not http(s)",
      { bundle: "one.json", "rpc-urls": '{"10": "ws://127.0.0.1:8546"}' },
      'Input rpc-urls must map chain ids to http(s) JSON-RPC URLs, e.g. https://rpc.example.org, got "ws://127.0.0.1:8546".',
    ],
    [
      "a copy's malformed address",
      { "chain-id": "1", "copy-from": "blockscout", addresses: "0x1234", targets: "sourcify" },
      'Input addresses: "0x1234" is not an address (0x followed by 40 hexadecimal characters).',
    ],
    [
      "a shard without a ledger",
      { shard: "1-of-2", bundle: "one.json", ledger: "none" },
      "Input shard keeps its ledger and results for the merge: give ledger a path, not none.",
    ],
    [
      "a plan's rpc-url that is not http(s)",
      { shards: "2", bundle: "one.json", "rpc-url": "localhost:8545" },
      'Input rpc-url must be the chain\'s http(s) JSON-RPC URL, e.g. https://rpc.example.org, got "localhost:8545".',
    ],
  ])("refuses %s, in its words", async (_name, inputs, message) => {
    const { log } = await runActionInProcess(
      { ...inputs, "explorer-url": "" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(`::error::${message}`);
  });

  it("refuses a hardhat-deploy folder without its chain file, naming the file", async () => {
    const { log } = await runActionInProcess(
      { deployment: "deployments/sepolia", "explorer-url": "http://127.0.0.1:1" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(`::error::${chainlessFolder}`);
  });

  it("refuses a plan's key-secrets holding the key an endpoint-keys entry names, never showing it", async () => {
    const { log } = await runActionInProcess(
      {
        shards: "2",
        bundle: "one.json",
        targets: "etherscan",
        endpoints: "1=etherscan=http://127.0.0.1:1/api",
        "endpoint-keys": "1=etherscan=DOOR_ENDPOINT_KEY",
        "key-secrets": "etherscan:1=ENDPOINTKEY0123456789",
        "explorer-url": "",
      },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace, DOOR_ENDPOINT_KEY: "ENDPOINTKEY0123456789" },
    );
    expect(log).toMatch(/::error::.*holds a key the run was given/);
    expect(log.replaceAll("::add-mask::ENDPOINTKEY0123456789", "")).not.toContain("ENDPOINTKEY0123456789");
  });

  it("refuses a plan of a copy, in its words", async () => {
    const { log } = await runActionInProcess(
      { shards: "2", "copy-from": "blockscout", addresses: address, targets: "sourcify" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace },
    );
    expect(log).toContain(
      "::error::Input shards plans a verification's contracts, not a copy: drop copy-from.",
    );
  });
});
