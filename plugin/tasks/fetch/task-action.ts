import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import {
  type VerifiedContractReading,
  verificationStandingNote,
} from "../../../src/client/contract/readVerifiedContract.js";
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
    const reading = await asUserErrors(() => client.readVerifiedContract({ address: args.address }));
    if (!reading) throw userError(`The explorer has no verified source for ${args.address}.`);
    const { contract } = reading;
    const [creation] = await asUserErrors(() => client.getContractCreation({ addresses: [args.address] }));
    const sourcesFolder = join(out, "sources");
    // Every target is checked before anything is written: a bad name must not leave half a folder behind.
    const files = sourceFiles(reading).map((file) => ({
      ...file,
      target: sourceTarget(sourcesFolder, file.fileName),
    }));
    const seen = new Map<string, string>();
    for (const file of files) {
      const earlier = seen.get(file.target);
      if (earlier !== undefined)
        throw userError(
          `The explorer names two sources that land on one file: ${earlier} and ${file.fileName}.`,
        );
      seen.set(file.target, file.fileName);
    }
    for (const file of files) await writeOutput(file.target, file.sourceCode);
    await writeOutput(join(out, "abi.json"), `${JSON.stringify(contract.abi ?? [], null, 2)}\n`);
    const { sourceCode: _main, additionalSources: _others, abi: _abi, ...settings } = contract;
    const verification = {
      standing: reading.standing,
      ...(reading.sourceAddress ? { sourceAddress: reading.sourceAddress } : {}),
      ...(reading.verifiedViaBytecodeDatabase ? { verifiedViaBytecodeDatabase: true } : {}),
      language: reading.language,
    };
    await writeOutput(
      join(out, "contract.json"),
      `${JSON.stringify({ ...settings, verification }, null, 2)}\n`,
    );
    if (creation) await writeOutput(join(out, "creation.json"), `${JSON.stringify(creation, null, 2)}\n`);
    console.log(
      `Wrote ${contract.contractName} (${contract.compilerVersion}) to ${out}: abi.json, contract.json, ${files.length} source file${files.length === 1 ? "" : "s"}${creation ? ", creation.json" : ""}`,
    );
    const note = verificationStandingNote(args.address, reading);
    if (note) console.log(note);
  });
}

function sourceFiles(reading: VerifiedContractReading): Array<{ fileName: string; sourceCode: string }> {
  const { contract } = reading;
  // A flattened Vyper contract has no file name (`FileName: ""`).
  const mainName =
    contract.fileName ||
    `${contract.contractName || "Contract"}.${reading.language === "vyper" ? "vy" : "sol"}`;
  return [{ fileName: mainName, sourceCode: contract.sourceCode }, ...contract.additionalSources];
}

/**
 * Where a source the explorer names goes under `sources/`. Names may be absolute (`/home/dev/project/A.sol`, from
 * Truffle-era verifications; `C:\dev\A.sol`) or start with `/` (sources imported from the registry): they are
 * written relative to the folder. A `..` segment could climb out of it, so it is refused.
 */
function sourceTarget(sourcesFolder: string, fileName: string): string {
  const relative = fileName
    .replace(/\\/g, "/")
    .replace(/^[A-Za-z]:\//, "")
    .replace(/^\/+/, "");
  const segments = relative.split("/");
  if (relative === "" || segments.includes("..")) {
    throw userError(`Refusing to write the source "${fileName}": it would land outside ${sourcesFolder}.`);
  }
  const target = resolve(sourcesFolder, ...segments.filter((segment) => segment !== "" && segment !== "."));
  if (!target.startsWith(`${sourcesFolder}${sep}`)) {
    throw userError(`Refusing to write the source "${fileName}": it would land outside ${sourcesFolder}.`);
  }
  return target;
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
