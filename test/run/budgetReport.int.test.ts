import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { closingBudgets } from "../../src/run/report/runBudgets.js";
import { RunReporter } from "../../src/run/report/runReporter.js";
import { runVerify } from "../../src/run/runners/runVerify.js";
import type { RunTargets } from "../../src/run/targets/targets.js";
import type { Verifier } from "../../src/verify/verifier.js";
import { Deployer } from "../support/deployer.js";
import { type EtherscanEmulator, startEtherscanEmulator } from "../support/etherscanEmulator.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// The budget is read and shown once every submission is done: what Etherscan states there cannot cost the run its
// records. A reset 99,999,999,999 hours away (past what a date holds) is no reset time: the run reports its records,
// its table and its budget without one.
const key = "ETHERSCAN-REPORT-KEY-0001";
let chain: HardhatChain;
let etherscan: EtherscanEmulator;
let build: FixtureBuild;
let deployer: Deployer;

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  deployer = new Deployer(chain.rpcUrl);
  etherscan = await startEtherscanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: [key] });
}, 120_000);

afterAll(async () => {
  await etherscan?.close();
  await chain?.stop();
});

function etherscanTargets(): RunTargets {
  return {
    targets: [
      {
        service: "etherscan",
        chainId: 31337,
        required: true,
        apiUrl: etherscan.apiUrl,
        apiKey: key,
        siteUrl: "https://explorer.etherscan.test",
        shownUrl: etherscan.apiUrl,
        reason: "the test's stand-in",
      },
    ],
    chainIds: [31337],
    localExplorers: [],
    close: async () => {},
  };
}

describe("the budget a finished run reports", () => {
  it("is shown without a reset when getapilimit states one 99999999999 hours away: the records, table and budget come out", async () => {
    etherscan.stateBudget({ submissions: 5, timespan: "99999999999:00:00" });
    const address = await deployer.deploy(build, "contracts/Box.sol", "Box");
    const lines: string[] = [];
    const records = await runVerify({
      jobs: [
        {
          address,
          source: {
            format: "standard-json",
            input: build.input,
            compilerVersion: build.compilerVersion,
            contractName: "contracts/Box.sol:Box",
          },
        },
      ],
      targets: etherscanTargets(),
      settings: { concurrency: 1, timeoutSeconds: 120, force: false, wait: true, preflight: false },
      reporter: new RunReporter({ json: false, table: true, writeLine: (line) => lines.push(line) }),
    });
    expect(records.map((record) => [record.address, record.status])).toEqual([[address, "verified"]]);
    expect(etherscan.requestsFor("getapilimit")).toHaveLength(1);
    expect(etherscan.requestsFor("verifysourcecode")).toHaveLength(1);
    expect(records.budgets).toEqual({
      etherscan: {
        unit: "submissions",
        used: 1,
        left: 4,
        stated: 5,
        statedAs: "getapilimit: 5 of 5 credits left (daily)",
      },
    });
    const output = lines.join("\n");
    expect(output).toContain(`verified`);
    expect(output).toContain(address);
    expect(lines.at(-1)).toBe(
      "\nbudget      etherscan: this run sent 1 submission; 4 of the 5 stated are left (getapilimit: 5 of 5 credits left (daily))",
    );
  }, 120_000);
});

describe("the closing budget lines", () => {
  // No answer reaches this fault now that a reading is bounded where it is read: a budget whose reading throws
  // stands for whatever else could.
  it("say a budget that cannot be read in its place, and leave the run's budgets empty", () => {
    const verifier = {
      service: "etherscan",
      capabilities: {
        submissionBudget: {
          reading: () => {
            throw new RangeError("Invalid time value");
          },
        },
      },
      quota: () => ({}),
    } as unknown as Verifier;
    const lines: string[] = [];
    expect(closingBudgets([verifier], (line) => lines.push(line))).toEqual({});
    expect(lines).toEqual(["budget      not reported: Invalid time value"]);
  });
});
