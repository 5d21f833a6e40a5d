import { resolve } from "node:path";
import type { BadManifestEntry } from "../inputs/manifest.js";
import type { ChainClaim } from "../run/targets.js";
import { chainIdFlag, parseCommandLine } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { projectFoundryConfig } from "./cliTargets.js";
import { usage } from "./usage.js";
import { jobFlagsOf, jobOptions } from "./verifyCommand.js";

const options = {
  ...jobOptions,
  out: { type: "string", default: "verification.json" },
  help: { type: "boolean", short: "h", default: false },
} as const;

/**
 * `explorer-verify bundle --deployment PATH|--manifest FILE|ADDRESS --out verification.json`: writes the bundle of the
 * contracts `verify` would verify (what `verify --bundle` replays anywhere), and sends nothing to any service.
 *
 * @param argv - the arguments after `bundle`
 * @returns the exit code: 1 when a manifest entry could not become a contract of the bundle
 * @throws {UsageError} or {InvalidInputError} for a mistake in the command or the files
 */
export async function bundleCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, options, "bundle");
  if (values.help) {
    console.log(usage.bundle);
    return exitCodes.ok;
  }
  if (values.out.trim() === "")
    throw new UsageError("--out needs the bundle's file, e.g. verification.json.");
  const cwd = process.cwd();
  const foundry = await projectFoundryConfig(cwd, console.error);
  const flags = { ...jobFlagsOf(values, positionals, cwd, foundry?.out, "bundle"), foundry };
  const chainId = chainIdFlag(values["chain-id"]);
  const [{ requestJobs }, { chainIdsOf, chainPlaces }, { writeRunBundle }] = await Promise.all([
    import("../run/requestJobs.js"),
    import("../run/targets.js"),
    import("../run/bundleOfJobs.js"),
  ]);
  const badEntries: BadManifestEntry[] = [];
  const recorded: ChainClaim[] = [];
  const jobs = await requestJobs(
    flags,
    (entry) => badEntries.push(entry),
    (claim) => recorded.push(claim),
  );
  for (const entry of badEntries) console.error(`skipped     ${entry.field}: ${entry.error.shortMessage}`);
  if (jobs.length === 0) throw new UsageError("The deployment and manifest given hold no contracts.");
  const chainIds = await chainIdsOf(
    chainPlaces({
      given: chainId === undefined ? undefined : { id: chainId, source: "--chain-id" },
      recorded,
      rpc: flags.rpcUrl ? { url: flags.rpcUrl, source: "--rpc-url" } : undefined,
    }),
  );
  await writeRunBundle(
    resolve(cwd, values.out),
    jobs,
    chainIds.length === 1 ? chainIds[0] : undefined,
    "--out",
    (line) => console.error(line),
  );
  return badEntries.length > 0 ? exitCodes.failed : exitCodes.ok;
}
