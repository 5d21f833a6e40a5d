import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer } from "node:net";
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { JsonRpcChain } from "../../src/chain/jsonRpcChain.js";
import { ChainError } from "../../src/errors/recompileErrors.js";
import { userAgent } from "../../src/kernel/userAgent.js";
import * as z from "../../src/kernel/zod.js";
import { type Anvil, startAnvil } from "../support/foundryProject.js";

// anvil's first funded account, unlocked for eth_sendTransaction.
const sender = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
// A constructor that stores 42 in slot 0 and leaves `PUSH1 1` (0x6001) as the code.
const storingContract = "0x602a6000556002601160003960026000f36001";
// A constructor that creates a child (init code 0x00: an empty contract) and leaves no code.
const factoryContract = "0x600160006000f05000";

const rpcAnswer = z.object({ result: z.unknown() });
const receiptSchema = z.nullable(z.looseObject({ contractAddress: z.string() }));

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return rpcAnswer.parse(await response.json()).result;
}

async function deploy(url: string, data: string): Promise<{ hash: string; address: string }> {
  const hash = z
    .string()
    .parse(await rpc(url, "eth_sendTransaction", [{ from: sender, data, gas: "0x100000" }]));
  // anvil mines at once, but may answer the hash before the receipt is there.
  for (;;) {
    const receipt = receiptSchema.parse(await rpc(url, "eth_getTransactionReceipt", [hash]));
    if (receipt) return { hash, address: receipt.contractAddress };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("JsonRpcChain on a real chain (anvil)", () => {
  let anvil: Anvil;
  let stored: { hash: string; address: string };
  let factory: { hash: string; address: string };

  beforeAll(async () => {
    anvil = await startAnvil();
    stored = await deploy(anvil.rpcUrl, storingContract);
    factory = await deploy(anvil.rpcUrl, factoryContract);
  }, 60_000);

  afterAll(() => anvil.stop());

  it("reads the chain id, the latest block, code and storage", async () => {
    const chain = new JsonRpcChain(anvil.rpcUrl);
    expect(await chain.chainId()).toBe(31337);
    expect(await chain.blockNumber()).toBe(2);
    expect(await chain.getCode(stored.address)).toBe("0x6001");
    expect(await chain.getCode(sender)).toBe("0x");
    expect(await chain.getStorageAt(stored.address, "0x0")).toBe(`0x${"2a".padStart(64, "0")}`);
  });

  it("reads a transaction, its block, the contract it created, and one that the chain does not know", async () => {
    const chain = new JsonRpcChain(anvil.rpcUrl);
    const transaction = await chain.getTransaction(stored.hash);
    expect(transaction).toMatchObject({
      hash: stored.hash,
      from: sender,
      to: null,
      input: storingContract,
      blockNumber: "0x1",
    });
    const block = await chain.getBlock(1);
    expect(block?.transactions.map((item) => item.hash)).toEqual([stored.hash]);
    expect(await chain.getBlock(99)).toBeNull();
    expect((await chain.createdContract(stored.hash))?.toLowerCase()).toBe(stored.address.toLowerCase());
    expect(await chain.getTransaction(`0x${"00".repeat(32)}`)).toBeNull();
  });

  it("finds the child a constructor created, from the node's call trace", async () => {
    const chain = new JsonRpcChain(anvil.rpcUrl);
    const creations = await chain.internalCreations(factory.hash);
    expect(creations).toHaveLength(1);
    expect(creations[0]).toMatchObject({ factory: factory.address.toLowerCase(), input: "0x00" });
    expect(await chain.getCode(creations[0]?.address ?? "")).toBe("0x");
  });
});

/** A JSON-RPC stand-in on 127.0.0.1 that records what it receives and answers as told. */
interface StandIn {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: unknown }>;
  connections: number;
  close(): Promise<void>;
}

const requestSchema = z.looseObject({ id: z.unknown(), method: z.unknown() });

type Answer = (
  request: z.infer<typeof requestSchema>,
) => { status?: number; contentType?: string; body: string } | "never";

async function startStandIn(answer: Answer): Promise<StandIn> {
  const received: StandIn["received"] = [];
  const state = { connections: 0 };
  const server: Server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    request.on("end", () => {
      const body = requestSchema.parse(JSON.parse(text));
      received.push({ headers: request.headers, body });
      const reply = answer(body);
      if (reply === "never") return;
      response
        .writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? "application/json" })
        .end(reply.body);
    });
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    get connections() {
      return state.connections;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const result =
  (value: unknown): Answer =>
  (request) => ({
    body: JSON.stringify({ jsonrpc: "2.0", id: request.id, result: value }),
  });

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function failure(promise: Promise<unknown>): Promise<ChainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ChainError)) throw new Error(`expected a ChainError, got ${inspect(error)}`);
  return error;
}

