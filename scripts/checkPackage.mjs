// What a user installs, checked the way a user gets it: this checkout's files are copied to a temporary
// folder (nothing built there), `npm pack` makes the tarball (npm's prepare script builds lib/ on its own),
// the tarball is installed into a fresh Hardhat 3 project, and there the library and the plugin are imported
// and the task verifies a contract deployed to a `hardhat node`, on the embedded local explorer; the tarball
// is also installed alone into an empty folder, where the CLI verifies the same contract without Hardhat.
// Run by .ci/run; `npm run check:package` runs it by hand. Packages come from npm's cache when it has them.
import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const binDir = join(root, "node_modules", ".bin");
const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}`, NO_COLOR: "1" };
delete env.CI;
delete env.FORCE_COLOR;
delete env.GITHUB_ACTIONS;
const work = mkdtempSync(join(tmpdir(), "explorer-verify-package-"));

function step(text) {
  console.log(`check-package: ${text}`);
}

function fail(text) {
  console.error(`check-package: FAILED: ${text}`);
  process.exitCode = 1;
  throw new Error(text);
}

function run(command, args, cwd, options = {}) {
  return execFileSync(command, args, {
    cwd,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
  });
}

function lockedVersion(name) {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) fail(`${name} is not in package-lock.json`);
  return version;
}

/** Copies the files git knows (tracked, or untracked and not ignored), as a clean checkout has them. */
function cleanCopy() {
  const copy = join(work, "checkout");
  const files = run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], root)
    .split("\0")
    .filter((file) => file && existsSync(join(root, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  if (existsSync(join(copy, "lib"))) fail("lib/ is tracked by git: a clean checkout must not carry a build");
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  return copy;
}

function pack(copy) {
  const name = run("npm", ["pack", "--silent", "--pack-destination", work], copy).trim().split("\n").pop();
  const tarball = join(work, name);
  const listing = run("tar", ["tzf", tarball], work).split("\n").filter(Boolean);
  for (const needed of [
    "package/lib/src/index.js",
    "package/lib/src/index.d.ts",
    "package/lib/plugin/index.js",
    "package/lib/src/local-explorer/cli.js",
    "package/lib/cli/index.js",
    "package/LICENSE",
    "package/CHANGELOG.md",
  ]) {
    if (!listing.includes(needed)) fail(`the tarball lacks ${needed}`);
  }
  const stray = listing.filter((file) =>
    /\.map$|\.ts$(?<!\.d\.ts)|^package\/(scripts|src|plugin|test)\//.test(file),
  );
  if (stray.length > 0) fail(`the tarball ships files users cannot use: ${stray.slice(0, 5).join(", ")}`);
  const manifest = JSON.parse(run("tar", ["xzOf", tarball, "package/package.json"], work));
  for (const hook of ["preinstall", "install", "postinstall"]) {
    if (manifest.scripts?.[hook]) fail(`the tarball's package.json has a ${hook} script`);
  }
  step(`packed ${name}: ${listing.length} files`);
  return tarball;
}

function freshProject(tarball) {
  const project = join(work, "project");
  mkdirSync(join(project, "contracts"), { recursive: true });
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "fresh-project", private: true, type: "module" }, null, 2)}\n`,
  );
  run(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--save-dev",
      tarball,
      `hardhat@${lockedVersion("hardhat")}`,
      `solc@${lockedVersion("solc")}`,
    ],
    project,
  );
  writeFileSync(
    join(project, "hardhat.config.ts"),
    `import { createRequire } from "node:module";
import explorerVerify from "explorer-verify/plugin";
import { defineConfig } from "hardhat/config";

const require = createRequire(import.meta.url);
const soljson = require.resolve("solc/soljson.js");

export default defineConfig({
  plugins: [explorerVerify],
  solidity: {
    profiles: {
      default: { compilers: [{ version: "0.8.28", path: soljson }] },
      production: { compilers: [{ version: "0.8.28", path: soljson, settings: { optimizer: { enabled: true, runs: 200 } } }] },
    },
  },
  networks: { localhost: { type: "http", url: process.env.CHECK_NODE_URL ?? "http://127.0.0.1:8545" } },
});
`,
  );
  writeFileSync(
    join(project, "contracts", "Counter.sol"),
    `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Counter {
    uint256 public count;

    constructor(uint256 start) {
        count = start;
    }

    function increment() external {
        count += 1;
    }
}
`,
  );
  step("installed the tarball into a fresh Hardhat 3 project");
  return project;
}

function importsWork(project) {
  const script = `
