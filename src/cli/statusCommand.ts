import { join, resolve } from "node:path";
import { verificationDefaults } from "../options/verificationOptions.js";
import { neutraliseText } from "../report/terminalText.js";
import { type Service, services } from "../verify/verifier.js";
import { chainIdFlag, parseCommandLine, rpcUrlFlag } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { endpointFlags, projectFoundryConfig, resolveCliTargets } from "./cliTargets.js";
import { usage } from "./usage.js";

const options = {
  proxy: { type: "boolean", default: false },
  target: { type: "string", default: "blockscout" },
  "explorer-url": { type: "string" },
  ...endpointFlags,
  "chain-id": { type: "string" },
  "rpc-url": { type: "string" },
  ledger: { type: "string" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

function serviceFlag(text: string): Service {
  const service = services.find((name) => name === text.trim());
  if (!service) throw new UsageError(`--target ${text} is not a target: use ${services.join(", ")}.`);
  return service;
}

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
      localExplorerCache: join(process.cwd(), "cache", "explorer-verify"),
    });
    return exitCodes.ok;
  }
  if (extra.length > 0) throw new UsageError(`status takes one GUID, got ${positionals.length}.`);
  const service = serviceFlag(values.target);
  const { assertReceipt, runStatus } = await import("../run/runStatus.js");
  assertReceipt(service, guid);
  const rpcUrl = values["rpc-url"] === undefined ? undefined : rpcUrlFlag(values["rpc-url"]);
  const chainId = chainIdFlag(values["chain-id"]);
  const cwd = process.cwd();
  const targets = await resolveCliTargets({
    explorerUrl: values["explorer-url"],
    endpoints: values,
    chainId,
    rpcUrl,
    targets: [service],
    foundry: await projectFoundryConfig(cwd, console.error),
    cwd,
  });
  try {
    const { failed } = await runStatus(targets.targets, guid, {
      proxy: values.proxy,
      json: values.json,
      writeLine,
    });
    return failed ? exitCodes.failed : exitCodes.ok;
  } finally {
    await targets.close();
  }
}
