import { dirname, resolve } from "node:path";
import { InvalidInputError } from "../errors/index.js";
import type { Libraries } from "../kernel/libraries.js";
import * as z from "../kernel/zod.js";
import type { VerificationJob } from "../verify/job.js";
import { type BuildInfo, readBuildInfos } from "./buildInfo.js";
import { type CompiledContract, contractsOf } from "./compiledContracts.js";
import { createContractJob, linkedLibraries } from "./contractJob.js";
import { findContract } from "./findContract.js";
import { isCreationCodeOf } from "./inferContract.js";
import { readJsonFile } from "./jsonFile.js";
import { splitContractName } from "./sourceNames.js";

/** One contract a Foundry script deployed. */
export interface FoundryBroadcastContract {
  /** The transaction that created it. */
  transactionHash: string | undefined;
  job: VerificationJob;
}

/** What a `run-latest.json` holds, as jobs. */
export interface FoundryBroadcast {
  /** The chain the script broadcast to. */
  chainId: number | undefined;
  contracts: FoundryBroadcastContract[];
}

/** Where the build is. */
export interface ReadFoundryBroadcastOptions {
  /**
   * Foundry's `out` folder (its `build-info/` must hold full build infos: `forge build --build-info`). Default:
   * `out` beside the `broadcast` folder the file is in (`<root>/broadcast/<Script>.s.sol/<chainId>/run-latest.json`).
   */
  outDir?: string;
  /** The input field to report errors on. Default `deployment`. */
  field?: string;
  /**
   * Where a build info in `out/build-info/` may also lead once its links are followed (the Action's workspace, the
   * project root); inside `out` is always allowed.
   */
  root?: string;
}

const create2Salt = 64;
const quantity = z.nullish(z.union([z.string(), z.number()]));

// forge-script-sequence's ScriptSequence and TransactionWithMetadata, as far as verification reads them. Older
// releases wrote the creation code as `transaction.data`, newer ones as `transaction.input`.
const transactionSchema = z.looseObject({
  hash: z.nullish(z.string()),
  transactionType: z.string(),
  contractName: z.nullish(z.string()),
  contractAddress: z.nullish(z.string()),
  transaction: z.optional(
    z.looseObject({
      from: z.nullish(z.string()),
      to: z.nullish(z.string()),
      nonce: quantity,
      input: z.nullish(z.string()),
      data: z.nullish(z.string()),
    }),
  ),
  additionalContracts: z.optional(
    z.array(
      z.looseObject({
        transactionType: z.string(),
        contractName: z.nullish(z.string()),
        address: z.string(),
        initCode: z.string(),
      }),
    ),
  ),
});

const receiptSchema = z.looseObject({
  transactionHash: z.string(),
  from: z.nullish(z.string()),
  blockNumber: quantity,
  transactionIndex: quantity,
  contractAddress: z.nullish(z.string()),
});

const broadcastSchema = z.looseObject({
  transactions: z.array(transactionSchema),
  receipts: z.optional(z.array(receiptSchema)),
  libraries: z.optional(z.array(z.string())),
  chain: z.optional(z.number()),
});

interface Creation {
  field: string;
  transactionHash: string | undefined;
  /** As forge names the artifact, without the `.0.8.28` it adds when the project builds the contract twice. */
  contractName: string;
  /** That compiler release, when forge added it. */
  release: string | undefined;
  address: string;
  /** The init code: creation code followed by the constructor arguments. */
  initCode: string;
}

/**
 * Reads a Foundry broadcast file (`broadcast/<Script>.s.sol/<chainId>/run-latest.json`) with the project's build
 * into jobs: every contract the script created (`CREATE`, `CREATE2`, and contracts those created), with the
 * constructor arguments that followed the creation code and the libraries the script linked.
 *
 * @param runFile - the broadcast file
 * @param options - the `out` folder
 * @returns the chain id and one job per created contract that has a name, in transaction order
 * @throws {InvalidInputError} when a file is missing or malformed, or a created contract is not in the build
 * @example
 * const { contracts } = await readFoundryBroadcast("broadcast/Deploy.s.sol/1/run-latest.json");
 */
