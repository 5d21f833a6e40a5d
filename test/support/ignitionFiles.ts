// A Hardhat 3 Ignition deployment folder written by hand (deployed_addresses.json, journal.jsonl, artifacts/,
// build-info/), for tests of what the reader does with the ids and links those files hold.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** One contract of a hand-written build. */
export interface HandContract {
  /** e.g. `Box`; its file is `contracts/<name>.sol`, `project/contracts/<name>.sol` in the input. */
  name: string;
  source: string;
}

const compilerVersion = "0.8.28+commit.7893614a";

/**
 * Writes a Hardhat 3 build info (`<id>.json`, only the input, as Ignition copies it).
 * @param path - the file
 * @param id - the build id it states
 * @param contracts - its sources
 */
export async function writeBuildInfoInput(
  path: string,
  id: string,
  contracts: HandContract[],
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const sources = Object.fromEntries(
    contracts.map(({ name, source }) => [`project/contracts/${name}.sol`, { content: source }]),
  );
  await writeFile(
    path,
    JSON.stringify({
      _format: "hh3-sol-build-info-1",
      id,
      solcVersion: "0.8.28",
      solcLongVersion: compilerVersion,
      input: { language: "Solidity", sources, settings: { optimizer: { enabled: false, runs: 200 } } },
      userSourceNameMap: Object.fromEntries(
        contracts.map(({ name }) => [`contracts/${name}.sol`, `project/contracts/${name}.sol`]),
      ),
    }),
  );
}

/**
 * Writes the `<id>.output.json` of a Hardhat 3 build info, with each contract's metadata.
 * @param path - the file
 * @param id - the build id
 * @param contracts - its contracts
 */
export async function writeBuildInfoOutput(
  path: string,
  id: string,
  contracts: HandContract[],
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const outputContracts = Object.fromEntries(
    contracts.map(({ name }) => [
      `project/contracts/${name}.sol`,
      {
        [name]: {
          abi: [],
          metadata: JSON.stringify({ sources: { [`project/contracts/${name}.sol`]: {} } }),
          evm: { bytecode: { object: "6080" }, deployedBytecode: { object: "6080" } },
        },
      },
    ]),
  );
  await writeFile(
    path,
    JSON.stringify({ _format: "hh3-sol-build-info-output-1", id, output: { contracts: outputContracts } }),
  );
}

/** What the deployment's files say about its one contract. */
export interface HandDeployment {
  /** The journal's `artifactId` (default `Module#<name>`). */
  artifactId?: string;
  /** The artifact's `buildInfoId`. */
  buildInfoId: string;
  contract: string;
  address: string;
}

/**
 * Writes an Ignition deployment of one contract: its address, a journal that deployed it, and its artifact. The
 * build info is left to the caller.
 * @param dir - the deployment folder
 * @param deployment - the ids and the contract
 * @returns the artifact's path
 */
export async function writeIgnitionDeployment(dir: string, deployment: HandDeployment): Promise<string> {
  const futureId = `Module#${deployment.contract}`;
  const artifactId = deployment.artifactId ?? futureId;
  await mkdir(join(dir, "artifacts"), { recursive: true });
  await writeFile(join(dir, "deployed_addresses.json"), JSON.stringify({ [futureId]: deployment.address }));
  const messages = [
    { type: "DEPLOYMENT_INITIALIZE", chainId: 31337 },
    {
      type: "DEPLOYMENT_EXECUTION_STATE_INITIALIZE",
      futureId,
      futureType: "NAMED_ARTIFACT_CONTRACT_DEPLOYMENT",
      artifactId,
      contractName: deployment.contract,
      constructorArgs: [],
      libraries: {},
    },
    {
      type: "DEPLOYMENT_EXECUTION_STATE_COMPLETE",
      futureId,
      result: { type: "SUCCESS", address: deployment.address },
    },
  ];
  await writeFile(join(dir, "journal.jsonl"), messages.map((message) => JSON.stringify(message)).join("\n"));
  const artifactPath = join(dir, "artifacts", `${futureId}.json`);
  await writeArtifact(artifactPath, deployment.contract, deployment.buildInfoId);
  return artifactPath;
}

/**
 * Writes a Hardhat 3 artifact.
 * @param path - the file
 * @param contract - the contract's name
 * @param buildInfoId - the build it names
 */
export async function writeArtifact(path: string, contract: string, buildInfoId: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(
    path,
    JSON.stringify({
      _format: "hh3-artifact-1",
      contractName: contract,
      sourceName: `contracts/${contract}.sol`,
      inputSourceName: `project/contracts/${contract}.sol`,
      abi: [],
      bytecode: "0x6080",
      deployedBytecode: "0x6080",
      linkReferences: {},
      deployedLinkReferences: {},
      immutableReferences: {},
      buildInfoId,
    }),
  );
}
