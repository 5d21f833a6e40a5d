import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { verifyViaSourcify } from "../../src/client/contract/verifyViaRegistry.js";
import { ExplorerClient } from "../../src/client/explorerClient.js";
import type { SubmissionVerdict } from "../../src/local-explorer/judgeSubmission.js";
import { type LocalExplorer, startLocalExplorer } from "../../src/local-explorer/localExplorer.js";
import { Deployer } from "../support/deployer.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// A registry upload (verify_via_sourcify: metadata.json and the sources) is judged by the files whose keccak256
// metadata.json records, as Sourcify does: a source edited after the build is a mismatch, not a partial match.
let chain: HardhatChain;
let explorer: LocalExplorer;
let client: ExplorerClient;
let build: FixtureBuild;
let token: string;
const verdicts: SubmissionVerdict[] = [];

beforeAll(async () => {
  chain = await startHardhatChain();
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  token = await new Deployer(chain.rpcUrl).deploy(build, "contracts/Token.sol", "Token", ["Registry", 3n]);
  explorer = await startLocalExplorer({
    rpcUrl: chain.rpcUrl,
    stateFile: false,
    onVerdict: (_address, verdict) => verdicts.push(verdict),
  });
  client = new ExplorerClient({ explorerUrl: explorer.url, requestsPerSecond: Number.POSITIVE_INFINITY });
}, 120_000);

afterAll(async () => {
  await explorer?.close();
  await chain?.stop();
});

/** metadata.json of the deployed Token and the sources it lists, the Token's changed by `edit`. */
function upload(edit: (content: string) => string) {
  const metadata = build.output.contracts?.["contracts/Token.sol"]?.Token?.metadata ?? "";
  const sources = Object.keys((JSON.parse(metadata) as { sources: Record<string, unknown> }).sources);
  return [
    { name: "metadata.json", content: metadata },
    ...sources.map((name) => {
      const content = build.input.sources[name]?.content ?? "";
      return { name, content: name === "contracts/Token.sol" ? edit(content) : content };
    }),
  ];
}

describe("a registry upload", () => {
  it("with a source edited after the build is refused, and says which source does not match", async () => {
    await expect(
      verifyViaSourcify(client.transport, {
        address: token,
        files: upload((content) => `${content}// edited\n`),
      }),
    ).rejects.toMatchObject({
      code: "explorer_error",
      shortMessage: "The explorer refused the request: There was an error compiling your contract.",
    });
    expect(verdicts.at(-1)).toEqual({
      ok: false,
      code: "compile_failed",
      reason: "There was an error compiling your contract.",
      explanation:
        "Unsuccessful Sourcify verification: no file has the keccak256 that metadata.json records for contracts/Token.sol (missing, or changed since the build).",
    });
  }, 120_000);

  it("with the sources as built (Windows line endings too) is a perfect match", async () => {
    const outcome = await verifyViaSourcify(client.transport, {
      address: token,
      files: upload((content) => content.replace(/\n/g, "\r\n")),
    });
    expect(outcome.kind).toBe("verified");
    expect(verdicts.at(-1)).toMatchObject({ ok: true, code: "perfect" });
  }, 120_000);
});
