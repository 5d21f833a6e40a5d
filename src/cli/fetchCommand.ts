import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { assertAddress } from "../client/validate.js";
import { parseCommandLine, rpcUrlFlag } from "./arguments.js";
import { exitCodes, UsageError } from "./cliErrors.js";
import { resolveCliExplorerTarget } from "./explorerTarget.js";
import { usage } from "./usage.js";

const options = {
  out: { type: "string", default: "explorer-verify-fetch" },
  "explorer-url": { type: "string" },
  "rpc-url": { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

/**
 * `explorer-verify fetch ADDRESS --out DIR`: writes what the explorer holds for a verified contract: `abi.json`,
 * `contract.json` (name, compiler, settings), `sources/…` and `creation.json`.
 *
 * @param argv - the arguments after `fetch`
 * @returns the exit code
 * @throws {UsageError} or {InvalidInputError} for a mistake, or an address the explorer has no source for
 */
export async function fetchCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, options, "fetch");
  if (values.help) {
    console.log(usage.fetch);
    return exitCodes.ok;
  }
  const [address, ...extra] = positionals;
  if (address === undefined || extra.length > 0)
    throw new UsageError("fetch takes one ADDRESS (explorer-verify fetch 0x… --out DIR).");
  assertAddress(address);
  const rpcUrl = values["rpc-url"] === undefined ? undefined : rpcUrlFlag(values["rpc-url"]);
  const out = resolve(values.out);
  const target = await resolveCliExplorerTarget(values["explorer-url"], rpcUrl, process.cwd());
  try {
    const { ExplorerClient } = await import("../client/explorerClient.js");
    const client = new ExplorerClient({ explorerUrl: target.explorerUrl, apiKey: target.apiKey });
    const contract = await client.getSourceCode({ address: address });
    if (!contract) throw new UsageError(`The explorer has no verified source for ${address}.`);
    const [creation] = await client.getContractCreation({ addresses: [address] });
    const files = [
      { fileName: contract.fileName || `${contract.contractName}.sol`, sourceCode: contract.sourceCode },
      ...contract.additionalSources,
    ];
    const sources = join(out, "sources");
    for (const file of files) {
      const path = resolve(sources, file.fileName);
      // A file name from the explorer must not write outside the output folder.
      if (!path.startsWith(`${sources}${sep}`))
        throw new UsageError(`Refusing to write ${file.fileName} outside ${out}.`);
      await writeOutput(path, file.sourceCode);
    }
    await writeOutput(join(out, "abi.json"), `${JSON.stringify(contract.abi ?? [], null, 2)}\n`);
    const { sourceCode: _main, additionalSources: _others, abi: _abi, ...settings } = contract;
    await writeOutput(join(out, "contract.json"), `${JSON.stringify(settings, null, 2)}\n`);
    if (creation) await writeOutput(join(out, "creation.json"), `${JSON.stringify(creation, null, 2)}\n`);
    console.log(
      `Wrote ${contract.contractName} (${contract.compilerVersion}) to ${out}: abi.json, contract.json, ${files.length} source file${files.length === 1 ? "" : "s"}${creation ? ", creation.json" : ""}`,
    );
    return exitCodes.ok;
  } finally {
    await target.localExplorer?.close();
  }
}

// A folder that cannot be made or written (a file in the way, no permission) is the user's to fix: say which.
async function writeOutput(path: string, content: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    throw new UsageError(`Cannot write ${path} (${reason}): choose another --out folder.`);
  }
}
