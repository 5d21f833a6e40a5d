import { ExplorerClient } from "../client/explorerClient.js";
import { Transport } from "../client/transport.js";
import type { VerifiedInputReading } from "../client/verifiedInput.js";
import type { Service, Verifier } from "../verify/verifier.js";
import { serviceTransportOptions, type TransportSettings } from "./serviceTransports.js";
import { SharedAcrossChains } from "./sharedAcrossChains.js";
import type { BlockscoutTarget, Target } from "./target.js";

/** Reads what a service holds verified at an address, as `copy` submits it elsewhere. */
export type VerifiedInputReader = (address: string) => Promise<VerifiedInputReading>;

/** What the hall gets of one service: its verifier, and its reader for `copy`. */
interface ServiceRecord<T extends Target> {
  verifier(target: T, settings: TransportSettings, shared: SharedAcrossChains): Promise<Verifier>;
  reader(transport: Transport, target: T, address: string): Promise<VerifiedInputReading>;
}

type ServiceRecords = { [S in Service]: ServiceRecord<Extract<Target, { service: S }>> };

const readEtherscanContract: ServiceRecord<Target>["reader"] = async (transport, _target, address) =>
  (await import("../client/contract/readEtherscanContract.js")).readEtherscanContract(transport, { address });

// Each service's code loads only when a run names the service.
const services: ServiceRecords = {
  blockscout: {
    verifier: async (target, settings) =>
      new (await import("./blockscoutVerifier.js")).BlockscoutVerifier(target, settings),
    reader: async (transport, _target, address) =>
      (await import("../client/contract/readVerifiedInput.js")).readVerifiedInput(transport, { address }),
  },
  etherscan: {
    verifier: async (target, settings, shared) =>
      (await import("./etherscanVerifier.js")).etherscanVerifier(target, settings, shared),
    reader: readEtherscanContract,
  },
  sourcify: {
    verifier: async (target, settings, shared) =>
      new (await import("./sourcifyVerifier.js")).SourcifyVerifier(target, settings, undefined, shared),
    reader: async (transport, target, address) =>
      (await import("../client/sourcify/readSourcifyContract.js")).readSourcifyContract(transport, {
        chainId: target.chainId,
        address,
      }),
  },
  routescan: {
    verifier: async (target, settings) =>
      (await import("./etherscanCompatible.js")).routescanVerifier(target, settings),
    reader: readEtherscanContract,
  },
};

function recordOf(target: Target): ServiceRecord<Target> {
  return services[target.service] as ServiceRecord<Target>;
}

/**
 * The verifier of a resolved target, built by the service record: the one place a service's implementation is
 * chosen. Each loads only when a run names its service.
 *
 * @param target - one service for one chain, as the hall resolved it
 * @param settings - the run's pace, answer cap and events
 * @param shared - what the verifiers of the run share across chains (a key's budget, lookups of every chain at
 *   once): one per run; none, the verifier shares nothing
 * @returns the verifier
 * @example
 * const [target] = (await resolveTargets({ ... })).targets;
 * const results = await verifyJobs(await verifierFor(target), jobs);
 */
export function verifierFor(
  target: Target,
  settings: TransportSettings = {},
  shared: SharedAcrossChains = new SharedAcrossChains(),
): Promise<Verifier> {
  return recordOf(target).verifier(target, settings, shared);
}

/**
 * The reader of what a resolved target holds verified, built by the service record: what `copy` reads from its
 * source service, through one transport for every address.
 *
 * @param target - the source service for the chain, resolved
 * @param settings - the run's pace, answer cap and events
 * @returns the reader
 */
export function verifiedInputReaderFor(
  target: Target,
  settings: TransportSettings = {},
): VerifiedInputReader {
  const transport = new Transport(serviceTransportOptions(target, settings));
  const record = recordOf(target);
  return (address) => record.reader(transport, target, address);
}

/**
 * A reading client for a resolved Blockscout target, with its route, key and headers: what `fetch` reads through,
 * and what a run's discovery of created contracts reads.
 *
 * @param target - the explorer, resolved
 * @param settings - the run's pace, answer cap and events
 * @returns the client
 */
export function explorerClientFor(
  target: BlockscoutTarget,
  settings: TransportSettings = {},
): ExplorerClient {
  return new ExplorerClient({ ...serviceTransportOptions(target, settings), pagesUrl: target.instanceUrl });
}
