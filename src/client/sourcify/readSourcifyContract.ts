import { assertAddress } from "../../kernel/validate.js";
import { type SourcifyVerifiedContract, sourcifyVerifiedContractSchema } from "../../schemas/sourcify.js";
import { bareHex } from "../contract/verifiedContract.js";
import type { Transport } from "../transport.js";
import { inputSettings, notCopied, type VerifiedInputReading, withV } from "../verifiedInput.js";
import type { LookupContractParameters } from "./lookupContract.js";
import { sourcifyLookup } from "./sourcifyAnswer.js";

/**
 * Reads what Sourcify verified a contract with (`GET /v2/contract/{chainId}/{address}?fields=all`), as a standard
 * JSON input to verify it again elsewhere: its standard JSON input (else its compilation settings and sources), the
 * fully qualified name, and the constructor arguments and libraries Sourcify read from the creation code. A `match`
 * (partial) is given as such. Sourcify answers by chain and address, so a bytecode twin is never taken for it; an
 * answer about another address or chain is no answer about this one.
 *
 * @param transport - Sourcify's transport
 * @param parameters - chain and address
 * @returns the input, or why there is none to copy
 * @throws {InvalidInputError} for a malformed address, before any request
 * @throws {ExplorerError | HttpError | InvalidResponseError} and the transport's errors
 */
export async function readSourcifyContract(
  transport: Transport,
  parameters: LookupContractParameters,
): Promise<VerifiedInputReading> {
  const address = assertAddress(parameters.address);
  const path = `/v2/contract/${parameters.chainId}/${address}`;
  const schema = sourcifyVerifiedContractSchema;
  const found = await sourcifyLookup(transport, path, { fields: "all" }, schema, "the contract lookup");
  const another =
    (found?.address != null && found.address.toLowerCase() !== address.toLowerCase()) ||
    (found?.chainId != null && String(found.chainId) !== String(parameters.chainId));
  // Not verified: 404 with null matches.
  if (!found || another || (found.match !== "exact_match" && found.match !== "match"))
    return notCopied(
      "unverified",
      `Sourcify holds no verified sources for ${address} on chain ${parameters.chainId}.`,
    );
  return sourcifyInputOf(address, found);
}

// What a full Sourcify lookup holds to copy.
function sourcifyInputOf(address: string, found: SourcifyVerifiedContract): VerifiedInputReading {
  const compilation = found.compilation ?? {};
  const language = found.stdJsonInput?.language ?? compilation.language ?? "Solidity";
  if (language !== "Solidity")
    return notCopied(
      "vyper",
      `${address} is verified on Sourcify from ${language} sources: copy rebuilds Solidity standard JSON inputs.`,
    );
  const qualified = compilation.fullyQualifiedName ?? "";
  const given = found.stdJsonInput?.sources ?? found.sources ?? {};
  const missing = Object.entries(given).find(([, source]) => typeof source.content !== "string");
  if (!qualified.includes(":") || !compilation.compilerVersion || missing)
    return notCopied(
      "unverified",
      missing
        ? `Sourcify's answer for ${address} gives no content for ${missing[0]}.`
        : `Sourcify's answer for ${address} does not name its contract and compiler.`,
    );
  const sources = Object.fromEntries(
    Object.entries(given).map(([path, source]) => [path, { content: source.content ?? "" }]),
  );
  const values = found.creationBytecode?.transformationValues;
  return {
    found: true,
    verified: {
      address,
      contractName: qualified,
      compilerVersion: withV(compilation.compilerVersion),
      input: {
        language: "Solidity",
        sources,
        settings: inputSettings(found.stdJsonInput?.settings ?? compilation.compilerSettings ?? {}),
      },
      constructorArguments: bareHex(values?.constructorArguments),
      libraries: { ...values?.libraries },
      match: found.match === "exact_match" ? "exact" : "partial",
    },
  };
}
