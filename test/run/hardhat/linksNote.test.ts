import { expect, it } from "@jest/globals";
import { linksNote } from "../../../src/run/hardhat/taskVerify.js";

// The footnote tells how to serve the local explorer again: it repeats the chain's URL only where the URL is its
// origin alone, as a node on this machine is; one that could carry a key (a password, a path, a query) is RPC_URL.
const explorer = { url: "http://127.0.0.1:4100", stateFile: "/project/cache/local-explorer-31337.json" };
const serve = (rpc: string) =>
  `serve it again: npx explorer-verify-local-explorer --rpc ${rpc} --port 4100 --state /project/cache/local-explorer-31337.json`;

it.each([
  ["http://127.0.0.1:8545", "http://127.0.0.1:8545"],
  ["http://user:RPCPASS@127.0.0.1:8545", "RPC_URL"],
  ["http://127.0.0.1:8545/?apikey=RPCKEY999", "RPC_URL"],
  ["https://eth-mainnet.example/v2/PROVIDERKEY", "RPC_URL"],
])("names the chain %s as %s", (rpcUrl, shown) => {
  expect(linksNote(explorer, rpcUrl)).toContain(serve(shown));
});
