import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { VerificationResult } from "../../src/verify/job.js";
import { runCliInProcess } from "../support/cliInProcess.js";
import { Deployer } from "../support/deployer.js";
import {
  type EtherscanEmulator,
  etherscanTexts,
  startEtherscanEmulator,
} from "../support/etherscanEmulator.js";
import { compileFixture, type FixtureBuild, fixtureInput } from "../support/fixtureBuild.js";
import { type HardhatChain, startHardhatChain } from "../support/hardhatChain.js";

// The CLI, in this process, on an Etherscan stand-in that shows a contract as a similar match of a verified twin: the
// contract is already verified, with match `similar`, and not resubmitted; with --force it is sent, and the refusal
// says why Etherscan refuses it (only a whitelisted account may turn a similar match into an exact one).
const key = "ETHERSCAN-SIMILAR-KEY-0123";
let chain: HardhatChain;
let etherscan: EtherscanEmulator;
let folder: string;
let build: FixtureBuild;
let twin: string;
let similar: string;
const cwd = process.cwd();

beforeAll(async () => {
  chain = await startHardhatChain();
  etherscan = await startEtherscanEmulator({ rpcUrl: chain.rpcUrl, chainIds: [31337], apiKeys: [key] });
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-similar-match-"));
  process.chdir(folder);
  build = compileFixture(fixtureInput({ optimizer: { enabled: true, runs: 200 } }));
  await writeFile(join(folder, "input.json"), JSON.stringify(build.input));
  const deployer = new Deployer(chain.rpcUrl);
  twin = await deployer.deploy(build, "contracts/Box.sol", "Box");
  similar = await deployer.deploy(build, "contracts/Box.sol", "Box");
}, 120_000);

afterAll(async () => {
  process.chdir(cwd);
  await etherscan?.close();
  await chain?.stop();
  await rm(folder, { recursive: true, force: true });
});

async function verify(
  address: string,
  more: string[] = [],
): Promise<{ code: number; record?: VerificationResult }> {
  process.env.ETHERSCAN_API_KEY = key;
  process.env.EXPLORER_VERIFY_ETHERSCAN_API_URL = etherscan.apiUrl;
  try {
    const { code, stdout } = await runCliInProcess([
      "verify",
      address,
      "--standard-json",
      "input.json",
      "--contract",
      "contracts/Box.sol:Box",
      "--compiler-version",
      build.compilerVersion,
      "--rpc-url",
      chain.rpcUrl,
      "--targets",
      "etherscan",
      "--json",
      ...more,
    ]);
    return { code, record: (JSON.parse(stdout) as { results: VerificationResult[] }).results[0] };
  } finally {
    delete process.env.ETHERSCAN_API_KEY;
    delete process.env.EXPLORER_VERIFY_ETHERSCAN_API_URL;
  }
}

const submissionsFor = (address: string) =>
  etherscan.requestsFor("verifysourcecode").filter((r) => r.body.contractaddress === address);

describe("Etherscan's similar match, through the CLI", () => {
  it("is already verified, match similar, and not resubmitted; --force sends it and the refusal explains the whitelist", async () => {
    expect((await verify(twin)).record?.status).toBe("verified");
    etherscan.similarMatch(similar, twin);

    const held = await verify(similar);
    expect(held.code).toBe(0);
    expect(held.record).toMatchObject({ status: "already-verified", match: "similar", attempts: 0 });
    expect(held.record?.message).toContain(`it shows the verified sources of ${twin}`);
    expect(submissionsFor(similar)).toHaveLength(0);

    const forced = await verify(similar, ["--force"]);
    expect(forced.code).toBe(1);
    expect(forced.record).toMatchObject({ status: "failed", attempts: 1 });
    expect(forced.record?.message).toBe(
      `The explorer refused the request: ${etherscanTexts.similarMatchRefused}. Etherscan holds this contract as a similar match; turning one into an exact match needs an account Etherscan has whitelisted (after proving ownership and asking through its contact form), because of comment-vandalism attacks: a resubmission from any other account is refused.`,
    );
    expect(submissionsFor(similar)).toHaveLength(1);
  }, 180_000);
});
