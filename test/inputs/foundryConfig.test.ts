import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { foundryExplorerFor, readFoundryConfig } from "../../src/inputs/foundryConfig.js";
import { parseTomlSubset } from "../../src/inputs/tomlSubset.js";
import { rejected, thrown } from "../support/rejected.js";

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "explorer-verify-foundry-toml-"));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

async function configIn(name: string, text: string, environment: NodeJS.ProcessEnv = {}) {
  const folder = join(dir, name);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, "foundry.toml"), text);
  return readFoundryConfig(folder, environment);
}

const project = `# A project as forge init writes it, with the settings verification reads.
[profile.default]
src = "contracts"
out = 'build'         # a literal string
libs = ["node_modules", "lib"]
solc = "0.8.28"
evm_version = "paris"
optimizer = true
optimizer_runs = 1_000
via_ir = false
libraries = [
  "src/Lib.sol:Lib:0x5FbDB2315678afecb367f032d93F642f64180aa3",   # forge's form
]
fs_permissions = [{ access = "read", path = "./" }]

[profile.ci]
optimizer_runs = 10_000
via_ir = true

[profile.ci.fuzz]
runs = 5000

[[profile.default.compilation_restrictions]]
paths = "src/Big.sol"
via_ir = true

[rpc_endpoints]
gnosis = "\${GNOSIS_RPC}"

[etherscan]
gnosis = { key = "\${BLOCKSCOUT_KEY}", url = "https://gnosis.blockscout.com/api" }
sepolia = { key = "k", chain = "sepolia", url = "https://eth-sepolia.blockscout.com/api/" }
local = { key = "none", chain = 31337, url = "http://127.0.0.1:4000/api" }
mainnet = { key = "\${ETHERSCAN_API_KEY}" }
`;

describe("foundry.toml", () => {
  it("reads the default profile's settings", async () => {
    const config = await configIn("default", project);
    expect(config).toEqual({
      path: join(dir, "default", "foundry.toml"),
      profile: "default",
      src: "contracts",
      out: "build",
      libs: ["node_modules", "lib"],
      solc: "0.8.28",
      evmVersion: "paris",
      optimizer: true,
      optimizerRuns: 1000,
      viaIr: false,
      libraries: ["src/Lib.sol:Lib:0x5FbDB2315678afecb367f032d93F642f64180aa3"],
      etherscan: [
        { name: "gnosis", chainId: 100, key: `\${BLOCKSCOUT_KEY}`, url: "https://gnosis.blockscout.com/api" },
        { name: "sepolia", chainId: 11155111, key: "k", url: "https://eth-sepolia.blockscout.com/api/" },
        { name: "local", chainId: 31337, key: "none", url: "http://127.0.0.1:4000/api" },
        { name: "mainnet", chainId: 1, key: `\${ETHERSCAN_API_KEY}`, url: undefined },
      ],
    });
  });

  it("lays the profile FOUNDRY_PROFILE names over the default one", async () => {
    const config = await configIn("ci", project, { FOUNDRY_PROFILE: "ci" });
    expect(config).toMatchObject({
      profile: "ci",
      optimizer: true,
      optimizerRuns: 10000,
      viaIr: true,
      out: "build",
    });
  });

  it("takes forge's defaults when the profile says nothing, and solc_version for solc", async () => {
    const config = await configIn("bare", '[profile.default]\nsolc_version = "0.8.20"\n');
    expect(config).toMatchObject({
      src: "src",
      out: "out",
      libs: ["lib"],
      solc: "0.8.20",
      evmVersion: undefined,
      optimizer: undefined,
      libraries: [],
      etherscan: [],
    });
  });

  it("is undefined in a folder without foundry.toml", async () => {
    expect(await readFoundryConfig(join(dir, "nowhere"))).toBeUndefined();
  });

  it("gives the [etherscan] entry of a chain with its variables expanded, and nothing for a chain it does not name", async () => {
    const config = await configIn("explorers", project);
    if (!config) throw new Error("no config");
    expect(foundryExplorerFor(config, 100, { BLOCKSCOUT_KEY: "proapi_abc" })).toEqual({
      name: "gnosis",
      url: "https://gnosis.blockscout.com/api",
      key: "proapi_abc",
    });
    expect(foundryExplorerFor(config, 31337, {})).toEqual({
      name: "local",
      url: "http://127.0.0.1:4000/api",
      key: "none",
    });
    expect(foundryExplorerFor(config, 10, {})).toBeUndefined();
    const error = thrown(() => foundryExplorerFor(config, 100, {}));
    expect(error.shortMessage).toBe(
      `${join(dir, "explorers", "foundry.toml")}: the key of [etherscan] gnosis names \${BLOCKSCOUT_KEY}, which is not set.`,
    );
  });

  it("names the line of TOML it cannot read, and the setting of the wrong type", async () => {
    const broken = await rejected(configIn("broken", '[profile.default]\nsrc = "src\nout = "out"\n'));
    expect(broken.field).toBe("foundry.toml");
    expect(broken.shortMessage).toBe(
      `${join(dir, "broken", "foundry.toml")} line 2: a string is not closed before the end of the line.`,
    );
    const wrongType = await rejected(configIn("wrong", "[profile.default]\noptimizer = 1\n"));
    expect(wrongType.shortMessage).toBe(
      `${join(dir, "wrong", "foundry.toml")}: optimizer in profile default must be true or false, got 1.`,
    );
  });
});

describe("the TOML reader", () => {
  it("reads strings, numbers, arrays, inline tables, dotted keys and arrays of tables", () => {
    expect(
      parseTomlSubset(
        [
          'a.b = "x\\ty\\u00e9"',
          "c = 'C:\\\\path'",
          'd = """',
          "two",
          'lines"""',
          "e = [1, -2, 3.5, 1e3, 0x10, true]",
          "f = { g = { h = 'i' }, j = [] }",
          '"quoted key" = 1979-05-27',
          "[[k]]",
          "l = 1",
          "[[k]]",
          "l = 2",
        ].join("\n"),
        "x.toml",
      ),
    ).toEqual({
      a: { b: "x\tyé" },
      c: "C:\\\\path",
      d: "two\nlines",
      e: [1, -2, 3.5, 1000, 16, true],
      f: { g: { h: "i" }, j: [] },
      "quoted key": "1979-05-27",
      k: [{ l: 1 }, { l: 2 }],
    });
  });

  it("refuses a key given twice and a bare word", () => {
    expect(thrown(() => parseTomlSubset("a = 1\na = 2\n", "x.toml")).shortMessage).toBe(
      "x.toml line 2: a is given twice.",
    );
    expect(thrown(() => parseTomlSubset("a = yes\n", "x.toml")).shortMessage).toBe(
      'x.toml line 1: "yes" is not a TOML value (a string needs quotes).',
    );
  });
});
