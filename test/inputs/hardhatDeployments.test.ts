import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readHardhatDeployment } from "../../src/inputs/hardhatDeployments.js";
import type { BadManifestEntry } from "../../src/inputs/manifest.js";
import { jobsFromInputs } from "../../src/run/jobs/inputJobs.js";
import { rejected } from "../support/rejected.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
const v1 = join(fixtures, "hardhat-deploy-v1", "deployments", "localhost");
const v2 = join(fixtures, "rocketh", "deployments", "localhost");

let top: string;
beforeAll(async () => {
  top = await mkdtemp(join(tmpdir(), "explorer-verify-hardhat-deploy-"));
});
afterAll(() => rm(top, { recursive: true, force: true }));

// A copy of the hardhat-deploy 1.x fixture to change one thing in.
async function copyOfV1(name: string): Promise<string> {
  const folder = join(top, name, "localhost");
  await cp(v1, folder, { recursive: true });
  return folder;
}

async function edit(path: string, change: (file: Record<string, unknown>) => void): Promise<void> {
  const file = JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
  change(file);
  await writeFile(path, JSON.stringify(file));
}

describe("a hardhat-deploy 1.x deployments folder (made by hardhat-deploy 1.0.4 on Hardhat 2)", () => {
  it("gives one job per address: the library, the contract linking it, the proxy and its implementation", async () => {
    const { chainId, contracts, skipped } = await readHardhatDeployment(v1);
    expect(chainId).toBe(31337);
    expect(skipped).toEqual([]);
    expect(contracts.map(({ names, job }) => [names, job.address, job.contract])).toEqual([
      [["Box", "Box_Proxy"], "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9", "contracts/BoxProxy.sol:BoxProxy"],
      [["Box_Implementation"], "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0", "contracts/Box.sol:Box"],
      [["MathLib"], "0x5FbDB2315678afecb367f032d93F642f64180aa3", "contracts/MathLib.sol:MathLib"],
      [["Token"], "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", "contracts/Token.sol:Token"],
    ]);
  });

  it("reads the input saved in solcInputs, the compiler and the metadata from the file", async () => {
    const { contracts } = await readHardhatDeployment(v1);
    const token = contracts.find(({ names }) => names.includes("Token"))?.job;
    expect(token?.source).toMatchObject({
      format: "standard-json",
      compilerVersion: "v0.8.28+commit.7893614a",
      contractName: "contracts/Token.sol:Token",
    });
    const { solcInputHash } = JSON.parse(await readFile(join(v1, "Token.json"), "utf8")) as {
      solcInputHash: string;
    };
    const saved = JSON.parse(await readFile(join(v1, "solcInputs", `${solcInputHash}.json`), "utf8")) as {
      sources: Record<string, unknown>;
    };
    const source = token?.source.format === "standard-json" ? token.source : undefined;
    expect(Object.keys(source?.input.sources ?? {})).toEqual(Object.keys(saved.sources));
    expect(source?.metadata).toContain('"compilationTarget":{"contracts/Token.sol":"Token"}');
  });

  it("encodes the constructor's values with its ABI, and names the library by the file declaring it", async () => {
    const { contracts } = await readHardhatDeployment(v1);
    const token = contracts.find(({ names }) => names.includes("Token"))?.job;
    expect(token?.constructorArguments).toEqual({
      hex:
        "00000000000000000000000000000000000000000000003635c9adc5dea00000" +
        `${"0".repeat(24)}f39fd6e51aad88f6f4ce6ab8827279cfffb92266`,
    });
    expect(token?.libraries).toEqual({
      "contracts/MathLib.sol:MathLib": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    });
    expect(token?.creationTransaction).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("leaves out a library the deploy script passed that the contract does not link, as hardhat-deploy's linker does", async () => {
    const folder = await copyOfV1("shared-libraries");
    const stray = "0x00000000000000000000000000000000000000c4";
    await edit(join(folder, "Token.json"), (file) => {
      file.libraries = { ...(file.libraries as object), StringLib: stray };
    });
    await edit(join(folder, "MathLib.json"), (file) => {
      file.libraries = { StringLib: stray };
    });
    const { contracts, skipped } = await readHardhatDeployment(folder);
    expect(skipped).toEqual([]);
    const job = (name: string) => contracts.find(({ names }) => names.includes(name))?.job;
    expect(job("Token")?.libraries).toEqual({
      "contracts/MathLib.sol:MathLib": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    });
    expect(job("MathLib")?.libraries).toBeUndefined();
  });

  it("takes each address's creation transaction: transactionHash (a deterministic deployment's factory call too), else the receipt's; never a value that is no hash", async () => {
    const folder = await copyOfV1("creation-hashes");
    const hash = (n: string) => `0x${n.repeat(64)}`;
    await edit(join(folder, "Token.json"), (file) => {
      file.transactionHash = hash("a");
      // hardhat-deploy's deterministic deployment: sent through the factory, which created the contract inside it.
      file.receipt = { ...(file.receipt as object), to: "0x4e59b44847b379578588920ca78fbf26c0b4956c" };
    });
    await edit(join(folder, "MathLib.json"), (file) => {
      file.transactionHash = undefined;
      file.receipt = { ...(file.receipt as object), transactionHash: hash("b") };
    });
    await edit(join(folder, "Box_Implementation.json"), (file) => {
      file.transactionHash = "0x1234";
      file.receipt = undefined;
    });
    const { contracts } = await readHardhatDeployment(folder);
    const created = (name: string) =>
      contracts.find(({ names }) => names.includes(name))?.job.creationTransaction;
    expect([created("Token"), created("MathLib"), created("Box_Implementation")]).toEqual([
      hash("a"),
      hash("b"),
      undefined,
    ]);
  });

  it("links the proxy to its implementation once that is verified", async () => {
    const { contracts } = await readHardhatDeployment(v1);
    const implementation = contracts.find(({ names }) => names.includes("Box_Implementation"))?.job;
    const proxy = contracts.find(({ names }) => names.includes("Box_Proxy"))?.job;
    expect(implementation?.proxyAddress).toBe("0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9");
    expect(proxy?.proxyAddress).toBeUndefined();
    // The proxy's own constructor: implementation and the initializer's call data.
    expect(proxy?.constructorArguments).toEqual({
      hex: expect.stringMatching(/^0{24}9fe46736679d2d9a65f0992f2272de9f3c7fa6e0/),
    });
  });
});

describe("a rocketh deployments folder (made by hardhat-deploy 2.0.0-next.66 with rocketh 0.17 on Hardhat 3)", () => {
  it("verifies BoxProxy at the proxy (never Box's metadata there), links it to Box, and rebuilds each input", async () => {
    // rocketh writes addresses in lower case; they are kept as written.
    const { chainId, contracts, skipped } = await readHardhatDeployment(v2);
    expect(chainId).toBe(31337);
    expect(skipped).toEqual([]);
    expect(contracts.map(({ names, job }) => [names, job.address, job.contract, job.proxyAddress])).toEqual([
      [
        ["Box", "Box_Proxy"],
        "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
        "contracts/BoxProxy.sol:BoxProxy",
        undefined,
      ],
      [
        ["Box_Implementation"],
        "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0",
        "contracts/Box.sol:Box",
        "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
      ],
      [["MathLib"], "0x5fbdb2315678afecb367f032d93f642f64180aa3", "contracts/MathLib.sol:MathLib", undefined],
      [["Token"], "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512", "contracts/Token.sol:Token", undefined],
    ]);
    const token = contracts[3]?.job;
    expect(token?.source).toMatchObject({
      contractName: "project/contracts/Token.sol:Token",
      compilerVersion: "v0.8.28+commit.7893614a",
      input: { sources: { "project/contracts/Token.sol": {}, "project/contracts/MathLib.sol": {} } },
    });
    expect(token?.constructorArguments).toEqual({
      hex: `${"0".repeat(46)}3635c9adc5dea00000${"0".repeat(24)}f39fd6e51aad88f6f4ce6ab8827279cfffb92266`,
    });
  });
});

// rocketh's own files as deploy-tools.md §2.3 and §2.5 describe them, written from the v1 fixture's.
async function rocketh(name: string): Promise<string> {
  const folder = join(top, name, "localhost");
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, ".chain"), JSON.stringify({ chainId: "31337", genesisHash: "0x00" }));
  const v1File = async (file: string) =>
    JSON.parse(await readFile(join(v1, `${file}.json`), "utf8")) as Record<string, unknown>;
  const proxy = await v1File("Box_Proxy");
  const implementation = await v1File("Box_Implementation");
  const rockethFile = (file: Record<string, unknown>, argsData: string) => {
    const { args: _args, solcInputHash: _hash, transactionHash, ...rest } = file;
    return {
      ...rest,
      argsData,
      transaction: {
        hash: transactionHash,
        origin: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
        nonce: "0x3",
      },
    };
  };
  const proxyArgs = "0x".padEnd(66, "0");
  await writeFile(join(folder, "Box_Proxy.json"), JSON.stringify(rockethFile(proxy, proxyArgs)));
  await writeFile(join(folder, "Box_Implementation.json"), JSON.stringify(rockethFile(implementation, "0x")));
  // <Name> is the proxy's address overlaid with the implementation's metadata: never verified against it.
  await writeFile(
    join(folder, "Box.json"),
    JSON.stringify({ ...rockethFile(implementation, "0x"), address: proxy.address, argsData: proxyArgs }),
  );
  return folder;
}

