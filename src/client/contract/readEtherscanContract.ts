import { InvalidResponseError } from "../../errors/index.js";
import { isTrue, parsedJson } from "../../kernel/jsonValues.js";
import { assertAddress, isAddress } from "../../kernel/validate.js";
import * as z from "../../kernel/zod.js";
import type { SourceCodeItem } from "../../schemas/sourceCode.js";
import { isNotVerifiedAbi } from "../explorerTexts.js";
import type { Transport } from "../transport.js";
import {
  anotherContractReason,
  inputSettings,
  notCopied,
  oneSourceInput,
  type RebuiltInput,
  statedSettings,
  type VerifiedInputReading,
  withV,
} from "../verifiedInput.js";
import type { ContractActionAnswer } from "./callContractAction.js";
import { readSourceCodeItems } from "./getSourceCode.js";
import { bareHex, finiteNumber } from "./verifiedContract.js";

export interface ReadEtherscanContractParameters {
  address: string;
}

const sourcesSchema = z.record(z.string(), z.looseObject({ content: z.string() }));
const standardJsonSchema = z.looseObject({
  language: z.string(),
  sources: sourcesSchema,
  settings: z.optional(z.record(z.string(), z.unknown())),
});

/**
 * Reads what Etherscan (or Routescan, its API's twin) verified a contract with (`getsourcecode`), as a standard JSON
 * input to verify it again elsewhere: a standard-JSON verification comes back wrapped in double braces (`{{…}}`) with
 * its settings, a multi-file one as `{path: {content}}`, a single file as its text, and `ContractFileName` names the
 * main file. An answer whose sources stand in for another contract ("Similar Match"), or whose `Address` names another
 * contract, is not given as the address's.
 *
 * @param transport - the service's transport
 * @param parameters - the address
 * @returns the input, or why there is none to copy
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {InvalidResponseError} for sources that start as JSON does but are neither form of it (a cut-short
 *   `{{…`): a Solidity file never starts with `{`, so they are not taken as one
 * @throws {ExplorerError} and the transport's errors
 */
export async function readEtherscanContract(
  transport: Transport,
  parameters: ReadEtherscanContractParameters,
): Promise<VerifiedInputReading> {
  const address = assertAddress(parameters.address);
  const { answer, items } = await readSourceCodeItems(transport, address);
  return etherscanInputOf(answer, address, items[0]);
}

// What one `getsourcecode` item of Etherscan's holds to copy.
function etherscanInputOf(
  answer: ContractActionAnswer,
  address: string,
  item: SourceCodeItem | undefined,
): VerifiedInputReading {
  const sourceCode = item?.SourceCode ?? "";
  if (!item || sourceCode === "" || isNotVerifiedAbi(item.ABI))
    return notCopied("unverified", `The service holds no verified sources for ${address}.`);
  // Etherscan sends no `Address`; a compatible service that does and names another contract is not answering for this one.
  const named = item.Address?.trim() ?? "";
  if (named !== "" && named.toLowerCase() !== address.toLowerCase())
    return notCopied("unverified", anotherContractReason(address, named));
  const similar = item.SimilarMatch?.trim();
  if (similar && similar.toLowerCase() !== address.toLowerCase())
    return notCopied(
      "bytecode-twin",
      `${address} is not verified itself: these are the sources of ${isAddress(similar) ? `${similar}, ` : ""}a verified contract with the same bytecode (a similar match).`,
    );
  const compilerVersion = item.CompilerVersion ?? "";
  if (/vyper/i.test(item.CompilerType ?? "") || /^v?yper/i.test(compilerVersion))
    return notCopied("vyper", `${address} is a Vyper contract: copy rebuilds Solidity standard JSON inputs.`);
  const name = item.ContractName ?? "";
  const common = {
    address,
    compilerVersion: withV(compilerVersion),
    constructorArguments: bareHex(item.ConstructorArguments),
    libraries: libraryField(item.Library),
    match: "exact",
  } as const;
  const parsed = sourceFiles(sourceCode);
  if (parsed === "unreadable")
    throw new InvalidResponseError(
      `The service's answer cannot be read: the SourceCode it holds for ${address} starts with "{" but is neither a standard JSON input nor a set of files (a Solidity file never starts with "{").`,
      answer.request,
      answer.response.body,
    );
  if (!parsed) {
    const { input, contractName } = oneSourceInput({
      fileName: item.ContractFileName || undefined,
      sourceCode,
      contractName: name,
      optimizer: { enabled: isTrue(item.OptimizationUsed), runs: finiteNumber(item.Runs) },
      evmVersion: item.EVMVersion ?? undefined,
    });
    return { found: true, verified: { ...common, contractName, input } };
  }
  if (parsed.language !== undefined && parsed.language !== "Solidity")
    return notCopied(
      "vyper",
      `${address} is verified from ${parsed.language} sources: copy rebuilds Solidity standard JSON inputs.`,
    );
  const sources = Object.fromEntries(
    Object.entries(parsed.sources).map(([path, source]) => [path, { content: source.content }]),
  );
  const stated = statedSettings(isTrue(item.OptimizationUsed), finiteNumber(item.Runs), item.EVMVersion);
  const settings = inputSettings(parsed.settings ?? stated);
  const file = mainFile(sources, item.ContractFileName ?? "", name);
  if (file === undefined)
    return notCopied(
      "unverified",
      `The service's answer for ${address} does not say which of its ${Object.keys(sources).length} files holds ${name}.`,
    );
  const input: RebuiltInput = { language: "Solidity", sources, settings };
  return { found: true, verified: { ...common, contractName: `${file}:${name}`, input } };
}

// `{{…input…}}` (standard JSON: one brace more on each side), `{path: {content}}` (several files), or a single file
// (undefined). A Solidity file never starts with `{`: text that does and is neither form is unreadable.
function sourceFiles(
  sourceCode: string,
):
  | (Partial<z.infer<typeof standardJsonSchema>> & { sources: z.infer<typeof sourcesSchema> })
  | "unreadable"
  | undefined {
  const text = sourceCode.trim();
  if (!text.startsWith("{")) return undefined;
  const value = parsedJson(text.startsWith("{{") && text.endsWith("}}") ? text.slice(1, -1) : text);
  if (value === undefined) return "unreadable";
  const standard = standardJsonSchema.safeParse(value);
  if (standard.success) return standard.data;
  const files = sourcesSchema.safeParse(value);
  return files.success ? { sources: files.data } : "unreadable";
}

// `ContractFileName` when it is one of the files; else the one file that declares the contract.
function mainFile(
  sources: Record<string, { content: string }>,
  named: string,
  name: string,
): string | undefined {
  if (named && Object.hasOwn(sources, named)) return named;
  const declares = new RegExp(`\\b(?:contract|library|interface)\\s+${name.replace(/\$/g, "\\$")}\\b`);
  const holders = Object.keys(sources).filter((path) => declares.test(sources[path]?.content ?? ""));
  return holders.length === 1 ? holders[0] : undefined;
}

// Etherscan's `Library`: `Name:address` pairs separated by `;` (addresses with or without 0x).
function libraryField(text: string | null | undefined): Record<string, string> {
  const libraries: Record<string, string> = {};
  for (const pair of (text ?? "").split(/[;,]/)) {
    const match = /^\s*(.+?):(?:0x)?([0-9a-fA-F]{40})\s*$/.exec(pair);
    if (match?.[1] && match[2]) libraries[match[1]] = `0x${match[2]}`;
  }
  return libraries;
}