export async function readFoundryBroadcast(
  runFile: string,
  options: ReadFoundryBroadcastOptions = {},
): Promise<FoundryBroadcast> {
  const field = options.field ?? "deployment";
  const broadcast = await readJsonFile(broadcastSchema, {
    field,
    what: "Foundry broadcast file",
    path: runFile,
  });
  const creations = createdContracts(broadcast.transactions, field, ownHashes(broadcast));
  if (creations.length === 0) return { chainId: broadcast.chain, contracts: [] };
  // Only the contracts the script created are kept from each build info.
  const contractNames = creations.map((creation) => splitContractName(creation.contractName).contractName);
  const buildInfos = await readBuildInfos(
    options.outDir ?? resolve(dirname(runFile), "../../../out"),
    field,
    { contractNames, root: options.root },
  );
  const libraries = scriptLibraries(broadcast.libraries ?? [], field);
  const contracts = creations.map((creation) => {
    const job = creationJob(creation, buildInfos, libraries);
    if (creation.transactionHash) job.creationTransaction = creation.transactionHash;
    return { transactionHash: creation.transactionHash, job };
  });
  return { chainId: broadcast.chain, contracts };
}

function createdContracts(
  transactions: z.infer<typeof transactionSchema>[],
  field: string,
  hashes: ReadonlyArray<string | undefined>,
): Creation[] {
  const creations: Creation[] = [];
  for (const [index, transaction] of transactions.entries()) {
    const transactionField = `${field}.transactions[${index}]`;
    const transactionHash = hashes[index];
    const { contractName, contractAddress } = transaction;
    const isCreate = transaction.transactionType === "CREATE" || transaction.transactionType === "CREATE2";
    if (isCreate && contractName && contractAddress) {
      const data = transaction.transaction?.input ?? transaction.transaction?.data ?? "0x";
      // A CREATE2 sent to the deterministic deployer carries a 32-byte salt before the init code.
      const sentToDeployer =
        transaction.transactionType === "CREATE2" && Boolean(transaction.transaction?.to);
      const hex = data.replace(/^0x/, "");
      const initCode = `0x${sentToDeployer ? hex.slice(create2Salt) : hex}`;
      creations.push({
        field: transactionField,
        transactionHash,
        ...releasedName(contractName),
        address: contractAddress,
        initCode,
      });
    }
    for (const [inner, created] of (transaction.additionalContracts ?? []).entries()) {
      if (!created.contractName) continue;
      creations.push({
        field: `${transactionField}.additionalContracts[${inner}]`,
        transactionHash,
        ...releasedName(created.contractName),
        address: created.address,
        initCode: created.initCode,
      });
    }
  }
  return creations;
}

// forge names a contract's artifact `Name.0.8.28.json` (and the broadcast's `contractName` so) when the project
// compiles it with two compiler releases.
function releasedName(name: string): Pick<Creation, "contractName" | "release"> {
  const versioned = /^(.+)\.(\d+\.\d+\.\d+)$/.exec(name);
  return versioned
    ? { contractName: versioned[1] as string, release: versioned[2] }
    : { contractName: name, release: undefined };
}

function creationJob(
  creation: Creation,
  buildInfos: readonly BuildInfo[],
  libraries: Libraries,
): VerificationJob {
  const contract = deployedContract(creation, buildInfos);
  const argumentsHex = creation.initCode.replace(/^0x/, "").slice(contract.bytecode.length - 2);
  const linked = linkedLibraries(contract);
  const contractLibraries: Libraries = {};
  for (const [name, address] of Object.entries(libraries)) {
    const library = linked.find((candidate) => candidate.inputFqn === name || candidate.userFqn === name);
    if (library !== undefined) contractLibraries[library.inputFqn] = address;
  }
  return createContractJob(contract, {
    address: creation.address,
    field: creation.field,
    ...(argumentsHex === "" ? {} : { constructorArguments: { hex: `0x${argumentsHex}` } }),
    libraries: contractLibraries,
  });
}