describe("a rocketh (hardhat-deploy 2.x) deployments folder", () => {
  it("reads .chain, takes argsData as given, and verifies <Name>_Proxy's code at the proxy, not <Name>'s", async () => {
    const folder = await rocketh("rocketh-proxy");
    const { chainId, contracts } = await readHardhatDeployment(folder);
    expect(chainId).toBe(31337);
    expect(contracts.map(({ names, job }) => [names, job.contract, job.proxyAddress])).toEqual([
      [["Box", "Box_Proxy"], "contracts/BoxProxy.sol:BoxProxy", undefined],
      [["Box_Implementation"], "contracts/Box.sol:Box", "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9"],
    ]);
    expect(contracts[0]?.job.constructorArguments).toEqual({ hex: "0".repeat(64) });
    // rocketh's transaction.hash.
    expect(contracts[0]?.job.creationTransaction).toBe(
      JSON.parse(await readFile(join(v1, "Box_Proxy.json"), "utf8")).transactionHash,
    );
  });

  it("rebuilds the input from the metadata's embedded sources when no solcInputs file is there", async () => {
    const folder = await rocketh("rocketh-metadata");
    const { contracts } = await readHardhatDeployment(folder);
    const source = contracts[1]?.job.source;
    expect(source?.format === "standard-json" && source.input).toMatchObject({
      language: "Solidity",
      sources: { "contracts/Box.sol": { content: expect.stringContaining("contract Box") } },
      settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: expect.any(Object) },
    });
    expect(source?.format === "standard-json" && source.input.settings).not.toHaveProperty(
      "compilationTarget",
    );
  });

  it("skips, with the reason, a <Name> whose _Proxy file is not there", async () => {
    const folder = await rocketh("rocketh-no-proxy-file");
    await rm(join(folder, "Box_Proxy.json"));
    const { contracts, skipped } = await readHardhatDeployment(folder);
    expect(contracts.map(({ names }) => names)).toEqual([["Box_Implementation"]]);
    expect(skipped).toEqual([
      {
        name: "Box",
        address: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
        reason: "no Box_Proxy file is there, and Box carries its implementation's metadata, not the proxy's",
      },
    ]);
  });

  it("skips a deployment saved without metadata, and one whose metadata embeds no sources", async () => {
    const folder = await rocketh("rocketh-no-metadata");
    await edit(join(folder, "Box_Implementation.json"), (file) => {
      delete file.metadata;
    });
    await edit(join(folder, "Box_Proxy.json"), (file) => {
      const metadata = JSON.parse(String(file.metadata)) as { sources: Record<string, { content?: string }> };
      for (const source of Object.values(metadata.sources)) delete source.content;
      file.metadata = JSON.stringify(metadata);
    });
    const { contracts, skipped } = await readHardhatDeployment(folder);
    expect(contracts).toEqual([]);
    expect(skipped.map(({ name, reason }) => [name, reason])).toEqual([
      [
        "Box_Proxy",
        "its metadata does not embed the source contracts/BoxProxy.sol (built without useLiteralContent), and no solcInputs file holds it",
      ],
      [
        "Box_Implementation",
        "saved without metadata (a contract deployed elsewhere, or an artifact without it); nothing says how it was compiled",
      ],
    ]);
  });
});

