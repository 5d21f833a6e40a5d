import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

// The demo's Hardhat project: compilers come from the npm `solc` package, never from the internet.
export default {
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
