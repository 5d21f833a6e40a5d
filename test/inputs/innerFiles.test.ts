import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readFoundryBroadcast } from "../../src/inputs/foundryBroadcast.js";
import { readIgnitionDeployment } from "../../src/inputs/ignitionDeployment.js";
import { readManifest } from "../../src/inputs/manifest.js";
import { testAddress } from "../support/addresses.js";
import {
  type HandContract,
  writeArtifact,
  writeBuildInfoInput,
  writeBuildInfoOutput,
  writeIgnitionDeployment,
} from "../support/ignitionFiles.js";
import { rejected } from "../support/rejected.js";
import { foundryFixture } from "./hardhatProject.js";

// <top>/workspace is the root; <top>/outside holds what no file inside the workspace may lead to; <top>/sibling is
// a folder of the user's own beside the workspace (a monorepo's other package).
let top: string;
let workspace: string;
let outside: string;
const box: HandContract = {
  name: "Box",
  source: "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Box {}\n",
};
const evil: HandContract = { name: "Box", source: "// SECRET=do-not-send\ncontract Box {}\n" };
const address = testAddress(0xb0);
const foundryId = "4cdb80011a7505166fdcb72e119dafa6";

beforeAll(async () => {
  top = await mkdtemp(join(tmpdir(), "explorer-verify-inner-"));
  workspace = join(top, "workspace");
  outside = join(top, "outside");
  await writeBuildInfoInput(join(outside, "evil.json"), "evil", [evil]);
  await writeBuildInfoOutput(join(outside, "evil.output.json"), "evil", [evil]);
  await writeArtifact(join(outside, "Evil.json"), "Box", "good");
  await cp(join(foundryFixture, "out", "build-info", `${foundryId}.json`), join(outside, "foundry.json"));
});

afterAll(() => rm(top, { recursive: true, force: true }));

// A deployment under <workspace>/deployments/<name>, so that four ".." from its build-info/ reach <top>.
async function deployment(name: string, ids: { buildInfoId?: string; artifactId?: string } = {}) {
  const dir = join(workspace, "deployments", name);
  await writeBuildInfoInput(join(dir, "build-info", "good.json"), "good", [box]);
  const artifact = await writeIgnitionDeployment(dir, {
    buildInfoId: ids.buildInfoId ?? "good",
    contract: "Box",
    address,
    ...(ids.artifactId === undefined ? {} : { artifactId: ids.artifactId }),
  });
  return { dir, artifact };
}