describe("a diamond (hardhat-deploy's diamond.deploy, rocketh's @rocketh/diamond)", () => {
  it("verifies <Name>_DiamondProxy's code at the diamond, marked as a proxy so that its facets are linked, and each facet", async () => {
    const folder = join(top, "diamond", "localhost");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, ".chainId"), "31337");
    const diamond = "0x00000000000000000000000000000000000000d1";
    const proxy = JSON.parse(await readFile(join(v1, "Box_Proxy.json"), "utf8")) as Record<string, unknown>;
    const facet = JSON.parse(await readFile(join(v1, "Box_Implementation.json"), "utf8")) as Record<
      string,
      unknown
    >;
    await writeFile(join(folder, "Shop_DiamondProxy.json"), JSON.stringify({ ...proxy, address: diamond }));
    await writeFile(
      join(folder, "Shop.json"),
      JSON.stringify({
        ...proxy,
        address: diamond,
        facets: [{ facetAddress: facet.address, functionSelectors: ["0x6057361d"] }],
      }),
    );
    await writeFile(join(folder, "ShopFacet.json"), JSON.stringify(facet));
    const { contracts } = await readHardhatDeployment(folder);
    expect(contracts.map(({ names, job }) => [names, job.address, job.contract, job.proxyAddress])).toEqual([
      [["Shop", "Shop_DiamondProxy"], diamond, "contracts/BoxProxy.sol:BoxProxy", diamond],
      [["ShopFacet"], facet.address, "contracts/Box.sol:Box", undefined],
    ]);
  });
});

