import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { assertAddress } from "../../../src/kernel/validate.js";
import { neutraliseText } from "../../../src/report/terminalText.js";
import { runFetch } from "../../../src/run/runners/runFetch.js";
import { withTarget } from "../../internal/explorerForTask.js";
import { asUserErrors } from "../../internal/pluginError.js";

interface FetchTaskArguments {
  address: string;
  out: string;
  explorerUrl: string | undefined;
}

export default async function fetchTaskAction(
  args: FetchTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  // Checked before the network or the explorer is touched.
  await asUserErrors(async () => assertAddress(args.address));
  await withTarget(hre, args.explorerUrl, "blockscout", ({ targets }) =>
    asUserErrors(() =>
      runFetch(targets, args.address, args.out, (line) => console.log(neutraliseText(line))),
    ),
  );
}
