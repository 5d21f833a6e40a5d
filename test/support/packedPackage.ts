// The package as users get it: `npm pack` of this checkout, where npm's prepare script builds lib/ first.
// It is packed once per test run and shared by every test file that needs it.
import { execFile } from "node:child_process";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../inputs/hardhatProject.js";
import { oncePerRun } from "./oncePerRun.js";

const run = promisify(execFile);
const binDir = join(repoRoot, "node_modules", ".bin");

/**
 * The tarball `npm pack` makes of this checkout, made once per test run.
 * @returns the tarball's path
 * @throws when packing failed
 */
export function packedTarball(): Promise<string> {
  return oncePerRun("packed-package", async (folder) => {
    const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ""}` };
    const { stdout } = await run("npm", ["pack", "--silent", "--pack-destination", folder], {
      cwd: repoRoot,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return join(folder, stdout.trim().split("\n").pop() ?? "");
  });
}
