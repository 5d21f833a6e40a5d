import { resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { checkAddresses } from "../../../src/run/hardhat/taskArgumentChecks.js";
import { taskSettings } from "../../../src/run/hardhat/taskSettings.js";
import { RunReporter } from "../../../src/run/report/runReporter.js";
import { copyServices } from "../../../src/run/targets/copyServices.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { endWith } from "../../internal/taskRun.js";
import { resolveTaskTargets } from "../../internal/taskTargets.js";

interface CopyTaskArguments {
  addresses: string[];
  from: string | undefined;
  to: string | undefined;
  explorerUrl: string | undefined;
  ledger: string | undefined;
  json: boolean;
}

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
  const { from, to } = await asUserErrors(async () => {
    checkAddresses(args.addresses);
    return copyServices({ flag: "--from", text: args.from }, { flag: "--to", text: args.to });
  });
  // The config's pace and deadline, as the verify task reads them; --to names the targets.
  const settings = await asUserErrors(async () =>
    taskSettings({ targets: to.join(",") }, hre.config.explorerVerify),
  );
  const reporter = new RunReporter({ json: args.json, table: true });
  const connection = await hre.network.create();
  try {
    const targets = await resolveTaskTargets(hre, {
      connection,
      explorerUrl: args.explorerUrl,
      services: [from, ...to],
      userAgent: settings.userAgent,
    });
    try {
      const { runCopy } = await import("../../../src/run/runners/runCopy.js");
      const results = await asUserErrors(() =>
        runCopy({
          addresses: args.addresses,
          from,
          targets,
          settings,
          ledger: args.ledger
            ? { path: resolve(hre.config.paths.root, args.ledger), recheck: false }
            : undefined,
          reporter,
          interruptible: true,
        }),
      );
      await endWith(results, settings.optionalTargets);
    } finally {
      await targets.close();
    }
  } finally {
    await connection.close();
  }
}
