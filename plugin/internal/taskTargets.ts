import { join } from "node:path";
import type { ResolvedConfigurationVariable } from "hardhat/types/config";
import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { ChainClaim, ChainPlace, NamedUrl, RunTargets } from "../../src/run/targets.js";
import type { Service } from "../../src/verify/verifier.js";
import type { ChainAccess } from "./chainAccess.js";
import { configEndpoints } from "./configEndpoints.js";
import { asUserErrors } from "./pluginError.js";
import { projectCompilers } from "./projectBuild.js";

/** What the task knows of where a run goes, besides Hardhat's config. */
export interface TaskWhere {
  /** The open network and its reads; unset with `--explorer-url` alone, or for deployments on their own chains. */
  network?: { connection: NetworkConnection; chain: ChainAccess } | undefined;
  /** `--explorer-url`. */
  explorerUrl?: string | undefined;
  /** The chains the deployments record (an Ignition journal, a `chain-N` folder): they must agree with the network. */
  recorded?: readonly ChainClaim[];
  services: readonly Service[];
  optionalTargets?: readonly Service[];
  /** The `--user-agent` setting (or `explorerVerify.userAgent`). */
  userAgent?: string | undefined;
}

/**
 * The run's targets for the task's commands alike: what only Hardhat knows (the network's chain and JSON-RPC, the
 * HTTP networks by their `chainId`, `explorerVerify` and its `chains`, the chain descriptors' Blockscout and Etherscan
 * entries, the project's compilers and cache), handed to the hall as facts; the hall chooses, in the order every door's run takes.
 *
 * @param hre - the Hardhat runtime
 * @param where - the network, the options, the deployments' chains
 * @returns the targets
 * @throws {HardhatPluginError} when chains disagree, no explorer is known for a chain, the network is Hardhat's
 *   in-process chain, a URL is not http(s), or a header is malformed
 */
export async function resolveTaskTargets(
  hre: HardhatRuntimeEnvironment,
  where: TaskWhere,
): Promise<RunTargets> {
  const settings = hre.config.explorerVerify;
  const { network } = where;
  const { chainPlaces, resolveTargets } = await import("../../src/run/targets.js");
  const recorded = where.recorded ?? [];
  const networkName = network ? `network "${network.connection.networkName}"` : "the deployment";
  const chainId = network ? Number(await network.chain.chainId()) : undefined;
  const networkConfig = network?.connection.networkConfig;
  const rpcUrl = networkConfig?.type === "http" ? await networkConfig.url.get() : undefined;
  const chains: ChainPlace[] =
    chainId === undefined
      ? chainPlaces({ recorded, rpcByChain: await httpNetworks(hre, recorded) })
      : [
          {
            claims: [{ id: chainId, source: networkName }, ...recorded],
            ...(rpcUrl
              ? { rpc: { url: rpcUrl, source: networkName, chainId } }
              : {
                  // Nothing deployed on Hardhat's in-process chain outlives the command: the user meant another network.
                  inProcess:
                    hre.globalOptions.network === undefined
                      ? "No network given: verify on the network the contracts are deployed to, with --network NAME (or give --explorer-url)."
                      : `Network "${network?.connection.networkName}" is Hardhat's in-process chain, which ends with the command: give the --network the contracts are deployed to (a node started with npx hardhat node is "localhost").`,
                }),
          },
        ];
  const onlyChain = new Set([chainId, ...recorded.map((claim) => claim.id)].filter((id) => id !== undefined));
  const [named] = onlyChain.size === 1 ? [...onlyChain] : [];
  return asUserErrors(async () =>
    resolveTargets({
      services: where.services,
      optional: where.optionalTargets,
      chains,
      explorerUrl: where.explorerUrl ? { url: where.explorerUrl, source: "--explorer-url" } : undefined,
      explorerFor: async (id) => {
        const perChain = settings.chains[String(id)];
        const url = perChain?.explorerUrl;
        return {
          url: url ? { url, source: `explorerVerify.chains["${id}"].explorerUrl` } : undefined,
          described: describedExplorer(hre, id),
          apiKey: await optionalValue(perChain?.apiKey),
          headers: await headerValues(perChain?.headers ?? {}),
        };
      },
      endpointsFor: (id) => configEndpoints(hre, id, optionalValue),
      howToGiveChainKey: (id, service) =>
        `set explorerVerify.chains["${id}"].${service}.apiKey in the Hardhat config, e.g. configVariable("${service.toUpperCase()}_${id}_API_KEY")`,
      keys: {
        blockscout: await optionalValue(settings.apiKey),
        etherscan: where.services.includes("etherscan")
          ? await optionalValue(settings.etherscan.apiKey)
          : undefined,
        routescan: where.services.includes("routescan")
          ? await optionalValue(settings.routescan.apiKey)
          : undefined,
      },
      headers: await headerValues(settings.headers),
      userAgent: where.userAgent,
      apiUrls: {
        ...(settings.etherscan.apiUrl
          ? { etherscan: { url: settings.etherscan.apiUrl, source: "explorerVerify.etherscan.apiUrl" } }
          : {}),
        ...(settings.sourcify.apiUrl
          ? { sourcify: { url: settings.sourcify.apiUrl, source: "explorerVerify.sourcify.apiUrl" } }
          : {}),
        ...(settings.routescan.apiUrl
          ? { routescan: { url: settings.routescan.apiUrl, source: "explorerVerify.routescan.apiUrl" } }
          : {}),
      },
      localExplorer: {
        cacheDir: join(hre.config.paths.cache, "explorer-verify"),
        compilers: projectCompilers(hre),
      },
      howToNameExplorer:
        named === undefined
          ? "give --explorer-url"
          : `give --explorer-url, or set explorerVerify.chains["${named}"].explorerUrl in the Hardhat config (${networkName})`,
      howToReachLocalChain:
        "verify its deployments with its own --network (one whose url reaches the chain), and the embedded local explorer verifies on it; or give --explorer-url",
      howToGiveEtherscanKey:
        'set explorerVerify.etherscan.apiKey in the Hardhat config, e.g. configVariable("ETHERSCAN_API_KEY")',
    }),
  );
}

