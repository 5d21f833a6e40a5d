import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { copyServices } from "../../../src/run/commands/copyServices.js";
import { taskLedger } from "../../../src/run/commands/requestFacts.js";
import { RunReporter } from "../../../src/run/commands/runReport.js";
import { runVerifyRequest } from "../../../src/run/commands/verifyRequest.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { endWith } from "../../internal/taskRun.js";
import { withTaskWhere } from "../../internal/taskTargets.js";
import { taskSettings } from "../verify/taskSettings.js";

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
  const { from, to, blockscoutFlag } = await asUserErrors(async () =>
    copyServices({ flag: "--from", text: args.from }, { flag: "--to", text: args.to }),
  );
  // The config's pace and deadline, as the verify task reads them; --to names the targets.
  const settings = await asUserErrors(async () =>
    taskSettings({ targets: to.join(",") }, hre.config.explorerVerify),
  );
  // The verify task's ledger: `--ledger FILE`, `none`, else the project's default file.
  const ledger = taskLedger(hre.config.paths.root, args.ledger, false);
  const options = { explorerUrl: args.explorerUrl, userAgent: settings.userAgent, network: true };
  await withTaskWhere(hre, { ...options, serviceFlag: blockscoutFlag }, async (where) => {
    const { results } = await runVerifyRequest(
      {
        what: { kind: "copy", from, addresses: args.addresses },
        where,
        settings,
        ledger: ledger === undefined ? undefined : { path: ledger, recheck: false },
        compilers: [],
      },
      new RunReporter({ json: args.json, table: true }),
    );
    await endWith(results, settings.optionalTargets);
  });
}
