import { InvalidInputError } from "../errors/index.js";
import { isPlainObject, parsedJson } from "../kernel/jsonValues.js";
import { parseHeaderText, secretHeaderValues, shortestSecretHeaderValue } from "../kernel/requestHeaders.js";
import { verificationDefaults } from "../options/verificationOptions.js";
import { copyServices } from "../run/commands/copyServices.js";
import { type ChainEndpoints, endpointEntries, type Service } from "../run/commands/requestFacts.js";
import { type RunSettingValues, readRunSettings, readSetting, type Setting } from "../run/settings.js";
import { maskSecret, readInput, readSecretInput } from "./runnerCommands.js";

/** The Action's inputs, checked: the run's settings (declared in the hall) and the Action's own. */
export interface ActionInputs extends RunSettingValues {
  /** Unset when the chain id names the explorer. */
  explorerUrl: string | undefined;
  /** From `chain-id`: the chain the user names (the deployments' own chains must agree with it). */
  chainId: number | undefined;
  apiKey: string | undefined;
  /** Etherscan's key, masked: sent to Etherscan only. */
  etherscanApiKey: string | undefined;
  /** Routescan's key, masked: sent to Routescan only. */
  routescanApiKey: string | undefined;
  /** From `headers`: lower-case names; every value is masked. */
  headers: Record<string, string>;
  contracts: string | undefined;
  /** One path, or several (newline-separated, globs allowed): see `deploymentPaths`. */
  deployment: string | undefined;
  /** From `explorers`: explorer URLs by chain id, for deployments on several chains. */
  explorers: Record<number, string>;
  /** From `rpc-urls`: JSON-RPC URLs by chain id. */
  rpcUrls: Record<number, string>;
  /** From `endpoints`, `endpoint-keys` and `endpoint-sites`: a chain's own endpoints, keys (masked), sites. */
  endpoints: Record<number, ChainEndpoints>;
  /** The ledger file as given (`none`: no ledger); resolved inside the workspace by the caller. */
  ledger: string;
  artifacts: string;
  rpcUrl: string | undefined;
  failOnError: boolean;
  /** From `pr-comment`: post the results on the pull request the workflow runs for. */
  prComment: boolean;
  /** From `github-token`, masked; read only when `pr-comment` is on. */
  githubToken: string | undefined;
  /** From `bundle`: a bundle whose contracts to verify, with no build (a path in the workspace, or absolute). */
  bundle: string | undefined;
  /** From `copy-from`: the service whose verifications of `addresses` are copied to the targets. */
  copyFrom: Service | undefined;
  /** From `addresses`: the contracts `copy-from` reads. */
  addresses: string[];
}

// An input beside the run's settings, read as they are: a switch, or a whole number within its range.
function settingInput(setting: Pick<Setting, "type" | "default" | "range"> & { input: string }) {
  return readSetting({ ...setting, name: setting.input, help: "" }, readInput(setting.input), "action");
}

/**
 * Reads and checks the inputs. The API key is masked before anything else happens, so no log line can show it.
 *
 * @returns the inputs
 * @throws {InvalidInputError} naming the input that is wrong
 */
export function readActionInputs(): ActionInputs {
  const apiKey = readSecretInput("api-key");
  const etherscanApiKey = readSecretInput("etherscan-api-key");
  const routescanApiKey = readSecretInput("routescan-api-key");
  const headers = headersInput();
  const explorerUrl = readInput("explorer-url") || undefined;
  const contracts = readInput("contracts") || undefined;
  const deployment = readInput("deployment") || undefined;
  const explorers = chainMapInput("explorers", "https://optimism.blockscout.com");
  const rpcUrls = chainMapInput("rpc-urls", "https://mainnet.optimism.io");
  const endpoints = endpointsInput();
  const chainIdRange = { min: 1, max: Number.MAX_SAFE_INTEGER };
  const chainId = settingInput({ input: "chain-id", type: "wholeNumber", range: chainIdRange }) as
    | number
    | undefined;
  const { bundle, copyFrom: copyText, addresses } = contractSources(contracts, deployment);
  if (!contracts && !deployment && !bundle && !copyText) {
    throw new InvalidInputError(
      "contracts",
      "Give the contracts to verify: input contracts (a manifest path or inline JSON), deployment (an Ignition deployment folder or a Foundry run-latest.json), bundle (a bundle file) or copy-from with addresses.",
    );
  }
  const rpcUrl = readInput("rpc-url") || undefined;
  const settings = readRunSettings("action", (setting) => readInput(setting.input ?? ""));
  // The hall's check of a copy's services, in the Action's words.
  const copyFrom = copyText
    ? copyServices(
        { flag: "Input copy-from", text: copyText, called: "copy-from" },
        { flag: "Input targets", text: settings.targets.join(",") },
      ).from
    : undefined;
  const prComment = settingInput({ input: "pr-comment", type: "switch", default: false }) === true;
  const githubToken = prComment ? readSecretInput("github-token") : undefined;
  return {
    explorerUrl,
    chainId,
    apiKey,
    etherscanApiKey,
    routescanApiKey,
    headers,
    contracts,
    deployment,
    explorers,
    rpcUrls,
    endpoints,
    ledger: readInput("ledger") || verificationDefaults.ledger,
    artifacts: readInput("artifacts") || verificationDefaults.artifacts,
    rpcUrl,
    ...settings,
    failOnError:
      settingInput({ input: "fail-on-error", type: "switch", default: verificationDefaults.failOnError }) ===
      true,
    prComment,
    githubToken,
    bundle,
    copyFrom,
    addresses,
  };
}

