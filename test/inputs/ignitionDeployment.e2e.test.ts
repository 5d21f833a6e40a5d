import { appendFile, cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type IgnitionDeployment, readIgnitionDeployment } from "../../src/inputs/ignitionDeployment.js";
import { rejected } from "../support/rejected.js";
import { copyHardhatProject, removeProject, runHardhat, startHardhatNode } from "./hardhatProject.js";

describe("readIgnitionDeployment (npx hardhat ignition deploy)", () => {
  let project: string | undefined;
  let deploymentDir: string;
  let addresses: Record<string, string>;
  let deployment: IgnitionDeployment;

  beforeAll(async () => {
    project = await copyHardhatProject();
    const node = await startHardhatNode(project);
    try {
      await runHardhat(
        project,
        [
          "ignition",
          "deploy",
          "ignition/modules/Fixture.ts",
          "--network",
          "fixtureNode",
          "--deployment-id",
          "fixture",
        ],
        { FIXTURE_NODE_URL: node.url },
      );
    } finally {
      await node.stop();
    }
    deploymentDir = join(project, "ignition", "deployments", "fixture");
    addresses = JSON.parse(await readFile(join(deploymentDir, "deployed_addresses.json"), "utf8")) as Record<
      string,
      string
    >;
    deployment = await readIgnitionDeployment(deploymentDir);
  }, 240_000);

  afterAll(() => removeProject(project));

  it("makes one job per deployed contract and library, at the recorded addresses", () => {
    expect(deployment.chainId).toBe(31337);
    expect(
      deployment.contracts.map(({ futureId, job }) => [futureId, job.contract, job.address]).sort(),
    ).toEqual(
      [
        ["Fixture#Calculator", "contracts/Calculator.sol:Calculator", addresses["Fixture#Calculator"]],
        ["Fixture#Counter", "contracts/Counter.sol:Counter", addresses["Fixture#Counter"]],
        ["Fixture#MathLib", "contracts/math/MathLib.sol:MathLib", addresses["Fixture#MathLib"]],
        ["Fixture#Token", "contracts/Token.sol:Token", addresses["Fixture#Token"]],
      ].sort(),
    );
  });

  it("takes constructor arguments from the journal, bigints included, with the artifact's ABI", () => {
    const token = deployment.contracts.find(({ futureId }) => futureId === "Fixture#Token")?.job;
    expect(token?.constructorArguments).toEqual({
      values: ["Fixture Token", "FIX", 1_000_000n],
      abi: expect.arrayContaining([expect.objectContaining({ type: "constructor" })]),
    });
    expect(token?.source).toMatchObject({
      format: "standard-json",
      compilerVersion: "v0.8.28+commit.7893614a",
      contractName: "project/contracts/Token.sol:Token",
    });
    if (token?.source.format !== "standard-json") throw new Error("expected standard JSON");
    // Ignition deploys the production build: one isolated build per file, optimized.
    expect(Object.keys(token.source.input.sources).sort()).toEqual([
      "project/contracts/Token.sol",
      "project/contracts/access/Owned.sol",
      "project/contracts/math/SafeSum.sol",
    ]);
    expect(token.source.input.settings?.optimizer).toEqual({ enabled: true, runs: 200 });
  });

  it("takes the libraries from the journal, keyed by the input's name", () => {
    const calculator = deployment.contracts.find(({ futureId }) => futureId === "Fixture#Calculator")?.job;
    expect(calculator?.libraries).toEqual({
      "project/contracts/math/MathLib.sol:MathLib": addresses["Fixture#MathLib"],
    });
  });

  it("finds each contract's metadata in the project's build output when given the artifacts folder", async () => {
    const withoutOutput = deployment.contracts.find(({ futureId }) => futureId === "Fixture#Token")?.job;
    if (withoutOutput?.source.format !== "standard-json") throw new Error("expected standard JSON");
    expect(withoutOutput.source.metadata).toBeUndefined();

    const withOutput = await readIgnitionDeployment(deploymentDir, {
      artifactsDir: join(project ?? "", "artifacts"),
    });
    const token = withOutput.contracts.find(({ futureId }) => futureId === "Fixture#Token")?.job;
    if (token?.source.format !== "standard-json") throw new Error("expected standard JSON");
    const metadata = JSON.parse(token.source.metadata ?? "{}") as { sources: Record<string, unknown> };
    const inputSources = Object.keys(token.source.input.sources);
    for (const name of Object.keys(metadata.sources)) expect(inputSources).toContain(name);
  });

  it("leaves out a future wiped after it ran", async () => {
    const copy = join(project ?? "", "ignition", "deployments", "wiped");
    await cp(deploymentDir, copy, { recursive: true });
    await appendFile(
      join(copy, "journal.jsonl"),
      `\n${JSON.stringify({ futureId: "Fixture#Counter", type: "WIPE_APPLY" })}`,
    );
    const wiped = await readIgnitionDeployment(copy);
    expect(wiped.contracts.map(({ futureId }) => futureId).sort()).toEqual([
      "Fixture#Calculator",
      "Fixture#MathLib",
      "Fixture#Token",
    ]);
  });

  it("names the journal line it cannot read", async () => {
    const copy = join(project ?? "", "ignition", "deployments", "broken");
    await cp(deploymentDir, copy, { recursive: true });
    const journal = join(copy, "journal.jsonl");
    const lines = (await readFile(journal, "utf8")).split("\n");
    await writeFile(
      journal,
      [...lines.slice(0, 2), '{"type":"DEPLOYMENT_EXECUTION_STATE_INITIALIZE"}'].join("\n"),
    );
    const error = await rejected(readIgnitionDeployment(copy));
    expect(error.field).toBe("deployment");
    expect(error.shortMessage).toBe(
      `The Ignition journal ${journal} (line 3) is not in the expected format: futureId: Invalid input: expected string, received undefined.`,
    );
  });

  it("says which file is missing", async () => {
    const missing = join(project ?? "", "ignition", "deployments", "missing");
    const error = await rejected(readIgnitionDeployment(missing, { field: "deploymentId" }));
    expect(error.field).toBe("deploymentId");
    expect(error.shortMessage).toBe(
      `Cannot read the Ignition deployed addresses file ${join(missing, "deployed_addresses.json")}: no such file.`,
    );
  });
});
