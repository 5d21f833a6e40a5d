import type { HardhatRuntimeEnvironment } from "hardhat/types/hre";
import type { NetworkConnection } from "hardhat/types/network";
import type { LocalExplorer } from "../../../src/local-explorer/index.js";
import { ProviderChain } from "../../../src/run/hardhat/providerChain.js";
import { checkTaskContracts } from "../../../src/run/hardhat/taskArgumentChecks.js";
import { onTheirOwnChains, taskDeployment, taskLedger } from "../../../src/run/hardhat/taskDeployments.js";
import { RunReporter } from "../../../src/run/report/runReporter.js";
import { lookBeforeBuild } from "../../../src/run/runners/lookBeforeBuild.js";
import { asUserErrors, userError } from "../../internal/pluginError.js";
import { projectPaths } from "../../internal/taskRun.js";
import { resolveTaskTargets } from "../../internal/taskTargets.js";
import type { VerifyTaskArguments } from "./taskArguments.js";
import { taskSettings } from "./taskSettings.js";

export default async function verifyTaskAction(
  given: Omit<VerifyTaskArguments, "address" | "constructorArgs"> & {
    address: string | undefined;
    constructorArgs: Array<string | undefined> | undefined;
  },
  hre: HardhatRuntimeEnvironment,
): Promise<void> {
  // Declared without defaults, so that --help shows none: an argument not given is empty here.
  const args: VerifyTaskArguments = {
    ...given,
    address: given.address ?? "",
    constructorArgs: (given.constructorArgs ?? []).filter((value) => value !== undefined),
  };
  // Checked before anything is opened: a value out of range is one line, in the hall's words.
  const settings = await taskSettings(args, hre);
  if (args.bundle !== undefined) {
    // The bundle names its contracts and their chains: no build, no deployment.
    const { verifyBundle } = await import("./verifyDeployments.js");
    await verifyBundle(hre, args, settings);
    return;
  }
  // A deployment names its chain: without --network, its chain id finds its network and explorer.
  if (onTheirOwnChains(args.deployment, args.address !== "", hre.globalOptions.network !== undefined)) {
    // Several deployments, each on its own chain: loaded only for them.
    const { verifyDeployments } = await import("./verifyDeployments.js");
    await verifyDeployments(hre, args, settings);
    return;
  }
  await asUserErrors(async () => checkTaskContracts(args));
  const reporter = new RunReporter({ json: args.json, table: true });
  const connection = await hre.network.create();
  const chain = new ProviderChain(connection.provider);
  // The chain a deployment records (an Ignition folder `chain-N` and its journal, a hardhat-deploy folder its chain
  // file), read before anything is sent.
  const deployment = args.deployment
    ? await asUserErrors(() => taskDeployment(projectPaths(hre), args.deployment ?? ""))
    : undefined;
  const targets = await resolveTaskTargets(hre, {
    connection,
    explorerUrl: args.explorerUrl,
    recorded: deployment?.claims ?? [],
    services: settings.targets,
    optionalTargets: settings.optionalTargets,
    userAgent: settings.userAgent,
  });
  const [localExplorer] = targets.localExplorers;
  let finished = false;
  try {
    if (args.serve && !localExplorer) {
      throw userError(
        "--serve keeps the embedded local explorer running, and this run verifies on no local explorer: drop --serve.",
      );
    }
    if (localExplorer && !args.serve)
      reporter.footnote(await localExplorerLinksNote(localExplorer, connection));
    const ledger = taskLedger(hre.config.paths.root, args.ledger, localExplorer !== undefined);
    const { settled, checkedUnverified } = await lookBeforeBuild({
      address: args.address,
      contract: args.contract,
      format: args.format,
      targets,
      ledger,
      more: args.proxy || settings.force || settings.includeCreated || args.writeBundle !== undefined,
      reporter,
      builtName: (name) => builtName(hre, name),
    });
    finished = settled;
    if (settled) return;
    // Loaded only now: the first look at the explorer does not wait for the engine and the readers.
    const { verifyBuilt } = await import("./verifyBuilt.js");
    const { writeBundle } = args;
    await verifyBuilt({
      hre,
      args,
      settings,
      connection,
      chain,
      targets,
      reporter,
      checkedUnverified,
      ledger,
      deployment,
      writeBundle,
    });
    finished = true;
  } finally {
    // Only after a table: an error is reported at once.
    if (args.serve && finished && localExplorer) await serveUntilInterrupted(localExplorer, reporter);
    await targets.close();
    await connection.close();
  }
}

// The embedded explorer stops with the task, and its links with it: say so, and how to bring them back.
async function localExplorerLinksNote(
  explorer: LocalExplorer,
  connection: NetworkConnection,
): Promise<string> {
  const rpcUrl =
    connection.networkConfig.type === "http" ? await connection.networkConfig.url.get() : "RPC_URL";
  const port = new URL(explorer.url).port;
  const state = explorer.stateFile ? ` --state ${explorer.stateFile}` : "";
  return `The ${explorer.url} links work only while the local explorer runs, and it stopped with this command. To open them, serve it again: npx explorer-verify-local-explorer --rpc ${rpcUrl} --port ${port}${state}`;
}

// --serve: the explorer's pages stay reachable until Ctrl-C (or SIGTERM); then the task closes as usual.
async function serveUntilInterrupted(explorer: LocalExplorer, reporter: RunReporter): Promise<void> {
  reporter.info(`\nLocal explorer pages at ${explorer.url}/ (serving until Ctrl-C)`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

// The file-qualified name a first run reports, from the artifacts already on disk (no build): the explorer only
// knows the bare name, which stays when the artifacts do not name it exactly once.
async function builtName(hre: HardhatRuntimeEnvironment, name: string | null): Promise<string | null> {
  if (!name) return null;
  const names = await hre.artifacts.getAllFullyQualifiedNames().catch(() => new Set<string>());
  const matches = [...names].filter((qualified) => qualified.endsWith(`:${name}`));
  return matches.length === 1 && matches[0] ? matches[0] : name;
}