// The broadcast names contracts by their bare name. Of the contracts and builds that share it (two files, two compiler
// releases), the one whose creation code, metadata included, begins the transaction's init code is the one deployed;
// when none does (the project was built again since), the release forge named, if any, chooses the build.
function deployedContract(creation: Creation, buildInfos: readonly BuildInfo[]): CompiledContract {
  const field = `${creation.field}.contractName`;
  const named = buildInfos
    .flatMap(contractsOf)
    .filter(
      (contract) =>
        contract.contractName === creation.contractName || contract.userFqn === creation.contractName,
    );
  const matching = named.filter((contract) => isCreationCodeOf(contract, creation.initCode));
  const matchingFqns = new Set(matching.map((contract) => contract.userFqn));
  const [only] = matching;
  if (matchingFqns.size === 1 && only !== undefined) {
    const builds = new Set(matching.map((contract) => contract.buildInfoPath));
    return findContract(
      buildInfos.filter((buildInfo) => builds.has(buildInfo.path)),
      only.userFqn,
      field,
    );
  }
  const fqns = new Set(named.map((contract) => contract.userFqn));
  if (fqns.size <= 1) {
    const released = buildInfos.filter(
      (buildInfo) => buildInfo.compilerVersion.replace(/^v/, "").split("+")[0] === creation.release,
    );
    return findContract(released.length > 0 ? released : buildInfos, creation.contractName, field);
  }
  throw new InvalidInputError(
    field,
    `Contract name "${creation.contractName}" is ambiguous and the creation code at ${creation.address} matches ${matchingFqns.size === 0 ? "none" : "several"} of ${[...fqns].sort().join(", ")}: build the project as it was deployed, then try again.`,
  );
}

// `libraries` entries are `<source path>:<library name>:<address>`, as `forge script --libraries` takes them.
function scriptLibraries(entries: readonly string[], field: string): Libraries {
  const libraries: Libraries = {};
  for (const [index, entry] of entries.entries()) {
    const match = /^(.+):([^:]+):(0x[0-9a-fA-F]{40})$/.exec(entry);
    if (match === null) {
      throw new InvalidInputError(
        `${field}.libraries[${index}]`,
        `The broadcast's library entry ${JSON.stringify(entry)} is not <path>:<name>:<address>.`,
      );
    }
    libraries[`${match[1]}:${match[2]}`] = match[3] ?? "";
  }
  return libraries;
}

// forge (1.7 and earlier) writes a transaction's `hash` at the place its receipt arrived in, which concurrent sending
// shuffles (foundry-rs/foundry#16715); the receipts hold the true ones. A sender's transactions are mined in nonce
// order, so its k-th receipt (by block, then index) is its k-th transaction by nonce, and a CREATE's receipt names the
// contract it made. Where they do not pair up no hash is taken: Sourcify given another's gives no creation match.
function ownHashes({
  transactions,
  receipts = [],
}: z.infer<typeof broadcastSchema>): Array<string | undefined> {
  if (receipts.length === 0) return transactions.map((transaction) => transaction.hash ?? undefined);
  const hashes: Array<string | undefined> = transactions.map(() => undefined);
  const sender = (from: string | null | undefined) => from?.toLowerCase() ?? "";
  for (const from of new Set(transactions.map((transaction) => sender(transaction.transaction?.from)))) {
    const sent = [...transactions.entries()]
      .filter(([, transaction]) => sender(transaction.transaction?.from) === from)
      .sort(([, a], [, b]) => Number(a.transaction?.nonce ?? 0) - Number(b.transaction?.nonce ?? 0));
    const mined = receipts
      .filter((receipt) => sender(receipt.from) === from)
      .sort(
        (a, b) =>
          Number(a.blockNumber) - Number(b.blockNumber) ||
          Number(a.transactionIndex) - Number(b.transactionIndex),
      );
    const paired = sent.map(([index, { transactionType, contractAddress }], k) => ({
      index,
      receipt: mined[k],
      made: transactionType === "CREATE" ? contractAddress?.toLowerCase() : undefined,
    }));
    if (
      mined.length === sent.length &&
      paired.every(({ receipt, made }) => !made || receipt?.contractAddress?.toLowerCase() === made)
    )
      for (const { index, receipt } of paired) hashes[index] = receipt?.transactionHash;
  }
  return hashes;
}
