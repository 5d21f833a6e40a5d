import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { readManifest } from "../../src/inputs/manifest.js";
import {
  copyHardhatProject,
  type HardhatNode,
  removeProject,
  runHardhat,
  startHardhatNode,
} from "./hardhatProject.js";

// With a chain to read, a manifest entry needs neither its contract nor its libraries: both come from the code.
let project: string;
let node: HardhatNode;
let deployed: Record<string, string>;

beforeAll(async () => {
  project = await copyHardhatProject();
  node = await startHardhatNode(project);
  await runHardhat(
    project,
    ["ignition", "deploy", "ignition/modules/Fixture.ts", "--network", "fixtureNode"],
    {
      FIXTURE_NODE_URL: node.url,
    },
  );
  deployed = JSON.parse(
    await readFile(
      join(project, "ignition", "deployments", "chain-31337", "deployed_addresses.json"),
      "utf8",
    ),
  ) as Record<string, string>;
}, 240_000);

afterAll(async () => {
  await node?.stop();
  await removeProject(project);
});

describe("readManifest with the deployed code", () => {
  it("reads a linked library's address from the code at the address", async () => {
    const chain = new JsonRpcChain(node.url);
    const calculator = deployed["Fixture#Calculator"]!;
    const [entry] = await readManifest(JSON.stringify({ contracts: [{ address: calculator }] }), {
      artifactsDir: join(project, "artifacts"),
      cwd: project,
      deployedCode: (address) => chain.getCode(address),
    });
    expect(entry?.job.libraries).toEqual({
      "project/contracts/math/MathLib.sol:MathLib": deployed["Fixture#MathLib"]!.toLowerCase(),
    });
  }, 60_000);

  it("keeps the address the entry gives over the one in the code", async () => {
    const chain = new JsonRpcChain(node.url);
    const other = "0x00000000000000000000000000000000000000aa";
    const [entry] = await readManifest(
      JSON.stringify({
        contracts: [{ address: deployed["Fixture#Calculator"]!, libraries: { MathLib: other } }],
      }),
      {
        artifactsDir: join(project, "artifacts"),
        cwd: project,
        deployedCode: (address) => chain.getCode(address),
      },
    );
    expect(entry?.job.libraries).toEqual({ "project/contracts/math/MathLib.sol:MathLib": other });
  }, 60_000);
});
