import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import { assertAddress } from "../../../src/client/validate.js";
import { withExplorer } from "../../internal/explorerForTask.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";

interface FetchTaskArguments {
  address: string;
  out: string;
  explorerUrl: string | undefined;
}

export default async function fetchTaskAction(
  args: FetchTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  await asUserErrors(async () => assertAddress(args.address));
  const out = resolve(args.out);
  await withExplorer(hre, args.explorerUrl, async (client) => {
    const contract = await asUserErrors(() => client.getSourceCode(args.address));
    if (!contract) throw userError(`The explorer has no verified source for ${args.address}.`);
    const [creation] = await asUserErrors(() => client.getContractCreation([args.address]));
    const files = [
      { fileName: contract.fileName || `${contract.contractName}.sol`, sourceCode: contract.sourceCode },
      ...contract.additionalSources,
    ];
    for (const file of files) {
      const target = resolve(out, "sources", file.fileName);
      // A file name from the explorer must not write outside the output folder.
      if (!target.startsWith(`${join(out, "sources")}${sep}`))
        throw userError(`Refusing to write ${file.fileName} outside ${out}.`);
      await writeOutput(target, file.sourceCode);
    }
    await writeOutput(join(out, "abi.json"), `${JSON.stringify(contract.abi ?? [], null, 2)}\n`);
    const { sourceCode: _main, additionalSources: _others, abi: _abi, ...settings } = contract;
    await writeOutput(join(out, "contract.json"), `${JSON.stringify(settings, null, 2)}\n`);
    if (creation) await writeOutput(join(out, "creation.json"), `${JSON.stringify(creation, null, 2)}\n`);
    console.log(
      `Wrote ${contract.contractName} (${contract.compilerVersion}) to ${out}: abi.json, contract.json, ${files.length} source file${files.length === 1 ? "" : "s"}${creation ? ", creation.json" : ""}`,
    );
  });
}

// A folder that cannot be made or written (a file in the way, no permission) is the user's to fix: say which.
async function writeOutput(path: string, content: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  } catch (error) {
    const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
    throw userError(`Cannot write ${path} (${reason}): choose another --out folder.`);
  }
}
