import { resolve } from "node:path";
import { assertGuid } from "../client/validate.js";
import { verificationDefaults } from "../options/verificationOptions.js";
import { parseCommandLine, rpcUrlFlag } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { resolveCliExplorerTarget } from "./explorerTarget.js";
import { usage } from "./usage.js";

const options = {
  proxy: { type: "boolean", default: false },
  "explorer-url": { type: "string" },
  "rpc-url": { type: "string" },
  ledger: { type: "string" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

const explanations = {
  pending: "still in the explorer's queue",
  pass: "verified",
  "already-verified": "already verified",
  fail: "the explorer could not verify it",
  "unknown-uid":
    "the explorer does not know this guid (it may have been lost, or belong to another explorer)",
} as const;

/**
 * `explorer-verify status GUID`: asks the explorer about a submission.
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
  const [guid, ...extra] = positionals;
  if (guid === undefined) return printLedger(values.ledger, values.json);
  if (extra.length > 0) throw new UsageError(`status takes one GUID, got ${positionals.length}.`);
  assertGuid(guid);
  const rpcUrl = values["rpc-url"] === undefined ? undefined : rpcUrlFlag(values["rpc-url"]);
  const target = await resolveCliExplorerTarget(values["explorer-url"], rpcUrl, process.cwd());
  try {
    const { ExplorerClient } = await import("../client/explorerClient.js");
    const client = new ExplorerClient({ explorerUrl: target.explorerUrl, apiKey: target.apiKey });
    const status = values.proxy
      ? await client.checkProxyVerification({ guid: guid })
      : await client.checkVerifyStatus({ guid: guid });
    if (values.json) process.stdout.write(`${JSON.stringify({ guid, ...status })}\n`);
    else console.log(`${guid}: ${status.message} (${explanations[status.state]})`);
    return status.state === "fail" || status.state === "unknown-uid" ? exitCodes.failed : exitCodes.ok;
  } finally {
    await target.localExplorer?.close();
  }
}

// Reads the file only: no explorer is asked, so it works offline and after the explorer's links are gone.
async function printLedger(path: string | undefined, json: boolean): Promise<number> {
  const file = resolve(process.cwd(), path ?? verificationDefaults.ledger);
  const [{ readLedgerFile }, { formatLedgerTable }, { existsSync }] = await Promise.all([
    import("../ledger/ledgerFile.js"),
    import("../ledger/ledgerTable.js"),
    import("node:fs"),
  ]);
  if (!existsSync(file)) {
    throw new UsageError(
      `There is no ledger at ${file}: give a GUID, or --ledger FILE (a run with --ledger writes one).`,
    );
  }
  const entries = readLedgerFile(file);
  if (json) process.stdout.write(`${JSON.stringify({ ledger: file, entries })}\n`);
  else console.log(formatLedgerTable(entries));
  return exitCodes.ok;
}
