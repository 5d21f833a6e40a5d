import { join } from "node:path";
import { neutraliseText } from "../report/terminalText.js";
import { cliCommand } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { cliWhere, projectFoundryConfig, whereFlags } from "./cliWhere.js";

const options = {
  proxy: { type: "boolean", default: false },
  target: { type: "string", default: "blockscout" },
  ...whereFlags,
  ledger: { type: "string" },
  json: { type: "boolean", default: false },
} as const;

/**
 * `explorer-verify status GUID`: asks the explorer about a submission; without a GUID, prints the ledger.
 *
 * @returns 0 when verified or pending, 1 when it failed or the guid is unknown
 * @throws {UsageError} or {InvalidInputError} for a mistake, before any request
 */
export const statusCommand = cliCommand("status", options, async ({ values, positionals }) => {
  const [guid, ...extra] = positionals;
  const cwd = process.cwd();
  if (guid === undefined) {
    const { runLedgerRequest } = await import("../run/commands/statusRequest.js");
    await runLedgerRequest(cwd, values.ledger, {
      json: values.json,
      writeLine: (table) => console.log(table),
      otherLedger: "--ledger FILE (explorer-verify verify writes one)",
      localExplorerCache: join(cwd, "cache", "explorer-verify"),
    });
    return exitCodes.ok;
  }
  if (extra.length > 0) throw new UsageError(`status takes one GUID, got ${positionals.length}.`);
  const { runStatusRequest } = await import("../run/commands/statusRequest.js");
  const foundry = await projectFoundryConfig(cwd);
  const { failed } = await runStatusRequest(
    {
      service: { text: values.target, field: "--target" },
      guid,
      proxy: values.proxy,
      json: values.json,
      where: { ...cliWhere(values, { cwd, foundry }, [values.target.trim()]), serviceFlag: "--target" },
    },
    (line) => console.log(neutraliseText(line)),
  );
  return failed ? exitCodes.failed : exitCodes.ok;
});
