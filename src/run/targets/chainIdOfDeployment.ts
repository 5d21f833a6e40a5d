import { basename, dirname } from "node:path";

/**
 * The chain id a deployment's path names: an Ignition folder `chain-<id>`, or a Foundry broadcast
 * `…/<id>/run-latest.json`.
 *
 * @returns the chain id, or undefined when the path does not name one
 */
export function chainIdOfDeployment(deployment: string): number | undefined {
  const trimmed = deployment.replace(/[/\\]+$/, "");
  const named = trimmed.endsWith(".json")
    ? /^(\d+)$/.exec(basename(dirname(trimmed)))
    : /^chain-(\d+)$/.exec(basename(trimmed));
  const chainId = named ? Number(named[1]) : Number.NaN;
  return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined;
}