describe("the hall's deployment input", () => {
  it("takes a network folder among the deployments; one that makes no job is a bad entry, or stops the run", async () => {
    const folder = await rocketh("hall-bad-entry");
    await rm(join(folder, "Box_Proxy.json"));
    const bad: BadManifestEntry[] = [];
    const jobs = await jobsFromInputs({ deployment: folder, artifacts: "artifacts" }, top, (entry) =>
      bad.push(entry),
    );
    expect(jobs.map((job) => [job.contract, job.chainId])).toEqual([["contracts/Box.sol:Box", 31337]]);
    expect(bad.map((entry) => [entry.field, entry.address, entry.error.shortMessage])).toEqual([
      [
        'deployment["Box"]',
        "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
        `The deployment Box of ${folder} cannot be verified: no Box_Proxy file is there, and Box carries its implementation's metadata, not the proxy's.`,
      ],
    ]);
    const error = await rejected(jobsFromInputs({ deployment: folder, artifacts: "artifacts" }, top));
    expect(error.field).toBe('deployment["Box"]');
  });

  it("leaves out a deployment saved without metadata: told as an entry that fails nothing, never a stop", async () => {
    const folder = await copyOfV1("hall-saved");
    const weth = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
    await writeFile(join(folder, "WETH.json"), JSON.stringify({ address: weth, abi: [] }));
    const bad: BadManifestEntry[] = [];
    const jobs = await jobsFromInputs({ deployment: folder, artifacts: "artifacts" }, top, (entry) =>
      bad.push(entry),
    );
    expect(jobs.map((job) => job.address)).not.toContain(weth);
    expect(bad.map((entry) => [entry.address, entry.leftOut])).toEqual([[weth, true]]);
    await expect(jobsFromInputs({ deployment: folder, artifacts: "artifacts" }, top)).resolves.toHaveLength(
      jobs.length,
    );
  });
});