const library = await import("explorer-verify");
for (const name of ["verifyBatch", "ExplorerClient", "readBuildInfos", "findContract", "createContractJob", "isExplorerVerifyError"]) {
  if (typeof library[name] !== "function") throw new Error("explorer-verify does not export " + name);
}
const plugin = await import("explorer-verify/plugin");
if (plugin.default?.id !== "explorer-verify") throw new Error("explorer-verify/plugin has no plugin as its default export");
for (const path of ["explorer-verify/client", "explorer-verify/rest", "explorer-verify/local-explorer"]) await import(path);
`;
  run("node", ["--input-type=module", "-e", script], project);
  step("the library, the plugin and the subpath exports load");
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function rpc(url, method, params) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) fail(`${method}: ${body.error.message}`);
  return body.result;
}

async function startNode(project) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Hardhat's own CLI as a direct child (not through npx), so stopping it stops the node.
  const cli = join(project, "node_modules", "hardhat", "dist", "src", "cli.js");
  const node = spawn("node", [cli, "node", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: project,
    env,
    stdio: "ignore",
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      await rpc(url, "eth_chainId", []);
      return { url, node };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  node.kill();
  fail("hardhat node did not start");
}

async function deployCounter(project, url) {
  const artifact = JSON.parse(
    readFileSync(join(project, "artifacts", "contracts", "Counter.sol", "Counter.json"), "utf8"),
  );
  const [from] = await rpc(url, "eth_accounts", []);
  const start = (42).toString(16).padStart(64, "0");
  const hash = await rpc(url, "eth_sendTransaction", [
    { from, data: `${artifact.bytecode}${start}`, gas: "0x1000000" },
  ]);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const receipt = await rpc(url, "eth_getTransactionReceipt", [hash]);
    if (receipt?.contractAddress) return receipt.contractAddress;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  fail("the deployment has no receipt");
}

function task(project, url, args) {
  try {
    return run("npx", ["hardhat", "explorer-verify", "--network", "localhost", ...args], project, {
      env: { ...env, CHECK_NODE_URL: url },
    });
  } catch (error) {
    fail(
      `npx hardhat explorer-verify ${args.join(" ")} exited ${error.status}:\n${error.stdout}${error.stderr}`,
    );
  }
}

/** The CLI in an empty folder: the tarball alone, without Hardhat. */
function cliFolder(tarball) {
  const folder = join(work, "cli");
  mkdirSync(folder);
  writeFileSync(
    join(folder, "package.json"),
    `${JSON.stringify({ name: "cli-user", private: true }, null, 2)}\n`,
  );
  run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], folder);
  if (existsSync(join(folder, "node_modules", "hardhat"))) fail("installing the package brought Hardhat");
  const help = run("npx", ["explorer-verify", "--help"], folder);
  if (!help.includes("verify")) fail(`npx explorer-verify --help printed no usage:\n${help}`);
  step("installed the tarball into an empty folder; npx explorer-verify --help answers");
  return folder;
}

function cliVerify(folder, project, url, address) {
  const args = [
    "explorer-verify",
    "verify",
    address,
    "--artifacts",
    join(project, "artifacts"),
    "--rpc-url",
    url,
  ];
  // The empty folder has no compiler: the local explorer cannot compile, and the record must say so.
  try {
    run("npx", [...args, "--json"], folder);
    fail("the CLI verified without any compiler installed");
  } catch (error) {
    if (!error.stdout) throw error;
    const message = JSON.parse(error.stdout).results?.[0]?.message ?? "";
    if (!message.includes("No local compiler for v0.8.28")) {
      fail(`without a compiler, the record does not say that none was found: ${message}`);
    }
  }
  step("without a compiler, the CLI's record says that none was found and what to install");
  run(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", `solc@${lockedVersion("solc")}`],
    folder,
  );
  let output;
  try {
    output = run("npx", [...args, "--json"], folder);
  } catch (error) {
    fail(`npx explorer-verify verify exited ${error.status}:\n${error.stdout}${error.stderr}`);
  }
  const status = JSON.parse(output).results?.[0]?.status;
  if (status !== "verified" && status !== "already-verified")
    fail(`the CLI did not verify Counter: ${output}`);
  step(`with the npm solc installed, npx explorer-verify verify (no Hardhat installed) ended ${status}`);
}

async function main() {
  const tarball = pack(cleanCopy());
  const project = freshProject(tarball);
  const cli = cliFolder(tarball);
  importsWork(project);
  run("npx", ["hardhat", "build", "--build-profile", "production"], project);
  const { url, node } = await startNode(project);
  try {
    const address = await deployCounter(project, url);
    const first = task(project, url, [address]);
    if (!/verified\s+contracts\/Counter\.sol:Counter/.test(first))
      fail(`the task did not verify Counter:\n${first}`);
    const again = JSON.parse(task(project, url, ["--json", address]));
    if (again.results?.[0]?.status !== "already-verified") {
      fail(`a second run did not find Counter verified: ${JSON.stringify(again)}`);
    }
    step(`npx hardhat explorer-verify verified Counter at ${address}, and a rerun found it verified`);
    cliVerify(cli, project, url, address);
  } finally {
    node.kill();
  }
}

try {
  await main();
  step("ok");
} catch (error) {
  if (!process.exitCode) {
    console.error(`check-package: FAILED: ${error.stack ?? error}`);
    process.exitCode = 1;
  }
} finally {
  if (!process.env.CHECK_PACKAGE_KEEP) rmSync(work, { recursive: true, force: true });
  else console.log(`check-package: kept ${work}`);
}
