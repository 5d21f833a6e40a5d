import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isInlineManifest } from "../inputs/manifest.js";
import { resolveWorkspaceInput } from "../inputs/workspacePath.js";
import { deploymentPaths, workspaceCompilers } from "../run/commands/requestFacts.js";
import type { VerifyRequest } from "../run/commands/verifyRequest.js";
import type { ActionInputs } from "./inputs.js";
import type { ShardStep } from "./shardInputs.js";

/**
 * The Action's inputs as the hall's request: what to verify (a bundle, a copy, the manifest and deployments, each
 * path confined to the workspace), where, the ledger, the shard and the run's own bundle, in the Action's words.
 *
 * @param inputs - the checked inputs
 * @param workspace - the workspace
 * @param step - the plan's step, if any
 * @returns the request
 * @throws {InvalidInputError} naming the input when a path leads outside the workspace
 */
export async function verifyRequestOf(
  inputs: ActionInputs,
  workspace: string,
  step: ShardStep | undefined,
): Promise<VerifyRequest> {
  const { bundle, copyFrom, contracts } = inputs;
  const file = (given: string) => resolveWorkspaceInput(workspace, given, "bundle");
  // A bundle names its contracts and chains, a copy its addresses: neither has a build to read.
  const readsBuild = !bundle && !copyFrom;
  // A relative `deployment` path (each line, patterns expanded) or `artifacts` folder that names a place inside the
  // workspace must stay there once links are followed, before anything under it is read (a pull request writes the
  // workspace, links included); an absolute path is the workflow's own.
  if (readsBuild) {
    const deployments = inputs.deployment ? await deploymentPaths(inputs.deployment, workspace) : [];
    for (const path of deployments) resolveWorkspaceInput(workspace, path, "deployment");
    resolveWorkspaceInput(workspace, inputs.artifacts, "artifacts");
  }
  const manifest =
    readsBuild && contracts && !isInlineManifest(contracts)
      ? resolveWorkspaceInput(workspace, contracts, "contracts")
      : contracts;
  const files = { sources: { ...inputs, contracts: manifest }, workspace };
  return {
    what: bundle
      ? { kind: "bundle", bundle: { given: bundle, file, field: "bundle" }, readsIn: files }
      : copyFrom
        ? { kind: "copy", from: copyFrom, addresses: inputs.addresses }
        : { kind: "files", ...files },
    where: {
      door: "action",
      chainId: inputs.chainId === undefined ? undefined : { id: inputs.chainId, source: "input chain-id" },
      rpc: inputs.rpcUrl ? { url: inputs.rpcUrl, source: "input rpc-url" } : undefined,
      rpcByChain: inputs.rpcUrls,
      optional: inputs.optionalTargets,
      explorerUrl: inputs.explorerUrl ? { url: inputs.explorerUrl, source: "input explorer-url" } : undefined,
      explorers: { urls: inputs.explorers, source: "input explorers" },
      endpoints: inputs.endpoints,
      howToGiveChainKey: (chainId, service) =>
        `give ${chainId}=${service}=VARIABLE in the endpoint-keys input, VARIABLE an environment variable of the step holding that endpoint's key`,
      keys: {
        blockscout: inputs.apiKey,
        etherscan: inputs.etherscanApiKey,
        routescan: inputs.routescanApiKey,
      },
      headers: inputs.headers,
      userAgent: inputs.userAgent,
      howToNameExplorer: (id, chains) =>
        chains > 1
          ? `name its explorer in the explorers input ({"${id}": URL})`
          : "give the explorer-url input",
      nothingNamesExplorer:
        "Name the explorer: input explorer-url (e.g. https://eth.blockscout.com), or chain-id to find the chain's Blockscout explorer.",
      howToGiveEtherscanKey: "give the etherscan-api-key input",
      howToReachLocalChain:
        "give its JSON-RPC URL in rpc-url (or rpc-urls), and the embedded local explorer verifies on it, or give explorer-url",
    },
    settings: { ...inputs, ...maxResponseBytesFromEnvironment() },
    ledger:
      inputs.ledger === "none"
        ? undefined
        : { path: resolveWorkspaceInput(workspace, inputs.ledger, "ledger"), recheck: inputs.recheck },
    shard:
      step?.step === "shard" ? { id: step.shard, resultsBesideLedger: true, plan: step.plan } : undefined,
    // The run's own bundle, for verifying later or elsewhere (the output `bundle`), in the runner's temporary folder,
    // outside the workspace and its checkouts, in a folder of its own: an earlier step's is never taken for it. Not
    // for a bundle or a copy.
    bundleOutput:
      bundle || copyFrom
        ? undefined
        : {
            path: join(
              process.env.RUNNER_TEMP || tmpdir(),
              "explorer-verify",
              randomUUID(),
              "verification.json",
            ),
            field: "bundle",
            howToGiveChain: "give the chain-id input",
          },
    compilers: workspaceCompilers(workspace),
    refusals: {
      shardWithoutLedger:
        "Input shard keeps its ledger and results for the merge: give ledger a path, not none.",
      preflightWithoutRpc: "Input preflight needs rpc-url: the chain to check the deployed code against.",
      includeCreatedOnSeveralChains:
        "Input include-created reads one chain's transactions: give deployments on one chain with it.",
    },
  };
}

// A smaller cap on the explorer's answers than the library's 64 MiB, for runners with little memory.
function maxResponseBytesFromEnvironment(): { maxResponseBytes?: number } {
  const text = process.env.EXPLORER_VERIFY_MAX_RESPONSE_BYTES;
  const bytes = Number(text);
  return text && Number.isSafeInteger(bytes) && bytes > 0 ? { maxResponseBytes: bytes } : {};
}