describe("a deployments folder is a stranger's input", () => {
  it("refuses a folder with neither .chain nor .chainId", async () => {
    const folder = join(top, "no-chain");
    await mkdir(folder, { recursive: true });
    const error = await rejected(readHardhatDeployment(folder));
    expect(error.shortMessage).toBe(
      `${folder} is not a hardhat-deploy or rocketh deployments folder: it has neither .chain nor .chainId (give the network's folder, e.g. deployments/sepolia).`,
    );
  });

  it("refuses a chain id that is not a whole number", async () => {
    const folder = await copyOfV1("bad-chain");
    await writeFile(join(folder, ".chainId"), "mainnet");
    const error = await rejected(readHardhatDeployment(folder));
    expect(error.shortMessage).toBe(
      `The chain file ${join(folder, ".chainId")} gives the chain id "mainnet", which is not a positive whole number.`,
    );
  });

  it("refuses a file that is not a deployment, naming it and the field", async () => {
    const folder = await copyOfV1("not-a-deployment");
    await writeFile(join(folder, "Notes.json"), JSON.stringify({ note: "hello" }));
    const error = await rejected(readHardhatDeployment(folder));
    expect(error.shortMessage).toBe(
      `The deployment file ${join(folder, "Notes.json")} is not in the expected format: address: Invalid input: expected string, received undefined.`,
    );
  });

  it("refuses a file that nests deeper than any deployment", async () => {
    const folder = await copyOfV1("deep");
    await writeFile(join(folder, "Deep.json"), `${"[".repeat(100)}${"]".repeat(100)}`);
    const error = await rejected(readHardhatDeployment(folder));
    expect(error.shortMessage).toBe(
      `The deployment file ${join(folder, "Deep.json")} nests objects and arrays more than 64 deep, which no deployment file does: it is not read.`,
    );
  });

  it("refuses metadata that nests deeper than any, naming the deployment file once", async () => {
    const folder = await copyOfV1("deep-metadata");
    await edit(join(folder, "Token.json"), (file) => {
      file.metadata = `${"[".repeat(100)}${"]".repeat(100)}`;
    });
    const error = await rejected(readHardhatDeployment(folder));
    expect(error.shortMessage).toBe(
      `The deployment's metadata ${join(folder, "Token.json")} nests objects and arrays more than 64 deep, which no deployment's metadata does: it is not read.`,
    );
  });

  it("refuses a solcInputHash that climbs out of the folder", async () => {
    const folder = await copyOfV1("climbing-hash");
    await edit(join(folder, "Token.json"), (file) => {
      file.solcInputHash = "../../../outside";
    });
    const error = await rejected(readHardhatDeployment(folder));
    expect(error.shortMessage).toBe(
      `The deployment file ${join(folder, "Token.json")} gives the solcInputHash "../../../outside", which is not a plain file name: an id names a file, without folders or "..".`,
    );
  });

  it("refuses a deployment file that links outside the folder", async () => {
    const folder = await copyOfV1("linked-out");
    const outside = join(top, "secret.json");
    await writeFile(outside, JSON.stringify({ address: "0x", abi: [] }));
    await symlink(outside, join(folder, "Secret.json"));
    const error = await rejected(readHardhatDeployment(folder));
    expect(error.shortMessage).toBe(
      `The deployment file ${join(folder, "Secret.json")} leads outside ${folder} once its links are followed: only files inside it are read.`,
    );
  });

  it("refuses constructor values that do not fit the constructor", async () => {
    const folder = await copyOfV1("bad-args");
    await edit(join(folder, "Token.json"), (file) => {
      file.args = ["1"];
    });
    const error = await rejected(readHardhatDeployment(folder));
    expect(error.field).toBe('deployment["Token"].args');
    expect(error.shortMessage).toBe(
      `The constructor arguments of ${join(folder, "Token.json")}: The constructor takes 2 arguments (uint256 initialSupply, address initialOwner), but 1 was given.`,
    );
  });
});
