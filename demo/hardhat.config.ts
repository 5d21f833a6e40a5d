import { createRequire } from "node:module";
import { configVariable } from "hardhat/config";
import explorerVerify from "../plugin/index.js";

const require = createRequire(import.meta.url);

// The demo's Hardhat project: compilers come from the npm `solc` package, never from the internet.
export default {
  plugins: [explorerVerify],
  // The demo's chain is served in-process on a port known only at run time.
  networks: { demo: { type: "http" as const, url: configVariable("DEMO_RPC_URL") } },
  solidity: {
    compilers: [
      {
        version: "0.8.28",
        path: require.resolve("solc/soljson.js"),
        // Metadata lets the engine submit the minimal input: only the sources a contract needs.
        settings: { outputSelection: { "*": { "*": ["metadata"] } } },
      },
    ],
  },
};
