// Replays the Foundry fixture's broadcast on a fresh local chain: the same sender and nonces give the same
// addresses, so broadcast/Deploy.s.sol/31337/run-latest.json describes what is deployed.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { foundryFixture } from "../inputs/hardhatProject.js";

export const runLatest = join("broadcast", "Deploy.s.sol", "31337", "run-latest.json");

/** Where forge scripts send CREATE2 deployments; anvil has it from genesis. */
const create2Factory = "0x4e59b44847b379578588920ca78fbf26c0b4956c";
const create2FactoryCode =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";

/** A transaction as a broadcast file records it. */
export interface BroadcastTransaction {
  contractName: string | null;
  contractAddress: string | null;
  transactionType: string;
  transaction: { from: string; to?: string | null; input: string; gas: string; value: string };
}

/**
 * A JSON-RPC call to the chain.
 * @param rpcUrl - the chain
 * @param method - the method
 * @param params - its parameters
 * @returns the result
 */
export async function rpc(rpcUrl: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Sends the broadcast's transactions, in order, from their sender (an unlocked account of the local chain).
 * @param rpcUrl - a fresh chain
 * @returns the broadcast's transactions
 */
export async function replayBroadcast(rpcUrl: string): Promise<BroadcastTransaction[]> {
  if ((await rpc(rpcUrl, "eth_getCode", [create2Factory, "latest"])) === "0x")
    await rpc(rpcUrl, "hardhat_setCode", [create2Factory, create2FactoryCode]);
  const { transactions } = JSON.parse(await readFile(join(foundryFixture, runLatest), "utf8")) as {
    transactions: BroadcastTransaction[];
  };
  for (const { transaction } of transactions) await send(rpcUrl, transaction);
  for (const { contractAddress, transactionType } of transactions) {
    if (
      transactionType !== "CALL" &&
      (await rpc(rpcUrl, "eth_getCode", [contractAddress, "latest"])) === "0x"
    )
      throw new Error(`the replay did not deploy ${contractAddress}`);
  }
  return transactions;
}

/**
 * Sends one transaction from an unlocked account.
 * @param rpcUrl - the chain
 * @param transaction - what to send (`to` left out for a creation)
 * @returns the created contract's address, for a creation
 */
export async function send(
  rpcUrl: string,
  transaction: { from: string; to?: string | null; input: string; gas: string; value?: string },
): Promise<string | undefined> {
  const hash = await rpc(rpcUrl, "eth_sendTransaction", [
    {
      from: transaction.from,
      ...(transaction.to ? { to: transaction.to } : {}),
      data: transaction.input,
      gas: transaction.gas,
      value: transaction.value ?? "0x0",
    },
  ]);
  // anvil mines on its own task: on a busy machine the receipt can come a moment after the hash.
  type Receipt = { status: string; contractAddress: string | null };
  let receipt: Receipt | null = null;
  for (let tries = 0; receipt === null && tries < 200; tries++) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    receipt = (await rpc(rpcUrl, "eth_getTransactionReceipt", [hash])) as Receipt | null;
  }
  if (receipt === null) throw new Error(`transaction ${String(hash)} was not mined within 10 s`);
  if (receipt.status !== "0x1") throw new Error(`transaction ${String(hash)} reverted`);
  return receipt.contractAddress ?? undefined;
}
