import { resolve } from "node:path";
import { assertGuid } from "../client/validate.js";
import { verificationDefaults } from "../options/verificationOptions.js";
import { neutraliseText } from "../report/terminalText.js";
import { chainIdFlag, parseCommandLine, rpcUrlFlag } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { resolveCliExplorerTarget } from "./explorerTarget.js";
import { usage } from "./usage.js";

const options = {
  proxy: { type: "boolean", default: false },
  "explorer-url": { type: "string" },
  "chain-id": { type: "string" },
  "rpc-url": { type: "string" },
  ledger: { type: "string" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

/**
 * `explorer-verify status GUID`: asks the explorer about a submission; without a GUID, prints the ledger.
 *
 * @param argv - the arguments after `status`
 * @returns 0 when verified or pending, 1 when it failed or the guid is unknown
 * @throws {UsageError} or {InvalidInputError} for a mistake, before any request
 */
export async function statusCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, options, "status");
  if (values.help) {
    console.log(usage.status);
    return exitCodes.ok;
  }
  const writeLine = (line: string) => console.log(neutraliseText(line));
  const [guid, ...extra] = positionals;
  if (guid === undefined) {
    const { printLedger } = await import("../run/runStatus.js");
    printLedger(resolve(process.cwd(), values.ledger ?? verificationDefaults.ledger), {
      json: values.json,
      writeLine: (table) => console.log(table),
      otherLedger: "--ledger FILE (a run with --ledger writes one)",
    });
    return exitCodes.ok;
  }
  if (extra.length > 0) throw new UsageError(`status takes one GUID, got ${positionals.length}.`);
  assertGuid(guid);
  const rpcUrl = values["rpc-url"] === undefined ? undefined : rpcUrlFlag(values["rpc-url"]);
  const chainId = chainIdFlag(values["chain-id"]);
  const target = await resolveCliExplorerTarget(
    { explorerUrl: values["explorer-url"], chainId, rpcUrl },
    process.cwd(),
  );
  try {
    const [{ runStatus }, { explorerClientFor }] = await Promise.all([
      import("../run/runStatus.js"),
      import("../run/explorerTarget.js"),
    ]);
    const { failed } = await runStatus(explorerClientFor(target), guid, {
      proxy: values.proxy,
      json: values.json,
      writeLine,
    });
    return failed ? exitCodes.failed : exitCodes.ok;
  } finally {
    await target.localExplorer?.close();
  }
}
