import { lstatSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { verificationStandingNote } from "../../client/contract/readVerifiedContract.js";
import { InvalidInputError } from "../../errors/index.js";
import { writeFileWhole } from "../../kernel/regularFile.js";
import { errnoCode } from "../../kernel/systemErrors.js";
import type { Target } from "../../verifiers/target.js";
import { explorerClientFor } from "../../verifiers/verifierFor.js";

/**
 * Writes what the explorer holds for a verified contract into `out`: `abi.json`, `contract.json` (name, compiler,
 * settings, and whether the sources are the address's own or a bytecode twin's or an EIP-1167 implementation's),
 * `sources/…` and `creation.json`. Every source's place is checked before anything is written.
 *
 * @param targets - the explorer, resolved (the first target, a Blockscout one)
 * @param address - a well-formed address (the request checked it)
 * @throws {InvalidInputError} for an address with no verified source, a source name that would land outside the
 *   folder, or a folder that cannot be written
 */
export async function runFetch(
  targets: readonly Target[],
  address: string,
  out: string,
  writeLine: (line: string) => void,
): Promise<void> {
  const [target] = targets;
  if (target?.service !== "blockscout")
    throw new InvalidInputError("target", "fetch reads from a Blockscout explorer.");
  const client = explorerClientFor(target);
  const folder = resolve(out);
  const reading = await client.readVerifiedContract({ address });
  if (!reading) throw new InvalidInputError("address", `The explorer has no verified source for ${address}.`);
  const { contract } = reading;
  const [creation] = await client.getContractCreation({ addresses: [address] });
  const sourcesFolder = join(folder, "sources");
  // A flattened Vyper contract has no file name (`FileName: ""`).
  const mainName =
    contract.fileName ||
    `${contract.contractName || "Contract"}.${reading.language === "vyper" ? "vy" : "sol"}`;
  const files = [{ fileName: mainName, sourceCode: contract.sourceCode }, ...contract.additionalSources].map(
    (file) => ({ ...file, target: sourceTarget(sourcesFolder, file.fileName) }),
  );
  const seen = new Map<string, string>();
  for (const file of files) {
    const earlier = seen.get(file.target);
    if (earlier !== undefined)
      throw new InvalidInputError(
        "address",
        `The explorer names two sources that land on one file: ${earlier} and ${file.fileName}.`,
      );
    seen.set(file.target, file.fileName);
  }
  for (const file of files) writeOutput(folder, file.target, file.sourceCode);
  writeOutput(folder, join(folder, "abi.json"), `${JSON.stringify(contract.abi ?? [], null, 2)}\n`);
  const { sourceCode: _main, additionalSources: _others, abi: _abi, ...settings } = contract;
  const verification = {
    standing: reading.standing,
    ...(reading.sourceAddress ? { sourceAddress: reading.sourceAddress } : {}),
    ...(reading.verifiedViaBytecodeDatabase ? { verifiedViaBytecodeDatabase: true } : {}),
    language: reading.language,
  };
  writeOutput(
    folder,
    join(folder, "contract.json"),
    `${JSON.stringify({ ...settings, verification }, null, 2)}\n`,
  );
  if (creation) writeOutput(folder, join(folder, "creation.json"), `${JSON.stringify(creation, null, 2)}\n`);
  writeLine(
    `Wrote ${contract.contractName} (${contract.compilerVersion}) to ${folder}: abi.json, contract.json, ${files.length} source file${files.length === 1 ? "" : "s"}${creation ? ", creation.json" : ""}`,
  );
  const note = verificationStandingNote(address, reading);
  if (note) writeLine(note);
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
  const outside = () =>
    new InvalidInputError(
      "address",
      `Refusing to write the source "${fileName}": it would land outside ${sourcesFolder}.`,
    );
  if (relative === "" || segments.includes("..")) throw outside();
  const target = resolve(sourcesFolder, ...segments.filter((segment) => segment !== "" && segment !== "."));
  if (!target.startsWith(`${sourcesFolder}${sep}`)) throw outside();
  return target;
}

// A folder that cannot be made or written (a file in the way, no permission) is the user's to fix: say which. The
// explorer names the files: a link under the folder (as a file or a folder on the way) could carry one out of it.
function writeOutput(folder: string, path: string, content: string): void {
  try {
    for (let at = path; at !== folder; at = dirname(at))
      if (lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink())
        throw new InvalidInputError(
          "out",
          `Refusing to write ${path}: ${at} is a link; remove it or choose another --out folder.`,
        );
    writeFileWhole(path, content);
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    const reason = errnoCode(error) ?? String(error);
    throw new InvalidInputError("out", `Cannot write ${path} (${reason}): choose another --out folder.`);
  }
}
