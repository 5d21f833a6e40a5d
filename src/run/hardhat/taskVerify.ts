import { resolve } from "node:path";
import { InvalidInputError } from "../../errors/index.js";
import type { ReadsDeadline } from "../../kernel/readsDeadline.js";
import type { LocalExplorer } from "../../local-explorer/index.js";
import type { VerificationJob } from "../../verify/job.js";
import type { RunReporter } from "../report/runReporter.js";
import type { RunResults } from "../report/runResults.js";
import type { RunSettingValues } from "../settings.js";
import type { ChainClaim } from "../targets/chainAgreement.js";
import { type HardhatRunWhere, hardhatTargets } from "./hardhatTargets.js";
import { checkTaskContracts, deploymentIds, type TaskContracts } from "./taskArgumentChecks.js";
import { onTheirOwnChains, type ProjectPaths, taskDeployment, taskLedger } from "./taskDeployments.js";
import { type BuiltTaskRun, namedBesideBundle, proxiesOnChains, verifyTask } from "./taskRuns.js";

/** One verify of the Hardhat task: its arguments as typed, and Hardhat's world as facts. */
export interface TaskVerifyRequest extends Pick<BuiltTaskRun, "build" | "buildProfile" | "buildProfiles"> {
  task: TaskContracts & {
    explorerUrl?: string | undefined;
    /** `--ledger`: a file relative to the project, or `none`. */
    ledger?: string | undefined;
    bundle?: string | undefined;
    writeBundle?: string | undefined;
    serve?: boolean | undefined;
  };
  settings: RunSettingValues;
  where: HardhatRunWhere;
  paths: ProjectPaths;
  /** The artifacts' fully qualified names already on disk (no build). */
  artifactNames: () => Promise<ReadonlySet<string>>;
  /** `--constructor-args-path`'s values, loaded when asked. */
  constructorValues: () => Promise<readonly unknown[] | undefined>;
  /** `--libraries-path`'s map, loaded when asked. */
  libraries: () => Promise<Record<string, string>>;
  /** Settles when the user interrupts (`--serve` waits on it). */
  untilInterrupted: () => Promise<void>;
}

/**
 * The task's verify: a bundle, deployments each on its own chain, or the network's address, deployment or factory,
 * looked up before the build and verified from it; every door's run, with the task's words.
 *
 * @param request - the task's arguments and Hardhat's facts
 * @param reporter - where progress and the records go
 * @param reads - the run's read budget, made by the request
 * @returns the records; none when the look before the build settled the run
 * @throws {InvalidInputError} for arguments that do not go together, before anything is sent
 */
