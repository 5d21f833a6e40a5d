import { neutraliseText } from "../report/terminalText.js";
import { cliCommand } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { cliWhere, projectFoundryConfig } from "./cliWhere.js";

const options = {
  out: { type: "string", default: "explorer-verify-fetch" },
  "explorer-url": { type: "string" },
  "chain-id": { type: "string" },
  "rpc-url": { type: "string" },
} as const;

/**
 * `explorer-verify fetch ADDRESS --out DIR`: writes what the explorer holds for a verified contract: `abi.json`,
 * `contract.json` (name, compiler, settings), `sources/…` and `creation.json`.
 *
 * @throws {UsageError} or {InvalidInputError} for a mistake, or an address the explorer has no source for
 */
export const fetchCommand = cliCommand("fetch", options, async ({ values, positionals }) => {
  const [address, ...extra] = positionals;
  if (address === undefined || extra.length > 0)
    throw new UsageError("fetch takes one ADDRESS (explorer-verify fetch 0x… --out DIR).");
  const cwd = process.cwd();
  const foundry = await projectFoundryConfig(cwd);
  const { runFetchRequest } = await import("../run/commands/fetchRequest.js");
  const where = { ...cliWhere(values, { cwd, foundry }, []), serviceFlag: null };
  await runFetchRequest({ address, out: values.out, where }, (line) => console.log(neutraliseText(line)));
  return exitCodes.ok;
});
