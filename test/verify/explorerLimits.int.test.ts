import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { main } from "../../src/cli/main.js";
import type { ReceivedRequest } from "../../src/local-explorer/httpServer.js";
import {
  type LocalExplorer,
  type LocalExplorerOptions,
  startLocalExplorer,
} from "../../src/local-explorer/localExplorer.js";
import { runActionInProcess } from "../support/actionInProcess.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// The explorer's own limits, met on the local explorer serving a verification config: a build whose compiler it does
// not list is held back before anything is sent (unless the user insists), and a build that matches locally but whose
// EVM target it cannot build is refused, and the record says why. Built here with the npm solc (0.8.28) for prague,
// the other target newer than cancun; a real osaka build (solc 0.8.31) is met in test/run/osakaBuild.e2e.test.ts.
let chain: HardhatChain;
let folder: string;
let cancunBuild: FixtureBuild;
let pragueBuild: FixtureBuild;
let cancunBox: string;
let pragueBox: string;
let defaultBox: string;

beforeAll(async () => {
  chain = await startHardhatChain();
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-limits-"));
  cancunBuild = compileFixture(fixtureInput({ evmVersion: "cancun" }));
  pragueBuild = compileFixture(fixtureInput({ evmVersion: "prague" }));
  // Names no EVM target: the compiler's default (cancun for 0.8.28).
  const defaultBuild = compileFixture(fixtureInput({}));
  const deployer = new Deployer(chain.rpcUrl);
  cancunBox = await deployer.deploy(cancunBuild, "contracts/Box.sol", "Box");
  pragueBox = await deployer.deploy(pragueBuild, "contracts/Box.sol", "Box");
  defaultBox = await deployer.deploy(defaultBuild, "contracts/Box.sol", "Box");
  await writeFile(join(folder, "cancun.json"), JSON.stringify(cancunBuild.input));
  await writeFile(join(folder, "prague.json"), JSON.stringify(pragueBuild.input));
  await writeFile(join(folder, "default.json"), JSON.stringify(defaultBuild.input));
}, 120_000);

afterAll(async () => {
  await chain?.stop();
  await rm(folder, { recursive: true, force: true });
});

async function withExplorer<T>(
  config: LocalExplorerOptions["verificationConfig"],
  use: (explorer: LocalExplorer, requests: ReceivedRequest[]) => Promise<T>,
): Promise<T> {
  const requests: ReceivedRequest[] = [];
  const explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    ...(config ? { verificationConfig: config } : {}),
    onRequest: (request) => requests.push(request),
  });
  try {
    return await use(explorer, requests);
  } finally {
    await explorer.close();
  }
}

// The CLI as a user runs it, in this process: its exit code and every line it printed.
async function cli(args: string[]): Promise<{ code: number; printed: string }> {
  let printed = "";
  const write = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk);
    return true;
  });
  const log = (line: unknown) => {
    printed += `${String(line)}\n`;
  };
  jest.spyOn(console, "log").mockImplementation(log);
  jest.spyOn(console, "error").mockImplementation(log);
  jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk);
    return true;
  });
  try {
    return { code: await main(args), printed };
  } finally {
    write.mockRestore();
    jest.restoreAllMocks();
  }
}

const submissions = (requests: ReceivedRequest[]) =>
  requests.filter((r) => String(r.query.action ?? r.body.action ?? "") === "verifysourcecode");
const configReads = (requests: ReceivedRequest[]) =>
  requests.filter((r) => r.path.endsWith("/smart-contracts/verification/config"));

function verifyArgs(address: string, input: string, explorerUrl: string, more: string[] = []): string[] {
  return [
    "verify",
    address,
    "--standard-json",
    join(folder, input),
    "--contract",
    "contracts/Box.sol:Box",
    "--compiler-version",
    cancunBuild.compilerVersion,
    "--explorer-url",
    explorerUrl,
    "--rpc-url",
    chain.rpcUrl,
    "--no-ledger",
    ...more,
  ];
}

describe("an explorer whose verification config does not list the build's compiler", () => {
  const config = { solidityCompilerVersions: ["v0.8.27+commit.40a35a09"], solidityEvmVersions: ["cancun"] };

  it("holds the build back before sending it, and says so in the CLI's record", async () => {
    await withExplorer(config, async (explorer, requests) => {
      const run = await cli(verifyArgs(cancunBox, "cancun.json", explorer.url));
      expect(run.code).toBe(1);
      expect(run.printed.split("\n")).toContain(
        `- contracts/Box.sol:Box (${cancunBox.toLowerCase()}): Not sent: the explorer's verification config does not list compiler ${cancunBuild.compilerVersion}, so it cannot build this contract. Build with one it lists, or send it anyway with send-unlisted.`,
      );
      expect(submissions(requests)).toHaveLength(0);
      expect(configReads(requests)).toHaveLength(1);
    });
  }, 120_000);

  it("sends it with --send-unlisted, and the explorer refuses it", async () => {
    await withExplorer(config, async (explorer, requests) => {
      const run = await cli(
        verifyArgs(cancunBox, "cancun.json", explorer.url, ["--send-unlisted", "--json"]),
      );
      expect(run.code).toBe(1);
      const { results } = JSON.parse(
        run.printed.split("\n").find((line) => line.startsWith('{"results"')) ?? "",
      ) as {
        results: Array<{ error?: { code: string } }>;
      };
      // Not the limit's code: the explorer's own refusal, explained by the local compile.
      expect(results[0]?.error?.code).not.toBe("compiler_not_listed");
      expect(submissions(requests)).toHaveLength(1);
      // With --send-unlisted the config is not even read.
      expect(configReads(requests)).toHaveLength(0);
    });
  }, 120_000);
});

