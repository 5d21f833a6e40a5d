import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readBuildInfos } from "../../src/inputs/buildInfo.js";
import { findContract } from "../../src/inputs/findContract.js";
import { readFoundryBroadcast } from "../../src/inputs/foundryBroadcast.js";
import { foundryFixture } from "./hardhatProject.js";

// A project that builds Token with two compiler releases, as forge leaves it: two build infos whose Token has the
// same executable code and another metadata (and the second fewer sources), and a broadcast naming `Token.0.8.28`.
const fixtureBuild = join(foundryFixture, "out", "build-info", "4cdb80011a7505166fdcb72e119dafa6.json");
const fixtureRun = join(foundryFixture, "broadcast", "Deploy.s.sol", "31337", "run-latest.json");
const release28 = "64736f6c634300081c0033";
const release31 = "64736f6c634300081f0033";
let dir: string;
let runFile: string;
let deployedToken: string;

// biome-ignore lint/suspicious/noExplicitAny: a build info's JSON, edited as forge would have written it
type Json = any;

function asRelease31(build: Json): Json {
  const token = build.output.contracts["src/Token.sol"].Token;
  for (const code of [token.evm.bytecode, token.evm.deployedBytecode])
    code.object = code.object.replace(release28, release31).replace(/(?<=a2646970667358221220)..../, "0000");
  const metadata = JSON.parse(token.metadata);
  metadata.compiler.version = "0.8.31+commit.fd3a2265";
  token.metadata = JSON.stringify(metadata);
  return {
    ...build,
    id: "31".repeat(16),
    compilerVersion: "0.8.31",
    inputVersion: "0.8.31",
    inputVersionLong: "0.8.31",
    source_id_to_path: { "0": "src/Token.sol" },
    input: { ...build.input, sources: { "src/Token.sol": build.input.sources["src/Token.sol"] } },
    output: { ...build.output, contracts: { "src/Token.sol": build.output.contracts["src/Token.sol"] } },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "explorer-verify-releases-"));
  const build = JSON.parse(await readFile(fixtureBuild, "utf8"));
  deployedToken = build.output.contracts["src/Token.sol"].Token.evm.deployedBytecode.object;
  await mkdir(join(dir, "out", "build-info"), { recursive: true });
  await writeFile(join(dir, "out", "build-info", `${build.id}.json`), JSON.stringify(build));
  await writeFile(
    join(dir, "out", "build-info", `${"31".repeat(16)}.json`),
    JSON.stringify(asRelease31(build)),
  );
  runFile = join(dir, "run-latest.json");
});

afterAll(() => rm(dir, { recursive: true, force: true }));

async function broadcastNaming(tokenName: string): Promise<string> {
  const run = JSON.parse(await readFile(fixtureRun, "utf8"));
  run.transactions = run.transactions.filter((transaction: Json) => transaction.contractName === "Token");
  run.transactions[0].contractName = tokenName;
  run.receipts = [];
  await writeFile(runFile, JSON.stringify(run));
  return runFile;
}

const releaseOf = (job: { source: object }) =>
  "compilerVersion" in job.source ? job.source.compilerVersion : undefined;

describe("a contract forge built with two compiler releases", () => {
  it("is found by the name forge gives it in the broadcast, `Token.0.8.28`", async () => {
    const { contracts } = await readFoundryBroadcast(await broadcastNaming("Token.0.8.28"), {
      outDir: join(dir, "out"),
    });
    expect(contracts.map(({ job }) => [job.contract, releaseOf(job)])).toEqual([
      ["src/Token.sol:Token", "v0.8.28+commit.7893614a"],
    ]);
  });

  it("is the build whose creation code, metadata included, the broadcast's transaction sent", async () => {
    const { contracts } = await readFoundryBroadcast(await broadcastNaming("Token"), {
      outDir: join(dir, "out"),
    });
    expect(contracts.map(({ job }) => releaseOf(job))).toEqual(["v0.8.28+commit.7893614a"]);
  });

  it("is the build whose metadata hash the deployed code ends with, when the executable code is the same", async () => {
    const builds = await readBuildInfos(join(dir, "out"));
    expect(builds).toHaveLength(2);
    expect(findContract(builds, "src/Token.sol:Token", "contract", deployedToken).compilerVersion).toBe(
      "v0.8.28+commit.7893614a",
    );
  });
});
