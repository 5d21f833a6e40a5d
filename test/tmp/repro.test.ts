import { describe, expect, it } from "@jest/globals";
import { replayBroadcast, runLatest } from "../cli/foundryChain.js";
import { explorerVerify, prepareCliProject } from "../support/cliPackage.js";
import { startEtherscanEmulator, startRoutescanEmulator } from "../support/etherscanEmulator.js";
import { startHardhatChain } from "../support/hardhatChain.js";
import { startSourcifyEmulator } from "../support/sourcifyEmulator.js";

describe("repro", () => {
  it("runs", async () => {
    const [project, chain] = await Promise.all([prepareCliProject(), startHardhatChain()]);
    await replayBroadcast(chain.rpcUrl);
    const [etherscan, sourcify, routescan] = await Promise.all([
      startEtherscanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: ["E"] }),
      startSourcifyEmulator({ rpcUrl: chain.rpcUrl, chainId: 31337 }),
      startRoutescanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: ["R"], testnets: [31337] }),
    ]);
    etherscan.dailyQuotaAfter(4);
    for (const targets of ["blockscout,etherscan,sourcify,routescan"]) {
      const started = Date.now();
      const run = await explorerVerify(
        project,
        [
          "verify",
          "--deployment",
          runLatest,
          "--rpc-url",
          chain.rpcUrl,
          "--targets",
          targets,
          "--timeout",
          "60",
          "--ledger",
          ".explorer-verify/ledger.json",
          "--json",
        ],
        {
          ETHERSCAN_API_KEY: "E",
          ROUTESCAN_API_KEY: "R",
          EXPLORER_VERIFY_API_KEY: "BLOCKSCOUT-KEY-0123456789",
          EXPLORER_VERIFY_ETHERSCAN_API_URL: etherscan.apiUrl,
          EXPLORER_VERIFY_SOURCIFY_API_URL: sourcify.apiUrl,
          EXPLORER_VERIFY_ROUTESCAN_API_URL: routescan.apiUrl,
        },
      );
      console.log(targets, Date.now() - started, run.code, run.stderr.slice(0, 6000));
    }
    console.log(
      routescan.requests
        .map((r) => `${r.method} ${r.path} ${r.query.action ?? r.body.action ?? ""}`)
        .join("\n"),
    );
    expect(1).toBe(1);
  }, 600_000);
});
