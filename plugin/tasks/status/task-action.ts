import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { assertGuid } from "../../../src/client/validate.js";
import { neutraliseText } from "../../../src/report/terminalText.js";
import { withExplorer } from "../../internal/explorerForTask.js";
import { asUserErrors } from "../../internal/pluginError.js";

interface StatusTaskArguments {
  guid: string;
  explorerUrl: string | undefined;
  proxy: boolean;
  json: boolean;
}

export default async function statusTaskAction(
  args: StatusTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  // Checked before the network or the explorer is touched.
  await asUserErrors(async () => assertGuid(args.guid));
  const status = await withExplorer(hre, args.explorerUrl, (client) =>
    asUserErrors(() =>
      args.proxy ? client.checkProxyVerification(args.guid) : client.checkVerifyStatus(args.guid),
    ),
  );
  if (args.json) process.stdout.write(`${JSON.stringify({ guid: args.guid, ...status })}\n`);
  else {
    const explanation = {
      pending: "still in the explorer's queue",
      pass: "verified",
      "already-verified": "already verified",
      fail: "the explorer could not verify it",
      "unknown-uid":
        "the explorer does not know this guid (it may have been lost, or belong to another explorer)",
    }[status.state];
    console.log(neutraliseText(`${args.guid}: ${status.message} (${explanation})`));
  }
  if (status.state === "fail" || status.state === "unknown-uid") process.exitCode = 1;
}
