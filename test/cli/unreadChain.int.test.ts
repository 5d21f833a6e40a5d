import { createServer } from "node:net";
import { afterAll, beforeAll, expect, it } from "@jest/globals";
import { foundryFixture } from "../inputs/hardhatProject.js";
import { runCliInProcess } from "../support/cliInProcess.js";

// A chain that cannot be read before any job is one mistake in --rpc-url, whichever way the contracts are named: a
// deployment (its chain id is read first) or an ADDRESS and its contract (its code is read first). Each is refused in
// one line with exit 2, and --json prints no document, as for any refusal. The RPC is a closed port on loopback.
let rpcUrl: string;
const cwd = process.cwd();

beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  rpcUrl = `http://127.0.0.1:${port}`;
  process.chdir(foundryFixture);
});

afterAll(() => process.chdir(cwd));

const address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

it.each([
  [
    "a deployment",
    ["--deployment", "broadcast/Deploy.s.sol/31337/run-latest.json"],
    "the chain id",
    "eth_chainId",
  ],
  [
    "an ADDRESS and its contract",
    [address, "src/Counter.sol:Counter"],
    `the contract at ${address}`,
    "eth_getCode",
  ],
  ["an ADDRESS alone", [address], `the contract at ${address}`, "eth_getCode"],
])(
  "refuses an unreachable --rpc-url with exit 2 and no JSON document, for %s",
  async (_, named, what, method) => {
    const flags = ["--rpc-url", rpcUrl, "--explorer-url", `${rpcUrl}/api`, "--no-ledger", "--json"];
    const { code, stdout, errors } = await runCliInProcess(["verify", ...named, ...flags]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    const port = new URL(rpcUrl).port;
    expect(errors).toEqual([
      `explorer-verify: Cannot read ${what} from --rpc-url: ${method}: the chain at ${rpcUrl} could not be reached (connect ECONNREFUSED 127.0.0.1:${port}).`,
    ]);
  },
);
