import { resolve } from "node:path";
import { cliCommand } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { cliChain, projectFoundryConfig } from "./cliWhere.js";
import { flagsRun, jobOptions } from "./commandLineJobs.js";

const options = {
  ...jobOptions,
  out: { type: "string", default: "verification.json" },
} as const;

/**
 * `explorer-verify bundle --deployment PATH|--manifest FILE|ADDRESS --out verification.json`: writes the bundle of the
 * contracts `verify` would verify (what `verify --bundle` replays anywhere), and sends nothing to any service.
 *
 * @returns the exit code: 1 when a manifest entry could not become a contract of the bundle
 * @throws {UsageError} or {InvalidInputError} for a mistake in the command or the files
 */
export const bundleCommand = cliCommand("bundle", options, async ({ values, positionals }) => {
  if (values.out.trim() === "")
    throw new UsageError("--out needs the bundle's file, e.g. verification.json.");
  const cwd = process.cwd();
  const foundry = await projectFoundryConfig(cwd);
  const what = flagsRun(values, positionals, { cwd, foundry, command: "bundle" });
  const { runBundleRequest } = await import("../run/commands/bundleRequest.js");
  const { skipped } = await runBundleRequest(
    {
      what,
      where: { chainId: cliChain(values).chainId },
      out: { path: resolve(cwd, values.out), field: "--out" },
    },
    (line) => console.error(line),
  );
  return skipped > 0 ? exitCodes.failed : exitCodes.ok;
});