// The HTTP networks of the config by their `chainId`, for the chains the deployments record: the hall takes each
// chain's first as --network would (only those read: another network's URL may be an unset variable).
async function httpNetworks(
  hre: HardhatRuntimeEnvironment,
  recorded: readonly ChainClaim[],
): Promise<Record<number, NamedUrl>> {
  const networks: Record<number, NamedUrl> = {};
  for (const [name, config] of Object.entries(hre.config.networks)) {
    const id = config.chainId;
    if (
      config.type !== "http" ||
      id === undefined ||
      networks[id] ||
      !recorded.some((claim) => claim.id === id)
    )
      continue;
    networks[id] = { url: await config.url.get(), source: `network "${name}"` };
  }
  return networks;
}

// The chain descriptor's Blockscout entry for a chain (its API URL, else its page URL).
function describedExplorer(hre: HardhatRuntimeEnvironment, chainId: number): NamedUrl | undefined {
  const blockscout = hre.config.chainDescriptors.get(BigInt(chainId))?.blockExplorers.blockscout;
  const url = blockscout?.apiUrl ?? blockscout?.url;
  const field = blockscout?.apiUrl ? "apiUrl" : "url";
  return url ? { url, source: `chainDescriptors[${chainId}].blockExplorers.blockscout.${field}` } : undefined;
}

// An optional key or header given as configVariable("X") with X unset means "none": Hardhat fails only when the
// value is read, so it is read here and a missing variable (HardhatError 7, ENV_VAR_NOT_FOUND) is no value.
async function optionalValue(
  variable: ResolvedConfigurationVariable | undefined,
): Promise<string | undefined> {
  if (!variable) return undefined;
  try {
    return (await variable.get()) || undefined;
  } catch (error) {
    if (isUnsetVariable(error)) return undefined;
    throw error;
  }
}

function isUnsetVariable(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { number?: unknown }).number === 7 &&
    (error as { name?: unknown }).name === "HardhatError"
  );
}

async function headerValues(
  variables: Record<string, ResolvedConfigurationVariable>,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [name, variable] of Object.entries(variables)) {
    const value = await optionalValue(variable);
    if (value !== undefined) values[name] = value;
  }
  return values;
}