describe("JsonRpcChain's requests, as a node receives them", () => {
  it("sends JSON-RPC 2.0 with the product's User-Agent, and keeps its connections for the next requests", async () => {
    standIn = await startStandIn(result("0x6001"));
    const chain = new JsonRpcChain(standIn.url);
    const address = `0x${"ab".repeat(20)}`;
    for (let i = 0; i < 5; i++) expect(await chain.getCode(address)).toBe("0x6001");
    expect(standIn.received).toHaveLength(5);
    expect(standIn.received[0]?.body).toEqual({
      jsonrpc: "2.0",
      id: expect.any(Number),
      method: "eth_getCode",
      params: [address, "latest"],
    });
    expect(standIn.received[0]?.headers["user-agent"]).toBe(userAgent);
    expect(standIn.received[0]?.headers["content-type"]).toBe("application/json");
    expect(standIn.connections).toBeLessThanOrEqual(2);
  });

  it("names the node's refusal in its own words, and does not ask again", async () => {
    standIn = await startStandIn((request) => ({
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: request.id,
        error: { code: -32601, message: "the method debug_traceTransaction does not exist/is not available" },
      }),
    }));
    const error = await failure(new JsonRpcChain(standIn.url).traceTransaction(`0x${"01".repeat(32)}`));
    expect(error.shortMessage).toBe(
      "debug_traceTransaction: the method debug_traceTransaction does not exist/is not available",
    );
    expect(error.method).toBe("debug_traceTransaction");
    expect(error.unreachable).toBe(false);
    expect(standIn.received).toHaveLength(1);
  });

  it("leaves out what a failed call created: its creations were rolled back with it", async () => {
    const [factory, kept, reverted, lost] = [0xf1, 0xa1, 0xb1, 0xc1].map(
      (byte) => `0x${byte.toString(16).repeat(20)}`,
    );
    standIn = await startStandIn(
      result({
        type: "CALL",
        from: `0x${"ee".repeat(20)}`,
        to: factory,
        calls: [
          { type: "CREATE2", from: factory, to: kept, input: "0x60AA" },
          {
            type: "CALL",
            from: factory,
            to: reverted,
            error: "execution reverted",
            calls: [{ type: "CREATE", from: reverted, to: lost, input: "0x60bb" }],
          },
        ],
      }),
    );
    await expect(new JsonRpcChain(standIn.url).internalCreations(`0x${"01".repeat(32)}`)).resolves.toEqual([
      { address: kept, factory, input: "0x60aa" },
    ]);
  });

  it("says an HTML page is not JSON-RPC", async () => {
    standIn = await startStandIn(() => ({ contentType: "text/html", body: "<html>maintenance</html>" }));
    const error = await failure(new JsonRpcChain(standIn.url).chainId());
    expect(error.shortMessage).toBe("eth_chainId: the chain answered something that is not JSON-RPC.");
    expect(error.unreachable).toBe(false);
  });

  it("says where an answer has the wrong shape", async () => {
    standIn = await startStandIn(result({ number: "0x1", hash: "0xab", timestamp: 5, transactions: [] }));
    const error = await failure(new JsonRpcChain(standIn.url).getBlock(1));
    expect(error.shortMessage).toBe(
      "eth_getBlockByNumber: the chain's answer has an unexpected shape at result.timestamp: Invalid input: expected string, received number.",
    );
  });

  it("tries once more after a gateway's 503, then calls the node out of reach", async () => {
    standIn = await startStandIn(() => ({
      status: 503,
      contentType: "text/html",
      body: "<html>busy</html>",
    }));
    const error = await failure(new JsonRpcChain(standIn.url).blockNumber());
    expect(error.shortMessage).toBe(`eth_blockNumber: the chain at ${standIn.url} answered HTTP 503.`);
    expect(error.unreachable).toBe(true);
    expect(standIn.received).toHaveLength(2);
  });

  it("reads an answer up to the cap, no further", async () => {
    standIn = await startStandIn(result(`0x${"60".repeat(4_096)}`));
    const error = await failure(new JsonRpcChain(standIn.url, { maxResponseBytes: 1_024 }).getCode(sender));
    expect(error.shortMessage).toBe(
      `eth_getCode: the chain at ${standIn.url} answered more than 1024 bytes; the answer was not read.`,
    );
    expect(error.unreachable).toBe(false);
  });

  it("gives each request its time limit, tries once more, then calls the node out of reach", async () => {
    standIn = await startStandIn(() => "never");
    const error = await failure(new JsonRpcChain(standIn.url, { timeoutMs: 300 }).getCode(sender));
    expect(error.shortMessage).toBe(`eth_getCode: the chain at ${standIn.url} did not answer within 300 ms.`);
    expect(error.unreachable).toBe(true);
    expect(standIn.received).toHaveLength(2);
  });
});

