import { spawnSync } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repository = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Bundles the Action from the sources as they are into a new temporary folder, so a test runs what the sources
 * build rather than the committed dist/.
 *
 * @param prefix - the folder name's start
 * @returns the folder holding `index.js` and its chunks
 * @throws when the bundle fails, with esbuild's words
 */
export async function buildFreshBundle(prefix = "explorer-verify-bundle-"): Promise<string> {
  const bundleDir = await mkdtemp(join(tmpdir(), prefix));
  const built = spawnSync(process.execPath, ["scripts/bundle.mjs", "--outdir", bundleDir], {
    cwd: repository,
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`bundle failed: ${built.stderr}`);
  return bundleDir;
}
