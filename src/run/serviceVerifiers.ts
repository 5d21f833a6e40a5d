import type { TransportOptions } from "../client/transport.js";
import { InvalidInputError } from "../errors/index.js";
import type { Verifier, VerifierKind } from "../verify/verifier.js";

/** What a run knows of the services beside Blockscout: Etherscan's key, and each service's API root. */
export interface ServiceSettings {
  etherscanApiKey?: string | undefined;
  /** `EXPLORER_VERIFY_ETHERSCAN_API_URL`, or the config's `etherscan.apiUrl`. */
  etherscanApiUrl?: string | undefined;
  /** `EXPLORER_VERIFY_SOURCIFY_API_URL`, or the config's `sourcify.apiUrl`. */
  sourcifyApiUrl?: string | undefined;
}

/**
 * The API roots the environment names for Etherscan and Sourcify (tests and mirrors point them at stand-ins).
 *
 * @param env - the environment
 * @returns the roots, unset where the variable is
 */
export function serviceEnvironment(env: NodeJS.ProcessEnv = process.env): ServiceSettings {
  return {
    etherscanApiUrl: env.EXPLORER_VERIFY_ETHERSCAN_API_URL?.trim() || undefined,
    sourcifyApiUrl: env.EXPLORER_VERIFY_SOURCIFY_API_URL?.trim() || undefined,
  };
}

/**
 * The verifier of Etherscan or Sourcify for one chain; their modules load only when a run names them.
 *
 * @param kind - the service
 * @param chainId - the chain (both services need it)
 * @param services - Etherscan's key and the API roots
 * @param transport - the pace, the answers' cap and where transport events go
 * @returns the verifier
 * @throws {InvalidInputError} without a chain id, or Etherscan without a key
 */
export async function serviceVerifier(
  kind: Exclude<VerifierKind, "blockscout">,
  chainId: number | undefined,
  services: ServiceSettings,
  transport: Pick<TransportOptions, "requestsPerSecond" | "maxResponseBytes" | "onEvent">,
): Promise<Verifier> {
  const name = kind === "etherscan" ? "Etherscan" : "Sourcify";
  if (chainId === undefined)
    throw new InvalidInputError(
      "targets",
      `${name} verifies by chain id, and this run does not know it: give the chain id (chain-id, --chain-id, or a deployment whose path names it).`,
    );
  if (kind === "etherscan") {
    if (!services.etherscanApiKey)
      throw new InvalidInputError(
        "etherscan-api-key",
        "Etherscan needs an API key (one key serves every chain): set ETHERSCAN_API_KEY, the etherscan-api-key input, or explorerVerify.etherscan.apiKey.",
      );
    const { EtherscanVerifier } = await import("../verifiers/etherscanVerifier.js");
    return new EtherscanVerifier({
      ...transport,
      chainId,
      apiKey: services.etherscanApiKey,
      ...(services.etherscanApiUrl ? { apiUrl: services.etherscanApiUrl } : {}),
    });
  }
  const { SourcifyVerifier } = await import("../verifiers/sourcifyVerifier.js");
  return new SourcifyVerifier({
    ...transport,
    chainId,
    ...(services.sourcifyApiUrl ? { apiUrl: services.sourcifyApiUrl } : {}),
  });
}
