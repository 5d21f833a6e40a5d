import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";
import { bundleOf, bundleText } from "../../src/run/jobs/bundleWriter.js";
import { runActionInProcess } from "../support/actionInProcess.js";

// Etherscan without a key is refused before any request, and the door says where it reads the key, and only that:
// the CLI its environment variable, the Action its input (the task its config: test/plugin/explorerByChain.e2e).
let workspace: string;
const bundle = bundleText(
  bundleOf(
    [
      {
        address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        chainId: 1,
        source: {
          format: "flattened",
          sourceCode: "contract Box {}",
          compilerVersion: "v0.8.28+commit.7893614a",
          contractName: "Box",
          optimizer: { enabled: false, runs: 200 },
        },
      },
    ],
    1,
  ).bundle,
);

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), "explorer-verify-etherscan-key-"));
  await writeFile(join(workspace, "verification.json"), bundle);
});

afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe("Etherscan with no key", () => {
  it("in the CLI, asks for ETHERSCAN_API_KEY", async () => {
    const saved = process.env.ETHERSCAN_API_KEY;
    delete process.env.ETHERSCAN_API_KEY;
    const printed: string[] = [];
    jest.spyOn(console, "error").mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      const code = await main([
        "verify",
        "--bundle",
        join(workspace, "verification.json"),
        "--targets",
        "etherscan",
      ]);
      expect({ code, printed }).toEqual({
        code: 2,
        printed: [
          "explorer-verify: Etherscan needs an API key (one key serves every chain): set ETHERSCAN_API_KEY in the environment.",
        ],
      });
    } finally {
      jest.restoreAllMocks();
      if (saved !== undefined) process.env.ETHERSCAN_API_KEY = saved;
    }
  });

  it("in the Action, asks for the etherscan-api-key input, even with ETHERSCAN_API_KEY set", async () => {
    const { log } = await runActionInProcess(
      { bundle: "verification.json", targets: "etherscan" },
      { GITHUB_WORKSPACE: workspace, RUNNER_TEMP: workspace, ETHERSCAN_API_KEY: "set-but-not-read" },
    );
    expect(log).toContain(
      "::error::Etherscan needs an API key (one key serves every chain): give the etherscan-api-key input.",
    );
  });
});
