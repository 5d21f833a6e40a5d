import { join } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { neutraliseText } from "../../../src/report/terminalText.js";
import { runLedgerRequest, runStatusRequest } from "../../../src/run/commands/statusRequest.js";
import { asUserErrors } from "../../internal/pluginError.js";
import { withTaskWhere } from "../../internal/taskTargets.js";

interface StatusTaskArguments {
  guid: string | undefined;
  target: string;
  ledger: string | undefined;
  explorerUrl: string | undefined;
  proxy: boolean;
  json: boolean;
}

export default async function statusTaskAction(
  args: StatusTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  const { guid, explorerUrl } = args;
  if (!guid) {
    await asUserErrors(() =>
      runLedgerRequest(hre.config.paths.root, args.ledger, {
        json: args.json,
        writeLine: (table) => console.log(table),
        otherLedger: "--ledger FILE (npx hardhat explorer-verify writes one)",
        localExplorerCache: join(hre.config.paths.cache, "explorer-verify"),
      }),
    );
    return;
  }
  await withTaskWhere(hre, { explorerUrl, serviceFlag: "--target" }, async (where) => {
    const { failed } = await runStatusRequest(
      {
        ...args,
        guid,
        service: { text: args.target, field: "--target" },
        where,
        foundExplorer: (line) => process.stderr.write(`${line}\n`),
      },
      (line) => console.log(neutraliseText(line)),
    );
    if (failed) process.exitCode = 1;
  });
}
