import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { cliWhere } from "../../src/cli/cliWhere.js";
import { foundryCompilers } from "../../src/cli/foundryCompilers.js";
import { type FoundryConfig, readFoundryConfig } from "../../src/inputs/foundryConfig.js";
import { targetsOfRun } from "../../src/run/commands/runWhere.js";
import type { ChainClaim } from "../../src/run/targets/chainAgreement.js";
import { nativeSolcStandIn } from "../support/foundryProject.js";

// Which explorer the CLI picks from foundry.toml's [etherscan] table, and which compilers Foundry left on disk.
let dir: string;
let config: FoundryConfig;
const savedKey = process.env.EXPLORER_VERIFY_API_KEY;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "explorer-verify-foundry-target-"));
  await writeFile(
    join(dir, "foundry.toml"),
    [
      "[profile.default]",
      'solc = "bin/solc-0.8.28"',
      "[etherscan]",
      'gnosis = { key = "gnosis-key", url = "https://gnosis.blockscout.com/api" }',
      'mainnet = { key = "etherscan-key", url = "https://api.etherscan.io/api" }',
      'base = { key = "basescan-key", chain = 8453, url = "https://api.basescan.org/api" }',
      // Hosts a pull request could name: the shipped registry knows none of them.
      'stranger = { chain = 11155111, url = "https://explorer.stranger.example/api" }',
      `expanded = { key = "\${STRANGER_WANTS}", chain = 10, url = "https://explorer.stranger.example/api" }`,
      'literal = { key = "no-secret", chain = 137, url = "https://explorer.stranger.example/api" }',
      `loopback = { key = "\${STRANGER_WANTS}", chain = 7777, url = "http://127.0.0.1:9/api" }`,
      'credentials = { chain = 5888, url = "https://me:hunter2@explorer.stranger.example/api?apikey=k2" }',
      `borrowed = { key = "\${STRANGER_WANTS}", chain = 59144, url = "https://gnosis.blockscout.com/api" }`,
      // forge's usual entries, their variable unset: a Blockscout user has no Etherscan key.
      `arbitrum = { key = "\${UNSET_FORGE_KEY}", chain = 42161, url = "https://api.etherscan.io/v2/api?chainid=42161" }`,
      `zksync = { key = "\${UNSET_FORGE_KEY}", chain = 324 }`,
      `zkevm = { key = "\${UNSET_FORGE_KEY}", chain = 1101, url = "https://zkevm.blockscout.com/api" }`,
    ].join("\n"),
  );
  const read = await readFoundryConfig(dir);
  if (!read) throw new Error("no foundry.toml");
  config = read;
  delete process.env.EXPLORER_VERIFY_API_KEY;
});

afterEach(() => {
  delete process.env.EXPLORER_VERIFY_API_KEY;
  delete process.env.STRANGER_WANTS;
});

afterAll(async () => {
  if (savedKey !== undefined) process.env.EXPLORER_VERIFY_API_KEY = savedKey;
  await rm(dir, { recursive: true, force: true });
});

// The one Blockscout target of a CLI run: the flags and foundry.toml as the CLI reads them, resolved by the hall.
async function resolveCliTarget(given: { chainId?: number; explorerUrl?: string; recorded?: ChainClaim[] }) {
  const flags = {
    "chain-id": given.chainId === undefined ? undefined : String(given.chainId),
    "explorer-url": given.explorerUrl,
  };
  const where = cliWhere(flags, { cwd: dir, foundry: config }, ["blockscout"]);
  const { targets } = await targetsOfRun(where, ["blockscout"], given.recorded);
  const [target] = targets;
  if (target?.service !== "blockscout") throw new Error("expected a Blockscout target");
  return target;
}

// A deployment on a chain, as the reader of its file reports it.
const recordedOn = (chainId: number) => [{ id: chainId, source: `the deployment on chain ${chainId}` }];

describe("the CLI's explorer with a foundry.toml", () => {
  it("takes the [etherscan] url and key of the deployment's chain", async () => {
    const target = await resolveCliTarget({ recorded: recordedOn(100) });
    expect([target.api.rpc, target.chainId, target.apiKey, target.reason]).toEqual([
      "https://gnosis.blockscout.com/api",
      100,
      "gnosis-key",
      "from [etherscan] gnosis in foundry.toml; chain 100 from the deployment on chain 100",
    ]);
  });

  it("lets EXPLORER_VERIFY_API_KEY and --explorer-url win over the table", async () => {
    process.env.EXPLORER_VERIFY_API_KEY = "own-key";
    const keyed = await resolveCliTarget({ chainId: 100 });
    expect(keyed.apiKey).toBe("own-key");
    const named = await resolveCliTarget({ chainId: 100, explorerUrl: "https://explorer.example.org" });
    expect([named.instanceUrl, named.apiKey]).toEqual(["https://explorer.example.org", "own-key"]);
  });

  it("leaves Etherscan-family entries to forge: the chain's own Blockscout explorer is found by its id instead", async () => {
    // The registry shipped with the package answers: the published list is not read in a test.
    const savedList = process.env.EXPLORER_VERIFY_CHAIN_LIST_URL;
    process.env.EXPLORER_VERIFY_CHAIN_LIST_URL = "off";
    try {
      for (const [chainId, instance] of [
        [1, "https://eth.blockscout.com"],
        [8453, "https://base.blockscout.com"],
      ] as const) {
        const target = await resolveCliTarget({ recorded: recordedOn(chainId) });
        expect([target.instanceUrl, target.apiKey]).toEqual([instance, undefined]);
      }
    } finally {
      if (savedList === undefined) delete process.env.EXPLORER_VERIFY_CHAIN_LIST_URL;
      else process.env.EXPLORER_VERIFY_CHAIN_LIST_URL = savedList;
    }
  });
});

