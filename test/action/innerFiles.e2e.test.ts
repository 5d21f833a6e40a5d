import { cp, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { type ActionRun, runAction } from "../support/actionRunner.js";
import { testAddress } from "../support/addresses.js";
import { buildFreshBundle } from "../support/freshBundle.js";
import { type HostileExplorer, startHostileExplorer } from "../support/hostileExplorer.js";
import {
  writeBuildInfoInput,
  writeBuildInfoOutput,
  writeIgnitionDeployment,
} from "../support/ignitionFiles.js";

// The Action bundled fresh from the sources, given deployments whose own files lead out of the workspace: what
// they lead to must be neither read nor sent.
const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const foundryProject = join(repository, "test", "fixtures", "foundry-project");
const foundryId = "4cdb80011a7505166fdcb72e119dafa6";
const secretSource = "// SECRET_OF_THE_NEIGHBOUR=do-not-send\ncontract Box {}\n";
let bundleDir: string;
let top: string;
let workspace: string;
let explorer: HostileExplorer;

beforeAll(async () => {
  bundleDir = await buildFreshBundle();
  top = await mkdtemp(join(tmpdir(), "explorer-verify-inner-action-"));
  workspace = join(top, "workspace");
  const evil = [{ name: "Box", source: secretSource }];
  await writeBuildInfoInput(join(top, "outside", "evil.json"), "evil", evil);
  await writeBuildInfoOutput(join(top, "outside", "evil.output.json"), "evil", evil);
  // Four ".." from the deployment's build-info/ reach <top>.
  await writeIgnitionDeployment(join(workspace, "deployments", "chain-31337"), {
    buildInfoId: "../../../../outside/evil",
    contract: "Box",
    address: testAddress(0xb0),
  });
  // A Foundry project whose out/build-info/<id>.json is a link to a build info outside the workspace.
  await cp(join(foundryProject, "broadcast"), join(workspace, "broadcast"), { recursive: true });
  await cp(
    join(foundryProject, "out", "build-info", `${foundryId}.json`),
    join(top, "outside", "foundry.json"),
  );
  await mkdir(join(workspace, "out", "build-info"), { recursive: true });
  await symlink(
    join(top, "outside", "foundry.json"),
    join(workspace, "out", "build-info", `${foundryId}.json`),
  );
  explorer = await startHostileExplorer();
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await rm(bundleDir, { recursive: true, force: true });
  await rm(top, { recursive: true, force: true });
});

beforeEach(() => explorer.reset());

function run(inputs: Record<string, string>): Promise<ActionRun> {
  return runAction(
    { "explorer-url": explorer.url, "timeout-seconds": "20", "fail-on-error": "true", ...inputs },
    workspace,
    {},
    join(bundleDir, "index.js"),
  );
}

describe("the bundled Action, given a deployment whose files lead out of the workspace", () => {
  it("refuses an Ignition artifact's build info id that climbs out, and sends nothing", async () => {
    const action = await run({ deployment: "deployments/chain-31337" });
    expect(action.code).toBe(1);
    const artifact = join(workspace, "deployments", "chain-31337", "artifacts", "Module#Box.json");
    expect(action.stdout).toContain(
      `::error::The Ignition artifact ${artifact} gives the build info id "../../../../outside/evil", which is not a plain file name: an id names a file, without folders or "..".`,
    );
    expect(explorer.requests).toEqual([]);
  }, 60_000);

  it("refuses a Foundry build info that is a link out of out/, and sends nothing", async () => {
    const action = await run({
      deployment: "broadcast/Deploy.s.sol/31337/run-latest.json",
      artifacts: "out",
    });
    expect(action.code).toBe(1);
    const linked = join(workspace, "out", "build-info", `${foundryId}.json`);
    expect(action.stdout).toContain(
      `::error::The build info ${linked} leads outside ${join(workspace, "out")} and ${workspace} once its links are followed: only files inside them are read.`,
    );
    expect(explorer.requests).toEqual([]);
  }, 60_000);
});
