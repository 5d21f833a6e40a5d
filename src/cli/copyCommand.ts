import { copyServices } from "../run/commands/copyServices.js";
import { RunReporter, runExitCode } from "../run/commands/runReport.js";
import { readRunSettings } from "../run/settings.js";
import { cliCommand } from "./arguments.js";
import { UsageError } from "./cliErrors.js";
import { cliLedger, cliWhere, projectCompilers, projectFoundryConfig, whereFlags } from "./cliWhere.js";
import { copyLeavesOut, flagText, settingFlags } from "./settingFlags.js";

const ownOptions = {
  from: { type: "string" },
  to: { type: "string" },
  ...whereFlags,
  ledger: { type: "string" },
  "no-ledger": { type: "boolean", default: false },
  json: { type: "boolean", default: false },
} as const;

// The run's settings, as `verify` takes them, but those a copy leaves out.
const runFlags = Object.fromEntries(
  Object.entries(settingFlags()).filter(([flag]) => !copyLeavesOut.includes(flag)),
);
const options = { ...ownOptions, ...runFlags } as typeof ownOptions;

/**
 * `explorer-verify copy ADDRESS... --from SERVICE --to SERVICE,...`: reads each contract's verification from one
 * service and verifies it on the others, with no project, no build and no compiler.
 *
 * @throws {UsageError} or {InvalidInputError} for a mistake, before any request
 */
export const copyCommand = cliCommand("copy", options, async ({ values, positionals }) => {
  if (positionals.length === 0)
    throw new UsageError(
      "Give the contracts' addresses: explorer-verify copy ADDRESS... --from SERVICE --to SERVICE.",
    );
  const services = copyServices({ flag: "--from", text: values.from }, { flag: "--to", text: values.to });
  const { from, to } = services;
  const settings = readRunSettings("cli", (setting) =>
    setting.name === "targets" ? to.join(",") : flagText(setting, values),
  );
  const cwd = process.cwd();
  const foundry = await projectFoundryConfig(cwd);
  const { runVerifyRequest } = await import("../run/commands/verifyRequest.js");
  const { results } = await runVerifyRequest(
    {
      what: { kind: "copy", from, addresses: positionals },
      // A mistake in the ledger's flags is named before one in the where's flags.
      ledger: cliLedger(values, cwd, settings.recheck),
      where: {
        ...cliWhere(values, { cwd, foundry }, [from, ...to], settings),
        serviceFlag: services.blockscoutFlag,
      },
      settings,
      compilers: projectCompilers(cwd, foundry),
      refusals: {
        recheckWithoutLedger:
          "--recheck asks the services about what the ledger says is verified: drop --no-ledger (or --ledger none).",
      },
    },
    new RunReporter({ json: values.json, table: true, colour: true }),
  );
  return runExitCode(results, settings.optionalTargets);
});
