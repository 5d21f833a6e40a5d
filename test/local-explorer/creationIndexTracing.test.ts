import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "@jest/globals";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { ChainError } from "../../src/errors/recompileErrors.js";
import { CreationIndex } from "../../src/local-explorer/creationIndex.js";

// A JSON-RPC stand-in for a node that drops the connection of the first `dropTraces` trace calls (a node busy or
// restarting), then traces normally; block 1 holds one call to a factory that creates a child.
const factory = "0x00000000000000000000000000000000000fac70";
const child = "0x00000000000000000000000000000000000c41d0";
const sender = "0x00000000000000000000000000000000000000aa";
const callHash = `0x${"ab".repeat(32)}`;

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function startNode(answers: { dropTraces: number; traceError?: string }): Promise<string> {
  let traces = 0;
  const node = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const reply = (result: unknown) => response.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
      if (method === "eth_blockNumber") return reply("0x1");
      if (method === "eth_getBlockByNumber") {
        const [number] = (JSON.parse(body) as { params: [string] }).params;
        if (number !== "0x1") return reply(null);
        return reply({
          number: "0x1",
          hash: `0x${"01".repeat(32)}`,
          timestamp: "0x10",
          transactions: [
            { hash: callHash, from: sender, to: factory, input: "0x1234", transactionIndex: "0x0" },
          ],
        });
      }
      if (method === "debug_traceTransaction") {
        traces += 1;
        if (traces <= answers.dropTraces) return request.socket.destroy();
        if (answers.traceError) {
          return response.end(
            JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: answers.traceError } }),
          );
        }
        return reply({
          type: "CALL",
          from: sender,
          to: factory,
          input: "0x1234",
          calls: [{ type: "CREATE", from: factory, to: child, input: "0x6080604052" }],
        });
      }
      response.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "unexpected" } }));
    });
  });
  server = node;
  await new Promise<void>((resolve) => node.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
}

describe("the local explorer's creation index and call traces", () => {
  it("a node out of reach while tracing stops the scan for now; the next catch-up indexes the factory's child", async () => {
    const index = new CreationIndex(new JsonRpcChain(await startNode({ dropTraces: 2 })));
    await expect(index.creationOf(child)).rejects.toBeInstanceOf(ChainError);
    expect(await index.creationOf(child)).toEqual(
      expect.objectContaining({ contractAddress: child, contractFactory: factory, input: "0x6080604052" }),
    );
  });

  it("a node that refuses to trace: the scan goes on without factory children", async () => {
    const index = new CreationIndex(
      new JsonRpcChain(
        await startNode({ dropTraces: 0, traceError: "Method debug_traceTransaction not found" }),
      ),
    );
    expect(await index.creationOf(child)).toBeUndefined();
    expect(await index.all()).toEqual([]);
  });
});
