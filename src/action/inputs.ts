import { resolveExplorerUrls } from "../client/explorerUrl.js";
import { InvalidInputError } from "../errors/index.js";
import { maskSecret, readInput } from "./runnerCommands.js";

/** The Action's inputs, checked. */
export interface ActionInputs {
  explorerUrl: string;
  apiKey: string | undefined;
  contracts: string | undefined;
  deployment: string | undefined;
  artifacts: string;
  rpcUrl: string | undefined;
  wait: boolean;
  timeoutSeconds: number;
  concurrency: number;
  force: boolean;
  preflight: boolean;
  failOnError: boolean;
}

function booleanInput(name: string, fallback: boolean): boolean {
  const value = readInput(name).toLowerCase();
  if (value === "") return fallback;
  if (["true", "yes", "on", "1"].includes(value)) return true;
  if (["false", "no", "off", "0"].includes(value)) return false;
  throw new InvalidInputError(name, `Input ${name} must be true or false, got "${readInput(name)}".`);
}

function integerInput(name: string, fallback: number, min: number, max: number): number {
  const text = readInput(name);
  if (text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InvalidInputError(
      name,
      `Input ${name} must be a whole number from ${min} to ${max}, got "${text}".`,
    );
  }
  return value;
}

// The chain's JSON-RPC endpoint: checked here, so that a typo is one clear error rather than one per contract.
function assertRpcUrl(text: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(text).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== "http:" && protocol !== "https:") {
    throw new InvalidInputError(
      "rpc-url",
      `Input rpc-url must be the chain's http(s) JSON-RPC URL, e.g. https://rpc.example.org, got "${text}".`,
    );
  }
}

/**
 * Reads and checks the inputs. The API key is masked before anything else happens, so no log line can show it.
 *
 * @returns the inputs
 * @throws {InvalidInputError} naming the input that is wrong
 */
export function readActionInputs(): ActionInputs {
  const apiKey = readInput("api-key") || undefined;
  if (apiKey) maskSecret(apiKey);
  const explorerUrl = readInput("explorer-url");
  if (!explorerUrl)
    throw new InvalidInputError(
      "explorer-url",
      "Input explorer-url is required: the Blockscout explorer, e.g. https://eth.blockscout.com.",
    );
  resolveExplorerUrls(explorerUrl);
  const contracts = readInput("contracts") || undefined;
  const deployment = readInput("deployment") || undefined;
  if (!contracts && !deployment) {
    throw new InvalidInputError(
      "contracts",
      "Give the contracts to verify: input contracts (a manifest path or inline JSON) or deployment (an Ignition deployment folder or a Foundry run-latest.json).",
    );
  }
  const rpcUrl = readInput("rpc-url") || undefined;
  if (rpcUrl) assertRpcUrl(rpcUrl);
  const preflight = booleanInput("preflight", false);
  if (preflight && !rpcUrl)
    throw new InvalidInputError(
      "preflight",
      "Input preflight needs rpc-url: the chain to check the deployed code against.",
    );
  return {
    explorerUrl,
    apiKey,
    contracts,
    deployment,
    artifacts: readInput("artifacts") || "artifacts",
    rpcUrl,
    wait: booleanInput("wait", true),
    timeoutSeconds: integerInput("timeout-seconds", 300, 1, 86_400),
    concurrency: integerInput("concurrency", 4, 1, 64),
    force: booleanInput("force", false),
    preflight,
    failOnError: booleanInput("fail-on-error", true),
  };
}
