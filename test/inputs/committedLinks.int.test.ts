import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readFoundryArtifacts } from "../../src/inputs/foundryArtifacts.js";

// Links a pull request commits inside the folders it names: followed, they loop or lead out.
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "explorer-verify-committed-links-"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a link to a folder inside Foundry's out/", () => {
  it("is not walked: out/a -> . lists each artifact once, not once per lap", async () => {
    const dir = join(root, "foundry");
    await cp("test/fixtures/foundry-project", dir, { recursive: true });
    await symlink(".", join(dir, "out", "a"));
    const builds = await readFoundryArtifacts(join(dir, "out"), "--artifacts", {
      root: dir,
      contractNames: ["Counter"],
    });
    expect(builds?.map((build) => build.id)).toEqual([
      join("Counter.sol", "Counter.json"),
      join("legacy", "Counter.sol", "Counter.json"),
    ]);
  });
});