// Where the contracts come from: one of a manifest or deployments (with a build), a bundle, or a copy; checked whole.
function contractSources(
  contracts: string | undefined,
  deployment: string | undefined,
): Pick<ActionInputs, "bundle" | "addresses"> & { copyFrom: string | undefined } {
  const bundle = readInput("bundle") || undefined;
  const copyFrom = readInput("copy-from") || undefined;
  const addresses = [...new Set(readInput("addresses").split(/[\s,]+/))].filter((word) => word !== "");
  if (copyFrom && addresses.length === 0)
    throw new InvalidInputError("addresses", "Input copy-from needs addresses: the contracts to copy.");
  if (!copyFrom && addresses.length > 0)
    throw new InvalidInputError(
      "addresses",
      "Input addresses goes with copy-from: the service whose verifications of them are copied.",
    );
  const sources = { contracts, deployment, bundle, "copy-from": copyFrom };
  const given = Object.entries(sources).flatMap(([name, value]) => (value ? [name] : []));
  if ((bundle || copyFrom) && given.length > 1)
    throw new InvalidInputError(
      bundle ? "bundle" : "copy-from",
      `Inputs ${given.join(" and ")} each name the contracts: give one of them.`,
    );
  return { bundle, copyFrom, addresses };
}

// One entry a line, as the CLI's repeated --endpoint and --endpoint-key take them; each key masked once read.
function endpointsInput(): Record<number, ChainEndpoints> {
  const lines = (name: string) =>
    readInput(name)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "");
  const endpoints = endpointEntries(
    { urls: lines("endpoints"), keys: lines("endpoint-keys"), sites: lines("endpoint-sites") },
    { urls: "Input endpoints", keys: "Input endpoint-keys", sites: "Input endpoint-sites" },
  );
  for (const chain of Object.values(endpoints))
    for (const endpoint of Object.values(chain)) if (endpoint?.apiKey) maskSecret(endpoint.apiKey.value);
  return endpoints;
}

// A JSON object from chain id to URL (`{"10": "https://optimism.blockscout.com"}`); the hall checks each URL. The
// example is of the input's own kind: an explorer's URL, or a chain's JSON-RPC URL.
function chainMapInput(name: string, exampleUrl: string): Record<number, string> {
  const text = readInput(name);
  if (text === "") return {};
  const shape = `Input ${name} must be a JSON object from chain id to URL, e.g. {"10": "${exampleUrl}"}`;
  const parsed = parsedJson(text);
  if (parsed === undefined) throw new InvalidInputError(name, `${shape}: it is not JSON.`);
  if (!isPlainObject(parsed)) {
    throw new InvalidInputError(name, `${shape}.`);
  }
  const map: Record<number, string> = {};
  for (const [key, url] of Object.entries(parsed)) {
    const chainId = Number(key);
    if (!Number.isSafeInteger(chainId) || chainId <= 0 || String(chainId) !== key.trim()) {
      throw new InvalidInputError(name, `${shape}: "${key}" is not a chain id.`);
    }
    if (typeof url !== "string")
      throw new InvalidInputError(name, `${shape}: chain ${key} has no URL string.`);
    map[chainId] = url;
  }
  return map;
}

// Masked before anything is logged: a header may carry a gateway's token as surely as the key does. A short value
// (`X-Debug: 1`) is no secret: masking it would hide every "1" in the log.
function headersInput(): Record<string, string> {
  const text = readInput("headers");
  if (text === "") return {};
  // Each line's value is masked before parsing, so that even a parse error cannot show one.
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    const value = colon > 0 ? line.slice(colon + 1).trim() : "";
    if (value.length >= shortestSecretHeaderValue && !line.trimStart().startsWith("{")) maskSecret(value);
  }
  const headers = parseHeaderText(text, "headers");
  for (const value of secretHeaderValues(headers)) maskSecret(value);
  return headers;
}
