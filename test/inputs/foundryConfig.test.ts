import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  foundryExplorerFor,
  readFoundryConfig,
  readFoundryConfigSync,
} from "../../src/inputs/foundryConfig.js";
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
      shownUrl: "https://gnosis.blockscout.com/api",
      key: "proapi_abc",
      secrets: ["proapi_abc"],
    });
    expect(foundryExplorerFor(config, 31337, {})).toEqual({
      name: "local",
      url: "http://127.0.0.1:4000/api",
      shownUrl: "http://127.0.0.1:4000/api",
      key: "none",
      secrets: [],
    });
    expect(foundryExplorerFor(config, 10, {})).toBeUndefined();
    const error = thrown(() => foundryExplorerFor(config, 100, {}));
    expect(error.shortMessage).toBe(
      `${join(dir, "explorers", "foundry.toml")}: the key of [etherscan] gnosis names \${BLOCKSCOUT_KEY}, which is not set.`,
    );
  });
});

describe("an [etherscan] url with a variable in it", () => {
  it("is shown as written, and what the variables expanded to is listed as secrets", async () => {
    const config = await configIn(
      "url-variables",
      `[etherscan]\ngnosis = { key = "\${KEY}", url = "https://\${HOST}/api?apikey=\${URL_KEY}" }\n`,
    );
    if (!config) throw new Error("no config");
    const environment = { KEY: "key-value", HOST: "gnosis.blockscout.com", URL_KEY: "url-secret" };
    expect(foundryExplorerFor(config, 100, environment)).toEqual({
      name: "gnosis",
      url: "https://gnosis.blockscout.com/api?apikey=url-secret",
      shownUrl: `https://\${HOST}/api?apikey=\${URL_KEY}`,
      key: "key-value",
      secrets: ["gnosis.blockscout.com", "url-secret", "key-value"],
    });
  });
});

describe("foundry.toml's paths", () => {
  it("are read when they lead inside the project, links followed", async () => {
    const folder = join(dir, "inside");
    await mkdir(join(folder, "real-out"), { recursive: true });
    await symlink(join(folder, "real-out"), join(folder, "linked-out"));
    const config = await configIn(
      "inside",
      '[profile.default]\nout = "linked-out"\nsrc = "./contracts/../src"\nlibs = ["lib", "node_modules"]\nlibraries = ["src/Lib.sol:Lib:0x5FbDB2315678afecb367f032d93F642f64180aa3"]\n',
    );
    expect(config).toMatchObject({
      out: "linked-out",
      src: "./contracts/../src",
      libs: ["lib", "node_modules"],
    });
  });

  it("are refused when one climbs out of the project, naming its key", async () => {
    const file = (name: string) => join(dir, name, "foundry.toml");
    const outside = await rejected(configIn("climbs", '[profile.default]\nout = "../elsewhere/out"\n'));
    expect([outside.field, outside.shortMessage]).toEqual([
      "foundry.toml path",
      `${file("climbs")}: out = "../elsewhere/out" leads outside the project ${join(dir, "climbs")}: foundry.toml's folders and library files are read only inside the project.`,
    ]);
    const absolute = await rejected(configIn("absolute", '[profile.default]\nsrc = "/etc"\n'));
    expect(absolute.shortMessage).toBe(
      `${file("absolute")}: src = "/etc" leads outside the project ${join(dir, "absolute")}: foundry.toml's folders and library files are read only inside the project.`,
    );
    const lib = await rejected(configIn("libs", '[profile.default]\nlibs = ["lib", "../../lib"]\n'));
    expect(lib.shortMessage).toBe(
      `${file("libs")}: libs = "../../lib" leads outside the project ${join(dir, "libs")}: foundry.toml's folders and library files are read only inside the project.`,
    );
    const library = await rejected(
      configIn(
        "library",
        '[profile.ci]\nlibraries = ["../x/Lib.sol:Lib:0x5FbDB2315678afecb367f032d93F642f64180aa3"]\n',
        { FOUNDRY_PROFILE: "ci" },
      ),
    );
    expect(library.shortMessage).toBe(
      `${file("library")}: libraries = "../x/Lib.sol" leads outside the project ${join(dir, "library")}: foundry.toml's folders and library files are read only inside the project.`,
    );
  });

  it("are refused when a link inside the project leads out", async () => {
    const folder = join(dir, "linked");
    await mkdir(join(dir, "elsewhere", "out"), { recursive: true });
    await mkdir(folder, { recursive: true });
    await symlink(join(dir, "elsewhere", "out"), join(folder, "out"));
    const error = await rejected(configIn("linked", '[profile.default]\nout = "out"\n'));
    expect(error.shortMessage).toBe(
      `${join(folder, "foundry.toml")}: out = "out" leads outside the project ${folder} once its links are followed: foundry.toml's folders and library files are read only inside the project.`,
    );
    // The reader that cannot wait (the compilers' search) goes on without such a file.
    expect(readFoundryConfigSync(folder, {})).toBeUndefined();
  });
});

