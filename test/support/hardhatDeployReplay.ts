// Replays a hardhat-deploy or rocketh deployments folder on a fresh local chain: each address's creation, in the order
// the files' receipts record, from the account that sent it. The same sender and nonces give the same addresses, so
// the committed folder describes what is deployed.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { readHardhatDeployment } from "../../src/inputs/hardhatDeployments.js";
import { rpc, send } from "../cli/foundryChain.js";

interface SavedDeployment {
  address: string;
  contractName?: string;
  bytecode?: string;
  libraries?: Record<string, string>;
  linkReferences?: Record<string, Record<string, Array<{ start: number; length: number }>>>;
  receipt?: { from?: string; blockNumber?: number | string; transactionIndex?: number | string };
  transaction?: { origin?: string; nonce?: string };
}

/**
 * Deploys the folder's contracts again, at the addresses it records.
 * @param rpcUrl - a fresh chain (its first block, Hardhat's accounts unlocked)
 * @param folder - the network's folder, e.g. `test/fixtures/hardhat-deploy-v1/deployments/localhost`
 * @returns the addresses deployed, in order
 * @throws when a creation lands elsewhere than the folder records
 */
export async function replayHardhatDeployment(rpcUrl: string, folder: string): Promise<string[]> {
  const { contracts } = await readHardhatDeployment(folder);
  const encoded = new Map(
    contracts.map(({ job }) => [
      job.address.toLowerCase(),
      job.constructorArguments && "hex" in job.constructorArguments ? job.constructorArguments.hex : "",
    ]),
  );
  // `<Name>` beside `<Name>_Proxy` is the proxy's view (rocketh puts the implementation's bytecode in it): not replayed.
  const names = (await readdir(folder)).filter((n) => n.endsWith(".json") && !n.startsWith("."));
  const saved: SavedDeployment[] = [];
  for (const name of names.filter((n) => !names.includes(n.replace(/\.json$/, "_Proxy.json")))) {
    saved.push(JSON.parse(await readFile(join(folder, name), "utf8")) as SavedDeployment);
  }
  // rocketh records the sender's nonce; hardhat-deploy 1.x the block and the place in it.
  const order = (d: SavedDeployment) =>
    d.transaction?.nonce !== undefined
      ? Number(d.transaction.nonce)
      : Number(d.receipt?.blockNumber ?? 0) * 1_000 + Number(d.receipt?.transactionIndex ?? 0);
  const seen = new Set<string>();
  const deployed: string[] = [];
  for (const deployment of saved.sort((a, b) => order(a) - order(b))) {
    const key = deployment.address.toLowerCase();
    if (seen.has(key) || !encoded.has(key) || !deployment.bytecode) continue;
    seen.add(key);
    const from = deployment.receipt?.from ?? deployment.transaction?.origin ?? "";
    const created = await send(rpcUrl, {
      from,
      input: `${linked(deployment, saved)}${(encoded.get(key) ?? "").replace(/^0x/, "")}`,
      gas: "0x989680",
    });
    if (created?.toLowerCase() !== key) {
      throw new Error(`the replay put ${deployment.address} at ${created}: the chain is not fresh`);
    }
    deployed.push(deployment.address);
  }
  if ((await rpc(rpcUrl, "eth_getCode", [deployed[0], "latest"])) === "0x")
    throw new Error("nothing deployed");
  return deployed;
}

// rocketh saves the artifact's bytecode, with its libraries' places still open (and, before 0.19, no `libraries`:
// the library's own deployment in the folder gives its address).
function linked(deployment: SavedDeployment, saved: readonly SavedDeployment[]): string {
  let code = deployment.bytecode ?? "0x";
  for (const names of Object.values(deployment.linkReferences ?? {})) {
    for (const [name, places] of Object.entries(names)) {
      const address = (deployment.libraries?.[name] ?? saved.find((d) => d.contractName === name)?.address)
        ?.replace(/^0x/, "")
        .toLowerCase();
      if (!address) continue;
      for (const { start } of places) {
        const at = 2 + start * 2;
        code = `${code.slice(0, at)}${address}${code.slice(at + 40)}`;
      }
    }
  }
  return code;
}
