import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import { ExplorerClient } from "../../../src/client/ExplorerClient.js";
import { isExplorerVerifyError } from "../../../src/errors/index.js";
import type { VerificationResult } from "../../../src/verify/job.js";
import { addressVerifiedState } from "../../../src/verify/preCheck.js";
import { ChainAccess } from "../../internal/chainAccess.js";
import {
  checkedExplorerUrl,
  type ExplorerTarget,
  resolveExplorerTarget,
} from "../../internal/explorerTarget.js";
import { userError } from "../../internal/pluginError.js";
import { Reporter } from "../../internal/reporter.js";

export interface VerifyTaskArguments {
  address: string;
  constructorArgs: string[];
  explorerUrl: string | undefined;
  contract: string | undefined;
  constructorArgsPath: string | undefined;
  librariesPath: string | undefined;
  format: string;
  deployment: string | undefined;
  timeout: number;
  proxy: boolean;
  force: boolean;
  noWait: boolean;
  preflight: boolean;
  json: boolean;
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/;
const taskFormats = ["auto", "standard-json", "single-file", "flattened", "registry"];

export default async function verifyTaskAction(
  args: VerifyTaskArguments,
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  checkArguments(args);
  const reporter = new Reporter(args.json);
  const connection = await hre.network.create();
  const chain = new ChainAccess(connection);
  const target = await resolveExplorerTarget(hre, connection, chain, args.explorerUrl);
  try {
    reporter.info(`Verifying on ${target.description}`);
    if (target.localExplorer)
      reporter.footnote(await localExplorerLinksNote(target.localExplorer, connection));
    const client = new ExplorerClient({
      ...target.client,
      onEvent: (event) => reporter.event({ type: "transport", event }),
    });
    let checkedUnverified = false;
    if (args.address && !args.proxy && !args.force) {
      const startedAt = Date.now();
      // Looked up before the build, as `hardhat verify` does: a rerun over a verified contract costs one request
      // and no build. An explorer that cannot answer now is asked again by the engine's pre-check.
      const early = await addressVerifiedState(client, args.address).catch((error: unknown) => {
        if (isExplorerVerifyError(error)) return undefined;
        throw error;
      });
      // A --contract of another name than the explorer's is checked against the build: the user may be wrong.
      const sameContract =
        early?.state === "verified" && (!args.contract || args.contract.split(":").pop() === early.name);
      if (early?.state === "verified" && sameContract) {
        reporter.finish([
          {
            address: args.address,
            contract: args.contract ?? (await builtName(hre, early.name)) ?? args.address,
            explorer: client.urls.base,
            format: resultFormat(args.format),
            status: "already-verified",
            url: client.codeUrl(args.address),
            attempts: 0,
            durationMs: Date.now() - startedAt,
          },
        ]);
        return;
      }
      checkedUnverified = early !== undefined && early.state !== "verified";
    }
    // Loaded only now: the first look at the explorer does not wait for the engine and the readers.
    const { verifyBuilt } = await import("./verify-built.js");
    await verifyBuilt({ hre, args, connection, chain, target, client, reporter, checkedUnverified });
  } finally {
    await target.localExplorer?.close();
    await connection.close();
  }
}

// The embedded explorer stops with the task, and its links with it: say so, and how to bring them back.
async function localExplorerLinksNote(
  explorer: NonNullable<ExplorerTarget["localExplorer"]>,
  connection: NetworkConnection,
): Promise<string> {
  const rpcUrl =
    connection.networkConfig.type === "http" ? await connection.networkConfig.url.get() : "RPC_URL";
  const port = new URL(explorer.url).port;
  const state = explorer.stateFile ? ` --state ${explorer.stateFile}` : "";
  return `The ${explorer.url} links work only while the local explorer runs, and it stopped with this command. To open them, serve it again: npx explorer-verify-local-explorer --rpc ${rpcUrl} --port ${port}${state}`;
}

function resultFormat(format: string): VerificationResult["format"] {
  return format === "registry" || format === "single-file" || format === "flattened"
    ? format
    : "standard-json";
}

// The file-qualified name a first run reports, from the artifacts already on disk (no build): the explorer only
// knows the bare name, which stays when the artifacts do not name it exactly once.
async function builtName(hre: HardhatRuntimeEnvironment, name: string | null): Promise<string | null> {
  if (!name) return null;
  const names = await hre.artifacts.getAllFullyQualifiedNames().catch(() => new Set<string>());
  const matches = [...names].filter((qualified) => qualified.endsWith(`:${name}`));
  return matches.length === 1 && matches[0] ? matches[0] : name;
}

function checkArguments(args: VerifyTaskArguments): void {
  if (args.deployment && args.address)
    throw userError("Give either a contract ADDRESS or --deployment, not both.");
  if (!args.deployment && !args.address) {
    throw userError(
      "Give the contract's ADDRESS (npx hardhat explorer-verify 0x…), or --deployment IGNITION_ID.",
    );
  }
  if (args.explorerUrl) checkedExplorerUrl(args.explorerUrl, "--explorer-url");
  if (args.address && !addressPattern.test(args.address)) {
    throw userError(
      `"${args.address}" is not an address: expected 0x followed by 40 hexadecimal characters.`,
    );
  }
  if (!taskFormats.includes(args.format)) {
    throw userError(
      `--format ${args.format} is not a format: use ${taskFormats.join(", ")} (auto, the default, sends standard JSON input).`,
    );
  }
  if (
    args.deployment &&
    (args.contract || args.constructorArgs.length || args.constructorArgsPath || args.proxy)
  ) {
    throw userError(
      "With --deployment, contracts and constructor arguments come from the deployment: drop --contract, --proxy and constructor arguments.",
    );
  }
}
