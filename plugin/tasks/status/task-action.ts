import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { assertGuid } from "../../../src/client/validate.js";
import { isExplorerVerifyError } from "../../../src/errors/explorerVerifyError.js";
import { readLedgerFile } from "../../../src/ledger/ledgerFile.js";
import { formatLedgerTable } from "../../../src/ledger/ledgerTable.js";
import { neutraliseText } from "../../../src/report/terminalText.js";
import { withExplorer } from "../../internal/explorerForTask.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { defaultLedgerPath } from "../verify/ledgerOption.js";

interface StatusTaskArguments {
  guid: string;
  ledger: string | undefined;
  explorerUrl: string | undefined;
  proxy: boolean;
  json: boolean;
}

export default async function statusTaskAction(
  args: StatusTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  if (args.guid === "") {
    printLedger(resolve(hre.config.paths.root, args.ledger ?? defaultLedgerPath), args.json);
    return;
  }
  // Checked before the network or the explorer is touched.
  await asUserErrors(async () => assertGuid(args.guid));
  const status = await withExplorer(hre, args.explorerUrl, (client) =>
    asUserErrors(() =>
      args.proxy
        ? client.checkProxyVerification({ guid: args.guid })
        : client.checkVerifyStatus({ guid: args.guid }),
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

// The file only: no network and no explorer, so it answers offline and after a local explorer is gone.
function printLedger(path: string, json: boolean): void {
  if (!existsSync(path)) {
    throw userError(
      `There is no ledger at ${path}: give a GUID, or --ledger FILE (npx hardhat explorer-verify writes one).`,
    );
  }
  let entries: ReturnType<typeof readLedgerFile>;
  try {
    entries = readLedgerFile(path);
  } catch (error) {
    if (isExplorerVerifyError(error)) throw userError(error.shortMessage);
    throw error;
  }
  if (json) process.stdout.write(`${JSON.stringify({ ledger: path, entries })}\n`);
  else console.log(formatLedgerTable(entries));
}