describe("ids inside an Ignition deployment name files in it, nothing else", () => {
  it("refuses a build info id that climbs out, naming the artifact that gives it", async () => {
    const { dir, artifact } = await deployment("climbing-build-info", {
      buildInfoId: "../../../../outside/evil",
    });
    const error = await rejected(readIgnitionDeployment(dir));
    expect([error.code, error.field, error.shortMessage]).toEqual([
      "invalid_input",
      "deployment",
      `The Ignition artifact ${artifact} gives the build info id "../../../../outside/evil", which is not a plain file name: an id names a file, without folders or "..".`,
    ]);
  });

  it("refuses an artifact id of the journal that climbs out, naming the journal's line", async () => {
    const { dir } = await deployment("climbing-artifact", { artifactId: "../../../../outside/Evil" });
    const error = await rejected(readIgnitionDeployment(dir));
    expect([error.code, error.field, error.shortMessage]).toEqual([
      "invalid_input",
      "deployment",
      `The Ignition journal ${join(dir, "journal.jsonl")} (line 2) gives the artifact id "../../../../outside/Evil", which is not a plain file name: an id names a file, without folders or "..".`,
    ]);
  });

  it("refuses a build info of the deployment that is a link out of it", async () => {
    const { dir } = await deployment("linked-build-info", { buildInfoId: "linked" });
    await symlink(join(outside, "evil.json"), join(dir, "build-info", "linked.json"));
    const error = await rejected(readIgnitionDeployment(dir, { root: workspace }));
    expect(error.shortMessage).toBe(
      `The build info ${join(dir, "build-info", "linked.json")} leads outside ${dir} and ${workspace} once its links are followed: only files inside them are read.`,
    );
  });

  it("refuses a journal or an addresses file that is a link out of the deployment", async () => {
    await writeFile(join(outside, "secret.env"), "SECRET=do-not-send\n");
    const { dir } = await deployment("linked-journal");
    await rm(join(dir, "journal.jsonl"));
    await symlink(join(outside, "secret.env"), join(dir, "journal.jsonl"));
    const journal = await rejected(readIgnitionDeployment(dir));
    expect(journal.shortMessage).toBe(
      `The Ignition journal ${join(dir, "journal.jsonl")} leads outside ${dir} once its links are followed: only files inside it are read.`,
    );
    const { dir: addressesDir } = await deployment("linked-addresses");
    await rm(join(addressesDir, "deployed_addresses.json"));
    await symlink(join(outside, "secret.env"), join(addressesDir, "deployed_addresses.json"));
    const addresses = await rejected(readIgnitionDeployment(addressesDir));
    expect(addresses.shortMessage).toBe(
      `The Ignition deployed addresses file ${join(addressesDir, "deployed_addresses.json")} leads outside ${addressesDir} once its links are followed: only files inside it are read.`,
    );
    expect(`${journal.message}${addresses.message}`).not.toContain("do-not-send");
  });

  it("refuses the project's artifacts/build-info/<id>.json when it is a link out of the artifacts folder", async () => {
    const { dir } = await deployment("linked-artifacts");
    const artifactsDir = join(workspace, "linked-artifacts");
    await mkdir(join(artifactsDir, "build-info"), { recursive: true });
    await symlink(join(outside, "evil.json"), join(artifactsDir, "build-info", "good.json"));
    const error = await rejected(readIgnitionDeployment(dir, { artifactsDir }));
    expect([error.field, error.shortMessage]).toEqual([
      "deployment",
      `The build info ${join(artifactsDir, "build-info", "good.json")} leads outside ${artifactsDir} once its links are followed: only files inside it are read.`,
    ]);
  });

  it("refuses a build info output that is a link out of the artifacts folder", async () => {
    const { dir } = await deployment("linked-output");
    const artifactsDir = join(workspace, "linked-output-artifacts");
    await writeBuildInfoInput(join(artifactsDir, "build-info", "good.json"), "good", [box]);
    await symlink(join(outside, "evil.output.json"), join(artifactsDir, "build-info", "good.output.json"));
    const error = await rejected(readIgnitionDeployment(dir, { artifactsDir }));
    expect(error.shortMessage).toBe(
      `The build info output ${join(artifactsDir, "build-info", "good.output.json")} leads outside ${artifactsDir} once its links are followed: only files inside it are read.`,
    );
  });

  it("reads the user's own artifacts folder outside the root, and a link inside the root", async () => {
    const { dir } = await deployment("sibling");
    const sibling = join(top, "sibling", "artifacts");
    await writeBuildInfoInput(join(sibling, "build-info", "good.json"), "good", [box]);
    await writeBuildInfoOutput(join(sibling, "build-info", "good.output.json"), "good", [box]);
    const fromSibling = await readIgnitionDeployment(dir, { artifactsDir: sibling, root: workspace });
    expect(fromSibling.contracts[0]?.job.source).toMatchObject({
      format: "standard-json",
      input: { sources: { "project/contracts/Box.sol": { content: box.source } } },
      metadata: JSON.stringify({ sources: { "project/contracts/Box.sol": {} } }),
    });

    const { dir: linked } = await deployment("linked-inside", { buildInfoId: "shared" });
    await writeBuildInfoInput(join(workspace, "shared", "shared.json"), "shared", [box]);
    await symlink(join(workspace, "shared", "shared.json"), join(linked, "build-info", "shared.json"));
    const inside = await readIgnitionDeployment(linked, { root: workspace });
    expect(inside.contracts.map(({ job }) => [job.contract, job.address])).toEqual([
      ["contracts/Box.sol:Box", address],
    ]);
  });
});

describe("build infos of a folder stay in it once links are followed", () => {
  it("refuses a Foundry out/build-info/<id>.json that is a link out of out/", async () => {
    const project = join(workspace, "foundry");
    await cp(join(foundryFixture, "broadcast"), join(project, "broadcast"), { recursive: true });
    await mkdir(join(project, "out", "build-info"), { recursive: true });
    const linked = join(project, "out", "build-info", `${foundryId}.json`);
    await symlink(join(outside, "foundry.json"), linked);
    const runLatest = join(project, "broadcast", "Deploy.s.sol", "31337", "run-latest.json");
    const error = await rejected(readFoundryBroadcast(runLatest));
    expect([error.code, error.field, error.shortMessage]).toEqual([
      "invalid_input",
      "deployment",
      `The build info ${linked} leads outside ${join(project, "out")} once its links are followed: only files inside it are read.`,
    ]);
  });

  it("refuses a build info of the manifest's artifacts folder that links out of it and of the workspace", async () => {
    const artifactsDir = join(workspace, "manifest-artifacts");
    await mkdir(join(artifactsDir, "build-info"), { recursive: true });
    await symlink(join(outside, "foundry.json"), join(artifactsDir, "build-info", `${foundryId}.json`));
    const error = await rejected(
      readManifest(JSON.stringify({ contracts: [{ address, contract: "src/Token.sol:Token" }] }), {
        artifactsDir,
        cwd: workspace,
        root: workspace,
      }),
    );
    expect([error.field, error.shortMessage]).toEqual([
      "artifacts",
      `The build info ${join(artifactsDir, "build-info", `${foundryId}.json`)} leads outside ${artifactsDir} and ${workspace} once its links are followed: only files inside them are read.`,
    ]);
  });
});