export async function runTaskVerify(
  request: TaskVerifyRequest,
  reporter: RunReporter,
  reads: ReadsDeadline,
): Promise<RunResults | undefined> {
  const { task: args, settings, paths } = request;
  if (args.bundle !== undefined) {
    // The bundle names its contracts and their chains: no build, no deployment.
    const naming = namedBesideBundle(args, settings);
    const { bundledJobs } = await import("../jobs/bundledJobs.js");
    const bundled = await bundledJobs({ given: args.bundle, file: resolve, field: "--bundle", naming });
    return verifyOnChains(request, reporter, reads, bundled);
  }
  // A deployment names its chain: without --network, its chain id finds its network and explorer.
  if (onTheirOwnChains(args.deployment, args.address !== "", request.where.hardhat.networkNamed)) {
    const ids = deploymentIds(args, paths.ignitionDeployments);
    if (settings.preflight)
      throw new InvalidInputError(
        "preflight",
        "--preflight checks one deployment at a time: give one --deployment and its --network.",
      );
    const { taskDeployments } = await import("./taskDeployments.js");
    const read = await taskDeployments(paths, ids, (line) => reporter.info(line));
    return verifyOnChains(request, reporter, reads, read);
  }
  checkTaskContracts(args);
  const opened = await request.where.hardhat.network?.();
  if (!opened) throw new InvalidInputError("network", "No network to verify on.");
  const { ProviderChain } = await import("./providerChain.js");
  const chain = new ProviderChain(opened.provider);
  // The chain a deployment records (an Ignition folder `chain-N` and its journal, a hardhat-deploy folder its chain
  // file), read before anything is sent.
  const deployment = args.deployment
    ? await taskDeployment(paths, args.deployment, (line) => reporter.info(line))
    : undefined;
  const targets = await hardhatTargets(request.where, settings.targets, deployment?.claims ?? [], reads);
  const [localExplorer] = targets.localExplorers;
  let finished = false;
  try {
    if (args.serve && !localExplorer)
      throw new InvalidInputError(
        "serve",
        "--serve keeps the embedded local explorer running, and this run verifies on no local explorer: drop --serve.",
      );
    if (localExplorer && !args.serve) reporter.footnote(linksNote(localExplorer, opened.rpcUrl));
    const ledger = taskLedger(paths.root, args.ledger, localExplorer !== undefined);
    const { lookBeforeBuild } = await import("../runners/lookBeforeBuild.js");
    const { settled, checkedUnverified } = await lookBeforeBuild({
      address: args.address,
      contract: args.contract,
      format: args.format,
      targets,
      ledger,
      more: args.proxy || settings.force || settings.includeCreated || args.writeBundle !== undefined,
      reporter,
      builtName: async (name) => {
        if (!name) return null;
        const names = await request.artifactNames().catch(() => new Set<string>());
        const matches = [...names].filter((qualified) => qualified.endsWith(`:${name}`));
        return matches.length === 1 && matches[0] ? matches[0] : name;
      },
    });
    finished = settled;
    if (settled) return undefined;
    // A deployment or a factory names its contracts: the options of one ADDRESS are not read.
    const ownAddress = !args.createdBy && !args.deployment;
    const { verifyBuiltTask } = await import("./taskRuns.js");
    const results = await verifyBuiltTask({
      settings,
      reads,
      targets,
      reporter,
      ledger,
      writeBundle: args.writeBundle,
      contracts: args,
      constructorValues: ownAddress ? await request.constructorValues() : undefined,
      libraries: ownAddress ? await request.libraries() : {},
      deployment,
      build: request.build,
      buildProfile: request.buildProfile,
      buildProfiles: request.buildProfiles,
      chain,
      networkName: opened.name,
      // With an HTTP network, failures are explained by compiling locally against the deployed code.
      rpc: opened.rpcUrl
        ? { rpcUrl: opened.rpcUrl, compilers: request.where.hardhat.localExplorer.compilers }
        : undefined,
      checkedUnverified,
    });
    finished = true;
    return results;
  } finally {
    // Only after a table: an error is reported at once.
    if (args.serve && finished && localExplorer) {
      reporter.info(`\nLocal explorer pages at ${localExplorer.url}/ (serving until Ctrl-C)`);
      await request.untilInterrupted();
    }
    await targets.close();
  }
}

/**
 * The embedded explorer stops with the task, and its links with it: says so, and how to bring them back.
 * @param explorer - where it served, and its state file
 * @param rpcUrl - the chain it read
 * @returns the footnote
 */
export function linksNote(
  explorer: Pick<LocalExplorer, "url" | "stateFile">,
  rpcUrl: string | undefined,
): string {
  const port = new URL(explorer.url).port;
  const state = explorer.stateFile ? ` --state ${explorer.stateFile}` : "";
  const rpc = rpcUrl && isBareOrigin(rpcUrl) ? rpcUrl : "RPC_URL";
  return `The ${explorer.url} links work only while the local explorer runs, and it stopped with this command. To open them, serve it again: npx explorer-verify-local-explorer --rpc ${rpc} --port ${port}${state}`;
}

// A URL with more than its origin may carry a key (a password, a path or a query): the note names it RPC_URL then.
function isBareOrigin(url: string): boolean {
  const { username, password, pathname, search, hash } = new URL(url);
  return `${username}${password}${search}${hash}` === "" && pathname === "/";
}

// Each chain's jobs on its targets, as --network would choose them: the network --network names or one serving the
// chain (its chainId, or its answer on this machine), else the chain id (that network reads the chain's proxies).
async function verifyOnChains(
  request: TaskVerifyRequest,
  reporter: RunReporter,
  reads: ReadsDeadline,
  { jobs, claims }: { jobs: VerificationJob[]; claims: ChainClaim[] },
): Promise<RunResults> {
  const { task: args, settings } = request;
  const { hardhat } = request.where;
  const named = hardhat.networkNamed ? hardhat.network : undefined;
  const where = { hardhat: { ...hardhat, network: undefined, namedNetwork: named } };
  const targets = await hardhatTargets(where, settings.targets, claims, reads);
  try {
    const local = targets.localExplorers.length > 0 && !args.ledger;
    const ledger = taskLedger(request.paths.root, args.ledger, local);
    return await verifyTask(
      { settings, reads, targets, reporter, ledger, writeBundle: args.writeBundle },
      jobs,
      { proxies: settings.includeProxies ? proxiesOnChains(targets.networks, request.build) : undefined },
    );
  } finally {
    await targets.close();
  }
}
