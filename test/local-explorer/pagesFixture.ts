import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, type Hex, http, keccak256 } from "viem";
import type { ContractRecord } from "../../src/local-explorer/backend.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { verifyBatch } from "../../src/run/runners/verifyBatch.js";
import type { StandardJsonInput, VerificationJob, VerificationResult } from "../../src/verify/job.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

/** Text a page must show as text, never run or parse as markup. */
export const hostile = {
  tokenName: `Demo <Token> & "Co"`,
  sourceComment: `// </code></pre><script>alert("source")</script> <b>bold</b> & 'quoted'`,
  contractName: `<script>alert("name")</script>`,
  fileName: `x"><img src=x onerror=alert(1)>.sol`,
  sourceCode: `contract X {} // </pre><script>alert("stored")</script>`,
  libraryName: `<i>Lib</i>`,
};

/** A chain with fixture contracts in every state the pages show, and a local explorer over it. */
export interface PagesWorld {
  chain: HardhatChain;
  explorer: LocalExplorer;
  deployed: Record<
    "token" | "badToken" | "mathLib" | "calculator" | "box" | "proxy" | "vault" | "hostileBox" | "storedBox",
    Hex
  >;
  results: VerificationResult[];
  build: FixtureBuild;
  stop(): Promise<void>;
}

/**
 * Deploys the fixtures, writes a state file holding one hostile record (as an edited state file would), starts the
 * local explorer on it and verifies: a token with arguments, a library and its user, a proxy and its
 * implementation, a partial match whose source carries markup, and a token with wrong arguments (a failure).
 * A Vault stays unverified.
 * @param stateDir - a fresh folder for the state file
 * @returns the world
 */
export async function startPagesWorld(stateDir: string): Promise<PagesWorld> {
  const chain = await startHardhatChain();
  const build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  const deployer = new Deployer(chain.rpcUrl);
  const token = await deployer.deploy(build, "contracts/Token.sol", "Token", [hostile.tokenName, 1_000_000n]);
  const badToken = await deployer.deploy(build, "contracts/Token.sol", "Token", ["Other", 5n]);
  const mathLib = await deployer.deploy(build, "contracts/MathLib.sol", "MathLib");
  const calculator = await deployer.deploy(build, "contracts/Calculator.sol", "Calculator", [], {
    "contracts/MathLib.sol:MathLib": mathLib,
  });
  const box = await deployer.deploy(build, "contracts/Box.sol", "Box");
  const proxy = await deployer.deploy(build, "contracts/SimpleProxy.sol", "SimpleProxy", [box]);
  const vault = await deployer.deploy(build, "contracts/Vault.sol", "Vault", [42n]);
  const hostileBox = await deployer.deploy(build, "contracts/Box.sol", "Box");
  const storedBox = await deployer.deploy(build, "contracts/Box.sol", "Box");
  const deployed = { token, badToken, mathLib, calculator, box, proxy, vault, hostileBox, storedBox };

  const code = await createPublicClient({ transport: http(chain.rpcUrl) }).getCode({ address: storedBox });
  const storedRecord: ContractRecord = {
    address: storedBox.toLowerCase(),
    contractName: hostile.contractName,
    compilerVersion: `v0.8.28<br>`,
    sourceCode: hostile.sourceCode,
    fileName: hostile.fileName,
    abi: [{ type: "function", name: "<b>f</b>", inputs: [], outputs: [], stateMutability: "view" }],
    optimizationUsed: false,
    externalLibraries: [{ name: hostile.libraryName, address_hash: `"><script>alert(1)</script>` }],
    implementationAddresses: ["javascript:alert(1)"],
    verifiedAt: 1_700_000_000,
    match: "perfect",
  };
  const stateFile = join(stateDir, "state.json");
  writeFileSync(
    stateFile,
    JSON.stringify({
      version: 1,
      chainId: 31337,
      contracts: { [storedBox.toLowerCase()]: { codeHash: keccak256(code ?? "0x"), record: storedRecord } },
      guids: {},
      proxyGuids: {},
    }),
  );
  const explorer = await startLocalExplorer({ rpcUrl: chain.rpcUrl, stateFile });
  const hostileInput = fixtureInput({ optimizer: { enabled: true, runs: 200 } }, (name, content) =>
    name === "contracts/Box.sol" ? `${content}\n${hostile.sourceComment}\n` : content,
  );
  const job = (
    address: string,
    file: string,
    name: string,
    extra: Partial<VerificationJob> = {},
    input: StandardJsonInput = build.input,
  ): VerificationJob => ({
    address,
    source: {
      format: "standard-json",
      input,
      compilerVersion: build.compilerVersion,
      contractName: `${file}:${name}`,
      metadata: build.output.contracts?.[file]?.[name]?.metadata ?? "",
    },
    ...extra,
  });
  const results = await verifyBatch(
    [
      job(token, "contracts/Token.sol", "Token"),
      job(badToken, "contracts/Token.sol", "Token", {
        constructorArguments: {
          values: ["Wrong", 6n],
          abi: build.output.contracts?.["contracts/Token.sol"]?.Token?.abi ?? [],
        },
      }),
      job(mathLib, "contracts/MathLib.sol", "MathLib"),
      job(calculator, "contracts/Calculator.sol", "Calculator"),
      job(proxy, "contracts/SimpleProxy.sol", "SimpleProxy"),
      job(box, "contracts/Box.sol", "Box", { proxyAddress: proxy }),
      job(hostileBox, "contracts/Box.sol", "Box", {}, hostileInput),
    ],
    {
      explorerUrl: explorer.url,
      requestsPerSecond: Number.POSITIVE_INFINITY,
      concurrency: 4,
      polling: { initialIntervalMs: 50, maxIntervalMs: 200, backoffFactor: 1.5, unknownUidGrace: 3 },
      timeoutMs: 60_000,
    },
  );
  return {
    chain,
    explorer,
    deployed,
    results,
    build,
    stop: async () => {
      await explorer.close();
      await chain.stop();
    },
  };
}
