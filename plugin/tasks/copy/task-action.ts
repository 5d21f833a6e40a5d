import { resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { interruptedExitCode } from "../../../src/run/interruption.js";
import { RunReporter } from "../../../src/run/runReporter.js";
import { readRunSettings, type Setting } from "../../../src/run/settings.js";
import { type Service, services } from "../../../src/verify/verifier.js";
import { ChainAccess } from "../../internal/chainAccess.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { resolveTaskTargets } from "../../internal/taskTargets.js";

interface CopyTaskArguments {
  addresses: string[];
  from: string | undefined;
  to: string | undefined;
  explorerUrl: string | undefined;
  ledger: string | undefined;
  json: boolean;
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/;

/**
 * `npx hardhat explorer-verify copy ADDRESS... --from SERVICE --to SERVICE,... --network NAME`: the hall's copy, on
 * the network's chain; everything is checked before anything is sent.
 * @param args - the task's arguments
 * @param hre - the Hardhat runtime
 */
export default async function copyTaskAction(
  args: CopyTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  if (args.addresses.length === 0)
    throw userError(
      "Give the contracts' addresses: npx hardhat explorer-verify copy ADDRESS... --from SERVICE --to SERVICE.",
    );
  const malformed = args.addresses.find((address) => !addressPattern.test(address));
  if (malformed !== undefined)
    throw userError(`"${malformed}" is not an address: expected 0x followed by 40 hexadecimal characters.`);
  const from = (args.from ?? "").trim();
  if (!(services as readonly string[]).includes(from))
    throw userError(
      `--from names the service to read from: one of ${services.join(", ")}${from ? `, got "${from}"` : ""}.`,
    );
  const to = [...new Set((args.to ?? "").split(/[\s,]+/).filter((word) => word !== ""))];
  if (to.length === 0)
    throw userError(`--to names the services to verify on, comma-separated: ${services.join(", ")}.`);
  const unknown = to.find((word) => !(services as readonly string[]).includes(word));
  if (unknown !== undefined) throw userError(`--to: "${unknown}" is not one of ${services.join(", ")}.`);
  if (to.includes(from))
    throw userError(`--to names ${from}, which --from reads from: a copy goes to the other services.`);
  // The config's pace and deadline, as the verify task reads them; --to names the targets.
  const config = hre.config.explorerVerify;
  const configured: Record<string, string | number | undefined> = {
    timeoutSeconds: config.timeoutSeconds,
    concurrency: config.concurrency,
    requestsPerSecond: config.requestsPerSecond,
    userAgent: config.userAgent,
  };
  const settings = await asUserErrors(async () =>
    readRunSettings("task", (setting: Setting) => {
      if (setting.name === "targets") return to.join(",");
      const value = setting.config ? configured[setting.name] : undefined;
      return value === undefined ? undefined : String(value);
    }),
  );
  const reporter = new RunReporter({ json: args.json, table: true });
  const connection = await hre.network.create();
  try {
    const targets = await resolveTaskTargets(hre, {
      network: { connection, chain: new ChainAccess(connection) },
      explorerUrl: args.explorerUrl,
      services: [from as Service, ...(to as Service[])],
      userAgent: settings.userAgent,
    });
    try {
      const { runCopy } = await import("../../../src/run/runCopy.js");
      const { runSucceeded } = await import("../../../src/run/runVerify.js");
      const results = await asUserErrors(() =>
        runCopy({
          addresses: args.addresses,
          from: from as Service,
          targets,
          settings,
          ledger: args.ledger
            ? { path: resolve(hre.config.paths.root, args.ledger), recheck: false }
            : undefined,
          reporter,
          interruptible: true,
        }),
      );
      if (results.interruptedBy) process.exit(interruptedExitCode(results.interruptedBy));
      if (!runSucceeded(results, settings.optionalTargets)) process.exitCode = 1;
    } finally {
      await targets.close();
    }
  } finally {
    await connection.close();
  }
}