describe("the TOML of foundry.toml", () => {
  it("is read with a kept TOML library: dates, arrays of tables, multi-line strings", async () => {
    const config = await configIn(
      "toml",
      [
        "[profile.default]",
        'src = """',
        'contracts"""',
        "optimizer_runs = 0x10",
        "released = 1979-05-27T07:32:00Z",
        "[[profile.default.compilation_restrictions]]",
        'paths = "src/Big.sol"',
      ].join("\n"),
    );
    expect(config).toMatchObject({ src: "contracts", optimizerRuns: 16 });
  });

  it("names the line it cannot read, and the setting of the wrong type", async () => {
    const broken = await rejected(configIn("broken", '[profile.default]\nsrc = "src\nout = "out"\n'));
    expect(broken.field).toBe("foundry.toml");
    expect(broken.shortMessage).toBe(
      `${join(dir, "broken", "foundry.toml")} line 2: control characters are not allowed in strings.`,
    );
    const twice = await rejected(configIn("twice", "[profile.default]\nsrc = 'a'\nsrc = 'b'\n"));
    expect(twice.shortMessage).toBe(
      `${join(dir, "twice", "foundry.toml")} line 3: trying to redefine an already defined table or value.`,
    );
    const wrongType = await rejected(configIn("wrong", "[profile.default]\noptimizer = 1\n"));
    expect(wrongType.shortMessage).toBe(
      `${join(dir, "wrong", "foundry.toml")}: optimizer in profile default must be true or false, got 1.`,
    );
    const date = await rejected(configIn("date", "[profile.default]\nsrc = 1979-05-27\n"));
    expect(date.shortMessage).toBe(
      `${join(dir, "date", "foundry.toml")}: src in profile default must be a folder, got "1979-05-27".`,
    );
  });

  it("cannot reach Object.prototype through a key named __proto__", async () => {
    for (const [name, text] of [
      ["proto-table", '[__proto__]\napiUrl = "http://attacker.example"\n'],
      ["proto-dotted", "[profile.default]\n__proto__.polluted = true\n"],
      ["proto-etherscan", '[etherscan.__proto__]\nurl = "http://attacker.example"\n'],
      ["proto-inline", 'etherscan = { mainnet = { __proto__ = { url = "x" } } }\n'],
    ] as const) {
      const error = await rejected(configIn(name, text));
      expect(error.shortMessage).toMatch(
        new RegExp(
          `^${escaped(join(dir, name, "foundry.toml"))} line \\d+: a key named __proto__ or constructor is not read\\.$`,
        ),
      );
    }
    const prototype: Record<string, unknown> = Object.prototype as Record<string, unknown>;
    expect([prototype.apiUrl, prototype.polluted, prototype.url]).toEqual([undefined, undefined, undefined]);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it("refuses arrays nested 100,000 deep with a clear error, on a stack it does not exhaust", async () => {
    const deep = `[profile.default]\nlibs = ${"[".repeat(100_000)}${"]".repeat(100_000)}\n`;
    const error = await rejected(configIn("deep", deep));
    expect(error.shortMessage).toBe(
      `${join(dir, "deep", "foundry.toml")} line 2: arrays or inline tables are nested more than 32 deep.`,
    );
    const tables = await rejected(
      configIn("deep-tables", `a = ${"{ b = ".repeat(100_000)}1${" }".repeat(100_000)}\n`),
    );
    expect(tables.shortMessage).toBe(
      `${join(dir, "deep-tables", "foundry.toml")} line 1: arrays or inline tables are nested more than 32 deep.`,
    );
  });

  it("refuses a file over 1 MiB, naming it, and one that is not UTF-8", async () => {
    const large = await rejected(configIn("large", `# ${"x".repeat(1_048_576)}\n`));
    expect(large.shortMessage).toBe(
      `${join(dir, "large", "foundry.toml")} is larger than 1 MiB: a foundry.toml that large is not read (forge's settings take a few kilobytes).`,
    );
    const folder = join(dir, "latin1");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "foundry.toml"), Buffer.from([0x23, 0x20, 0xe9, 0x0a]));
    const latin1 = await rejected(readFoundryConfig(folder, {}));
    expect(latin1.shortMessage).toBe(
      `${join(folder, "foundry.toml")} is not valid UTF-8 text, as TOML must be.`,
    );
  });
});

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