describe("an RPC URL with a key in it", () => {
  const pathKey = "k3y1n7hepath0123456789";
  const queryKey = "qu3ryk3y9876543210";

  it("is named by its origin alone when the node cannot be reached", async () => {
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      new JsonRpcChain(`http://127.0.0.1:${port}/v3/${pathKey}?apikey=${queryKey}`).getCode(sender),
    );
    expect(error.shortMessage).toBe(
      `eth_getCode: the chain at http://127.0.0.1:${port} could not be reached.`,
    );
    expect(error.details).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(error.unreachable).toBe(true);
    for (const shown of [error.message, inspect(error, { depth: 10 }), JSON.stringify(error)]) {
      expect(shown).not.toContain(pathKey);
      expect(shown).not.toContain(queryKey);
    }
  });

  it("is kept out of a node's refusal that repeats it", async () => {
    standIn = await startStandIn((request) => ({
      status: 401,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: request.id,
        error: { code: -32000, message: `invalid project id ${pathKey}` },
      }),
    }));
    const url = `${standIn.url}/v3/${pathKey}?apikey=${queryKey}`;
    const error = await failure(new JsonRpcChain(url).chainId());
    expect(error.shortMessage).toBe("eth_chainId: invalid project id ***");
    for (const shown of [error.message, inspect(error, { depth: 10 }), JSON.stringify(error)]) {
      expect(shown).not.toContain(pathKey);
      expect(shown).not.toContain(queryKey);
    }
  });
});

describe("proxies from the environment", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  /** A forward proxy on 127.0.0.1 that passes full-URL requests on and records them. */
  async function startForwardProxy() {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      const outgoing = httpRequest(
        new URL(request.url ?? ""),
        { method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(outgoing);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      seen,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it("reads the chain through HTTP_PROXY, and directly when NO_PROXY lists the host", async () => {
    const proxy = await startForwardProxy();
    standIn = await startStandIn(result("0x7a69"));
    try {
      process.env.HTTP_PROXY = proxy.url;
      expect(await new JsonRpcChain(`${standIn.url}/rpc`).chainId()).toBe(31337);
      expect(proxy.seen).toEqual([`POST ${standIn.url}/rpc`]);
      process.env.NO_PROXY = "127.0.0.1";
      expect(await new JsonRpcChain(`${standIn.url}/rpc`).chainId()).toBe(31337);
      expect(proxy.seen).toHaveLength(1);
      expect(standIn.received).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });
});
