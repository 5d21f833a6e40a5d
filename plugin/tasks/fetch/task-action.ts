import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { neutraliseText } from "../../../src/report/terminalText.js";
import { runFetchRequest } from "../../../src/run/commands/fetchRequest.js";
import { withTaskWhere } from "../../internal/taskTargets.js";

interface FetchTaskArguments {
  address: string;
  out: string;
  explorerUrl: string | undefined;
}

export default async function fetchTaskAction(
  args: FetchTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  await withTaskWhere(hre, { explorerUrl: args.explorerUrl, serviceFlag: null }, (where) =>
    runFetchRequest({ ...args, where, foundExplorer: (line) => process.stderr.write(`${line}\n`) }, (line) =>
      console.log(neutraliseText(line)),
    ),
  );
}