describe("an explorer that lists prague but cannot build it", () => {
  const config = {
    solidityCompilerVersions: ["v0.8.28+commit.7893614a"],
    solidityEvmVersions: ["cancun", "prague"],
    cannotBuild: ["prague"],
  };

  it("refuses the prague build that matches locally, and the record says the explorer cannot build prague", async () => {
    await withExplorer(config, async (explorer, requests) => {
      const run = await cli(verifyArgs(pragueBox, "prague.json", explorer.url));
      expect(run.code).toBe(1);
      expect(run.printed.split("\n")).toContain(
        `- contracts/Box.sol:Box (${pragueBox.toLowerCase()}): The explorer could not verify the contract (Fail - Unable to verify), yet it matches locally; this explorer cannot build prague. Verify it on another target (sourcify, etherscan), or redeploy it built for an older EVM target (cancun).`,
      );
      expect(submissions(requests)).toHaveLength(1);
      expect(configReads(requests)).toHaveLength(1);
    });
  }, 120_000);

  it("verifies the cancun build of the same contract", async () => {
    await withExplorer(config, async (explorer) => {
      const run = await cli(verifyArgs(cancunBox, "cancun.json", explorer.url));
      expect(run.code).toBe(0);
    });
  }, 120_000);
});

describe("an explorer whose verification config lists only the compiler's default EVM target", () => {
  const config = { solidityCompilerVersions: ["v0.8.28+commit.7893614a"], solidityEvmVersions: ["default"] };

  it("verifies a build that names no target, and holds back one that names cancun without printing an empty list", async () => {
    await withExplorer(config, async (explorer, requests) => {
      const built = await cli(verifyArgs(defaultBox, "default.json", explorer.url));
      expect(built.code).toBe(0);
      expect(submissions(requests)).toHaveLength(1);
      const named = await cli(verifyArgs(cancunBox, "cancun.json", explorer.url));
      expect(named.code).toBe(1);
      expect(named.printed.split("\n")).toContain(
        `- contracts/Box.sol:Box (${cancunBox.toLowerCase()}): Not sent: the explorer's verification config does not list the EVM target cancun, so it cannot build this contract (it lists only the compiler's default). Build with one it lists, or send it anyway with send-unlisted.`,
      );
      expect(submissions(requests)).toHaveLength(1);
      expect(configReads(requests)).toHaveLength(2);
    });
  }, 120_000);
});

describe("an explorer whose verification config lists only empty EVM target names", () => {
  it("is held to no list of targets: the build is sent, and no empty list is printed", async () => {
    const config = { solidityCompilerVersions: ["v0.8.28+commit.7893614a"], solidityEvmVersions: ["", " "] };
    await withExplorer(config, async (explorer, requests) => {
      const run = await cli(verifyArgs(cancunBox, "cancun.json", explorer.url));
      expect(run.printed).not.toContain("Not sent");
      expect(run.printed).not.toContain("it lists ");
      expect(submissions(requests)).toHaveLength(1);
    });
  }, 120_000);
});

describe("an explorer that serves no verification config", () => {
  it("is not held to one: the build is sent and verified", async () => {
    await withExplorer(undefined, async (explorer, requests) => {
      const run = await cli(verifyArgs(pragueBox, "prague.json", explorer.url));
      expect(run.code).toBe(0);
      expect(submissions(requests)).toHaveLength(1);
    });
  }, 120_000);
});

describe("the Action door", () => {
  const manifest = (address: string, input: string) =>
    JSON.stringify({
      contracts: [
        {
          address,
          contract: "contracts/Box.sol:Box",
          format: "standard-json",
          standardJsonInput: input,
          compilerVersion: "v0.8.28+commit.7893614a",
        },
      ],
    });

  it("holds back an unlisted compiler, and says the explorer cannot build prague", async () => {
    await withExplorer(
      {
        solidityCompilerVersions: ["v0.8.27+commit.40a35a09"],
        solidityEvmVersions: ["cancun", "prague"],
      },
      async (explorer, requests) => {
        const { log } = await runActionInProcess(
          {
            contracts: manifest(cancunBox, "cancun.json"),
            "explorer-url": explorer.url,
            "rpc-url": chain.rpcUrl,
            ledger: "none",
          },
          { GITHUB_WORKSPACE: folder, RUNNER_TEMP: folder },
        );
        expect(log).toContain(
          "Not sent: the explorer's verification config does not list compiler v0.8.28+commit.7893614a, so it cannot build this contract. Build with one it lists, or send it anyway with send-unlisted.",
        );
        expect(submissions(requests)).toHaveLength(0);
      },
    );
    await withExplorer(
      {
        solidityCompilerVersions: ["v0.8.28+commit.7893614a"],
        solidityEvmVersions: ["cancun", "prague"],
        cannotBuild: ["prague"],
      },
      async (explorer, requests) => {
        const { log } = await runActionInProcess(
          {
            contracts: manifest(pragueBox, "prague.json"),
            "explorer-url": explorer.url,
            "rpc-url": chain.rpcUrl,
            ledger: "none",
          },
          { GITHUB_WORKSPACE: folder, RUNNER_TEMP: folder },
        );
        expect(log).toContain("yet it matches locally; this explorer cannot build prague.");
        expect(submissions(requests)).toHaveLength(1);
      },
    );
  }, 240_000);
});
