import { join, resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { verificationDefaults } from "../../../src/options/verificationOptions.js";
import { neutraliseText } from "../../../src/report/terminalText.js";
import { assertReceipt, printLedger, runStatus } from "../../../src/run/runners/runStatus.js";
import { withTarget } from "../../internal/explorerForTask.js";
import { asUserErrors } from "../../internal/pluginError.js";

interface StatusTaskArguments {
  guid: string | undefined;
  ledger: string | undefined;
  explorerUrl: string | undefined;
  proxy: boolean;
  json: boolean;
}

export default async function statusTaskAction(
  args: StatusTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  const guid = args.guid ?? "";
  if (guid === "") {
    await asUserErrors(async () =>
      printLedger(resolve(hre.config.paths.root, args.ledger ?? verificationDefaults.ledger), {
        json: args.json,
        writeLine: (table) => console.log(table),
        otherLedger: "--ledger FILE (npx hardhat explorer-verify writes one)",
        localExplorerCache: join(hre.config.paths.cache, "explorer-verify"),
      }),
    );
    return;
  }
  // Checked before the network or the explorer is touched.
  await asUserErrors(async () => assertReceipt("blockscout", guid));
  const { failed } = await withTarget(hre, args.explorerUrl, "blockscout", ({ targets }) =>
    asUserErrors(async () =>
      runStatus(targets, guid, {
        proxy: args.proxy,
        json: args.json,
        writeLine: (line) => console.log(neutraliseText(line)),
      }),
    ),
  );
  if (failed) process.exitCode = 1;
}
