import { type FoundryConfig, foundryExplorerFor } from "../inputs/foundryConfig.js";
import { parseShardCount } from "../run/commands/requestFacts.js";
import { readRunSettings } from "../run/settings.js";
import { apiKeyFromEnvironment, cliCommand, serviceKeyFromEnvironment } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { cliChain, cliEndpoints } from "./cliWhere.js";
import { flagsOrBundleRun } from "./commandLineJobs.js";
import { flagText, settingFlags } from "./settingFlags.js";
import { verifyOptions } from "./verifyCommand.js";

// Verify's flags are taken, and those a plan does not need (--endpoint, --ledger, --json, …) are ignored: one command
// line serves both.
const ownOptions = {
  ...verifyOptions,
  shards: { type: "string" },
} as const;

// `--targets` and the other run settings are taken as verify takes them: the plan splits over the same targets.
const options = { ...ownOptions, ...settingFlags() } as typeof ownOptions;

/**
 * `explorer-verify plan (--deployment D | --bundle F | --manifest M) --shards N`: prints the run split into N shards
 * as a GitHub Actions matrix, `{"include":[{"shard":"1-of-4", …}]}`, and sends nothing.
 *
 * @throws {UsageError} or {InvalidInputError} for a mistake in the command or the files
 */
export const planCommand = cliCommand("plan", options, async ({ values, positionals }) => {
  if (values.shards === undefined)
    throw new UsageError("plan needs --shards N: how many shards to split the run into.");
  const shards = parseShardCount(values.shards, "--shards");
  const settings = readRunSettings("cli", (setting) => flagText(setting, values));
  const { what, foundry } = await flagsOrBundleRun(values, positionals, process.cwd(), "plan");
  const { runPlanRequest } = await import("../run/commands/planRequest.js");
  const { matrix, notes } = await runPlanRequest(
    {
      what,
      // The run's chain, as verify names it: each shard's run makes the same plan only on the same chain.
      where: cliChain(values),
      settings,
      shards,
      keys: [
        unlessRefused(apiKeyFromEnvironment),
        serviceKeyFromEnvironment("ETHERSCAN_API_KEY"),
        serviceKeyFromEnvironment("ROUTESCAN_API_KEY"),
        ...foundryKeys(foundry),
      ],
      endpoints: unlessRefused(() => cliEndpoints(values)),
      readTimeoutSeconds: settings.readTimeoutSeconds,
    },
    (line) => console.error(line),
  );
  for (const note of notes) console.error(`plan        ${note}`);
  process.stdout.write(`${JSON.stringify(matrix)}\n`);
  return exitCodes.ok;
});

// A plan sends nothing: a key variable set but empty, or an endpoint entry amiss, is the verify run's to refuse.
function unlessRefused<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

// The keys foundry.toml's [etherscan] gives the run's Blockscout explorers, and what their `${VAR}`s expand to.
function foundryKeys(foundry: FoundryConfig | undefined): Array<string | undefined> {
  if (!foundry) return [];
  return foundry.etherscan.flatMap(({ chainId }) => {
    if (chainId === undefined) return [];
    const found = unlessRefused(() => foundryExplorerFor(foundry, chainId));
    return [found?.key, ...(found?.secrets ?? [])];
  });
}