describe("Foundry's compilers", () => {
  it("are foundry.toml's solc path, then svm's releases newest first", async () => {
    const home = join(dir, "home");
    for (const version of ["0.8.9", "0.8.28", "0.7.6"]) {
      await mkdir(join(home, ".svm", version), { recursive: true });
      await symlink(nativeSolcStandIn, join(home, ".svm", version, `solc-${version}`));
    }
    await mkdir(join(home, ".svm", "0.6.12"), { recursive: true });
    await mkdir(join(dir, "bin"), { recursive: true });
    await symlink(nativeSolcStandIn, join(dir, "bin", "solc-0.8.28"));
    expect(foundryCompilers(dir, config, home)).toEqual([
      join(dir, "bin", "solc-0.8.28"),
      join(home, ".svm", "0.8.28", "solc-0.8.28"),
      join(home, ".svm", "0.8.9", "solc-0.8.9"),
      join(home, ".svm", "0.7.6", "solc-0.7.6"),
    ]);
    // Without the settings, foundry.toml is read from the folder.
    expect(foundryCompilers(dir, undefined, join(dir, "no-home"))).toEqual([join(dir, "bin", "solc-0.8.28")]);
    expect(foundryCompilers(join(dir, "home"), undefined, join(dir, "no-home"))).toEqual([]);
  });

  it("never load a JavaScript file foundry.toml names into this process: a line says so", async () => {
    await writeFile(join(dir, "bin", "solc.js"), "module.exports = {};");
    const said: string[] = [];
    const spy = jest
      .spyOn(console, "error")
      .mockImplementation((line: unknown) => void said.push(String(line)));
    try {
      const named = { ...config, solc: "bin/solc.js" };
      expect(foundryCompilers(dir, named, join(dir, "no-home"))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    expect(said).toEqual([
      'foundry.toml: solc names a JavaScript file ("bin/solc.js"), which is not loaded: name a native solc binary, or install the npm solc package.',
    ]);
  });
});

describe("an explorer a pull request can name in foundry.toml", () => {
  it("is taken only on this machine or on the chain's own explorer host of the shipped registry", async () => {
    process.env.STRANGER_WANTS = "a-secret-value";
    const refusal = (chainId: number) =>
      resolveCliTarget({ chainId }).then(
        () => "resolved",
        (error: Error) => error.message,
      );
    // What a variable expands to goes to loopback, where the user's own chain and explorer run.
    expect((await resolveCliTarget({ chainId: 7777 })).apiKey).toBe("a-secret-value");
    // Elsewhere the file would choose where the run sends its key and the files a manifest names: with a key of the
    // user's, of a variable or of its own, or none.
    expect(await refusal(10)).toBe(
      "[etherscan] expanded in foundry.toml names https://explorer.stranger.example/api, which is neither on this machine nor on the host of chain 10's explorer in the shipped registry: a repository's file does not choose where the run sends its key and the files it reads. Give that explorer with --explorer-url.",
    );
    for (const chainId of [137, 11155111])
      expect(await refusal(chainId)).toContain("is neither on this machine");
    // Credentials written in the url are not quoted.
    expect(await refusal(5888)).toContain(
      "names https://***@explorer.stranger.example/api?apikey=***, which",
    );
    // Another chain's explorer is a third party's host to this chain.
    expect(await refusal(59144)).toContain("chain 59144's explorer in the shipped registry");
    // Named by the user, the same host gets the user's key; the registry's explorer gets it too.
    process.env.EXPLORER_VERIFY_API_KEY = "own-key";
    const named = await resolveCliTarget({
      chainId: 11155111,
      explorerUrl: "https://explorer.stranger.example",
    });
    expect([named.instanceUrl, named.apiKey]).toEqual(["https://explorer.stranger.example", "own-key"]);
    expect((await resolveCliTarget({ chainId: 100 })).apiKey).toBe("own-key");
  });
});

describe("forge's usual [etherscan] entries whose variable is not set", () => {
  it("leave the chain's explorer to the lookup, and block only the entry that would be used", async () => {
    const savedList = process.env.EXPLORER_VERIFY_CHAIN_LIST_URL;
    process.env.EXPLORER_VERIFY_CHAIN_LIST_URL = "off";
    try {
      // An Etherscan entry, or one with a key alone, names no Blockscout explorer: its variable is never read.
      expect((await resolveCliTarget({ chainId: 42161 })).instanceUrl).toBe(
        "https://arbitrum.blockscout.com",
      );
      expect((await resolveCliTarget({ chainId: 324 })).instanceUrl).toBe("https://zksync.blockscout.com");
      // A Blockscout entry is used: its unset variable is said then, and not when another explorer is named.
      const refused = await resolveCliTarget({ chainId: 1101 }).then(
        () => "resolved",
        (error: Error) => error.message,
      );
      expect(refused).toContain(`the key of [etherscan] zkevm names \${UNSET_FORGE_KEY}, which is not set.`);
      const named = await resolveCliTarget({ chainId: 1101, explorerUrl: "http://127.0.0.1:9" });
      expect(named.instanceUrl).toBe("http://127.0.0.1:9");
      process.env.EXPLORER_VERIFY_API_KEY = "own-key";
      expect((await resolveCliTarget({ chainId: 1101 })).apiKey).toBe("own-key");
    } finally {
      if (savedList === undefined) delete process.env.EXPLORER_VERIFY_CHAIN_LIST_URL;
      else process.env.EXPLORER_VERIFY_CHAIN_LIST_URL = savedList;
    }
  });
});
