import { spawnSync } from "node:child_process";
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { oncePerRun } from "./oncePerRun.js";

const repository = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The Action bundled from the sources as they are (once per test run), copied into a new temporary folder the caller
 * owns, so a test runs what the sources build rather than the committed dist/.
 *
 * @param prefix - the folder name's start
 * @returns the folder holding `index.js` and its chunks
 * @throws when the bundle fails, with esbuild's words
 */
export async function buildFreshBundle(prefix = "explorer-verify-bundle-"): Promise<string> {
  const built = await oncePerRun("action-bundle", async (folder) => {
    const bundled = spawnSync(process.execPath, ["scripts/bundle.mjs", "--outdir", folder], {
      cwd: repository,
      encoding: "utf8",
    });
    if (bundled.status !== 0) throw new Error(`bundle failed: ${bundled.stderr}`);
    return folder;
  });
  const bundleDir = await mkdtemp(join(tmpdir(), prefix));
  await cp(built, bundleDir, { recursive: true });
  return bundleDir;
}
