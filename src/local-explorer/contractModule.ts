import { isTrue } from "../kernel/jsonValues.js";
import { addressPattern, hexPattern } from "../kernel/validate.js";
import type { ExplorerBackend, Submission } from "./backend.js";
import { type BlockscoutShapes, type BlockscoutVersion, blockscoutShapes } from "./blockscoutVersion.js";
import { ContractReads, sourceCodeItem } from "./contractReads.js";
import { isWellFormedGuid, makeGuid } from "./guids.js";
import {
  error,
  ok,
  proxyPassManyText,
  proxyPassText,
  publishFailedText,
  type Reply,
  requiredText,
  somethingWentWrong,
  texts,
} from "./responses.js";
import {
  missingKey,
  numberedLibraries,
  optional,
  type RpcParams,
  runsOf,
  str,
  type UploadedFile,
} from "./rpcParams.js";

/** The one upload name Blockscout 12's Sourcify path reads the metadata from. */
const metadataFileName = "metadata.json";

/** What a submission carries besides the address, the contract's name and the compiler. */
type SubmittedFields = Omit<Submission, "address" | "contractName" | "compilerVersion">;

/** How the contract module answers besides what its backend decides. */
export interface ContractModuleOptions {
  /** The clock guids are stamped with. Default `Date.now`. */
  now?: () => number;
  /**
   * The Blockscout release to answer as: `"11"` (the default) or `"12"`, whose shapes and refusals differ
   * (`ConstructorArguments` with `0x`, `/`-rooted `AdditionalSources`, hex-only constructor arguments,
   * `verify_via_sourcify` through Sourcify API v2, `next_page_params` without `key`).
   */
  blockscoutVersion?: BlockscoutVersion;
  /**
   * How long `verify_via_sourcify` takes to answer, in ms: Blockscout 12 waits for Sourcify's job (polling it 3 s × 20)
   * before it answers. Default 0.
   */
  sourcifyAnswerDelayMs?: number;
}

/** Handles `module=contract` actions with Blockscout's parameter rules, order of checks and texts. */
export class ContractModule {
  readonly #backend: ExplorerBackend;
  readonly #now: () => number;
  readonly #release: BlockscoutShapes;
  readonly #sourcifyAnswerDelayMs: number;
  readonly #reads: ContractReads;
  /** Guids handed out by this module, so two submissions answered at once never share one. */
  readonly #issuedGuids = new Set<string>();

  constructor(backend: ExplorerBackend, options: ContractModuleOptions = {}) {
    this.#backend = backend;
    this.#now = options.now ?? Date.now;
    this.#release = blockscoutShapes(options.blockscoutVersion);
    this.#sourcifyAnswerDelayMs = options.sourcifyAnswerDelayMs ?? 0;
    this.#reads = new ContractReads(backend, this.#release);
  }

  /**
   * Answers one action.
   * @param action - the lower-cased action name (one of {@link ContractModule.actions})
   * @param params - query and body parameters
   * @param files - multipart uploads
   * @returns the reply
   */
  async handle(action: string, params: RpcParams, files: UploadedFile[]): Promise<Reply> {
    const reads = this.#reads;
    const actions: Record<string, () => Promise<Reply>> = {
      listcontracts: () => reads.listcontracts(params),
      getabi: () => reads.getabi(params),
      getsourcecode: () => reads.getsourcecode(params),
      getcontractcreation: () => reads.getcontractcreation(params),
      verify: () => this.verify(params),
      verify_via_sourcify: () => this.verifyViaSourcify(params, files),
      verify_vyper_contract: () => this.verifyVyper(params),
      verifysourcecode: () => this.verifysourcecode(params),
      checkverifystatus: () => this.checkverifystatus(params),
      verifyproxycontract: () => this.verifyproxycontract(params),
      checkproxyverification: () => this.checkproxyverification(params),
    };
    return Object.hasOwn(actions, action)
      ? actions[action]!()
      : error(texts.unknownAction, { httpStatus: 400 });
  }

  async verify(params: RpcParams): Promise<Reply> {
    return this.#publish(
      params,
      ["name", "compilerVersion", "optimization", "contractSourceCode"],
      (decision) => publishFailedText(decision.reason),
      () => ({
        format: "flattened",
        sourceCode: str(params.contractSourceCode)!,
        optimization: isTrue(params.optimization),
        optimizationRuns: runsOf(params.optimizationRuns),
        ...optional("evmVersion", str(params.evmVersion)),
        libraries: numberedLibraries(params, (i) => [`library${i}Name`, `library${i}Address`]),
      }),
    );
  }

  async verifyVyper(params: RpcParams): Promise<Reply> {
    const required = ["name", "compilerVersion", "contractSourceCode"];
    const failure = (decision: { detail?: string }) =>
      decision.detail ? `${texts.publishFailedPrefix}: ${decision.detail}` : texts.publishFailedPrefix;
    return this.#publish(params, required, failure, () => ({
      format: "vyper",
      sourceCode: str(params.contractSourceCode)!,
    }));
  }

  async verifyViaSourcify(params: RpcParams, files: UploadedFile[]): Promise<Reply> {
    const address = str(params.addressHash);
    if (address === undefined) return somethingWentWrong();
    if (!addressPattern.test(address)) return error(texts.invalidAddressHash);
    if (await this.#isFullyVerified(address)) return error(texts.alreadyVerified);
    const uploads = files.filter((f) => /^files\[\d+\]$/.test(f.field));
    if (uploads.length === 0 && files.length === 1 && files[0]?.field === "files") {
      return error(texts.invalidArgsFormat);
    }
    if (uploads.length < 2) return error(texts.attachTwoFiles);
    const names = uploads.map((f) => f.filename.toLowerCase());
    if (!names.some((n) => n.endsWith(".json")) || !names.some((n) => n.endsWith(".sol"))) {
      return error(texts.attachJsonAndSol);
    }
    const sourcifyApiV2 = this.#release.sourcifyApiV2;
    if (sourcifyApiV2 && !uploads.some((f) => f.filename === metadataFileName)) {
      return error(texts.sourcifyNoMetadata);
    }
    // The answer waits for Sourcify's job as Blockscout does; the verdict is decided when it ends.
    if (this.#sourcifyAnswerDelayMs > 0) await sleep(this.#sourcifyAnswerDelayMs);
    const decision = await this.#backend.verifyNow({
      format: "sourcify",
      address: address.toLowerCase(),
      contractName: "",
      compilerVersion: "",
      files: uploads.map((f) => ({ name: f.filename, content: f.content })),
    });
    if (!decision.ok)
      return error(sourcifyApiV2 ? texts.sourcifyNotVerified : decision.reason || texts.unsuccessfulSourcify);
    return ok(sourceCodeItem(decision.contract, undefined, this.#release));
  }

  async verifysourcecode(params: RpcParams): Promise<Reply> {
    const codeformat = str(params.codeformat);
    const address = str(params.contractaddress);
    if (codeformat === "solidity-standard-json-input") {
      const sourceCode = params.sourceCode;
      if (address === undefined || sourceCode === undefined) return error(texts.missingSourceCodeOrAddress);
      return this.#enqueue(address, params, ["contractname", "compilerversion"], () => ({
        format: "standard-json",
        standardJsonInput: typeof sourceCode === "string" ? sourceCode : JSON.stringify(sourceCode),
      }));
    }
    if (codeformat === "solidity-single-file" && address !== undefined) {
      const missing = missingKey(params, [
        "contractname",
        "compilerversion",
        "optimizationUsed",
        "sourceCode",
      ]);
      if (missing) return error(requiredText(missing));
      const optimization = params.optimizationUsed;
      if (![true, false, 0, 1, "0", "1", "true", "false"].includes(optimization as string)) {
        return error(texts.optimizationUsedInvalid);
      }
      return this.#enqueue(address, params, [], () => ({
        format: "single-file",
        sourceCode: str(params.sourceCode)!,
        optimization: isTrue(optimization),
        optimizationRuns: runsOf(params.runs),
        ...optional("evmVersion", str(params.evmversion)),
        libraries: numberedLibraries(params, (i) => [`libraryname${i}`, `libraryaddress${i}`]),
      }));
    }
    return error(texts.missingCodeFormat);
  }

  // `verify` and `verify_vyper_contract`: the checks before publishing, in Blockscout's order, then the verdict.
  async #publish(
    params: RpcParams,
    required: string[],
    failure: (decision: { reason: string; detail?: string }) => string,
    // Read only once Blockscout's checks pass: a malformed field is never read before them.
    fields: () => SubmittedFields,
  ): Promise<Reply> {
    const address = str(params.addressHash);
    if (address === undefined) return somethingWentWrong();
    const missing = missingKey(params, required, true);
    if (missing) return error(requiredText(missing));
    if (!addressPattern.test(address)) return error(texts.invalidAddressHash);
    if (!(await this.#backend.isContract(address))) {
      return error(texts.notASmartContract, { repeatInResult: true });
    }
    if (await this.#backend.verifiedContract(address)) return error(texts.alreadyVerified);
    const refused = this.#nonHexArguments(params);
    if (refused) return refused;
    const decision = await this.#backend.verifyNow({
      address: address.toLowerCase(),
      contractName: str(params.name)!,
      compilerVersion: str(params.compilerVersion)!,
      ...fields(),
      ...optional("constructorArguments", str(params.constructorArguments)),
    });
    if (!decision.ok) return error(failure(decision));
    return ok(sourceCodeItem(decision.contract, undefined, this.#release));
  }

  // `verifysourcecode`'s checks of the address and the contract, in Blockscout's order, then the queue.
  async #enqueue(
    address: string,
    params: RpcParams,
    required: string[],
    fields: () => SubmittedFields,
  ): Promise<Reply> {
    if (!addressPattern.test(address)) return error(texts.invalidAddressHash, { repeatInResult: true });
    if (await this.#isFullyVerified(address)) return error(texts.alreadyVerified, { repeatInResult: true });
    const missing = missingKey(params, required);
    if (missing) return error(requiredText(missing), { repeatInResult: true });
    if (!(await this.#backend.isContract(address))) {
      return error(texts.notASmartContract, { repeatInResult: true });
    }
    const refused = this.#nonHexArguments(params);
    if (refused) return refused;
    const guid = await this.#freshGuid(address);
    this.#backend.enqueue(guid, {
      address: address.toLowerCase(),
      contractName: str(params.contractname)!,
      compilerVersion: str(params.compilerversion)!,
      ...fields(),
      ...optional("constructorArguments", str(params.constructorArguments)),
    });
    return ok(guid);
  }

  // Blockscout 12 takes constructor arguments as hex only (`0x` optional); earlier releases took any text.
  #nonHexArguments(params: RpcParams): Reply | undefined {
    const args = str(params.constructorArguments);
    if (!this.#release.refusesNonHexConstructorArguments || args === undefined || hexPattern.test(args))
      return undefined;
    return error(texts.constructorArgumentsNotHex);
  }

  // A partially verified contract may be submitted again (Blockscout's verifysourcecode and Sourcify paths).
  async #isFullyVerified(address: string): Promise<boolean> {
    const record = await this.#backend.verifiedContract(address);
    return record !== undefined && record.match !== "partial";
  }

  // A guid names one submission. Blockscout's format stamps the second, so a submission sent again within the second
  // of an earlier one for the same address (a resend after a lost answer, the next candidate input after a quick
  // failure) would share its guid and read its verdict: it takes the latest earlier second still free instead.
  async #freshGuid(address: string): Promise<string> {
    for (let at = this.#now(); ; at -= 1_000) {
      const guid = makeGuid(address, at);
      if (this.#issuedGuids.has(guid)) continue;
      const known = (await this.#backend.guidState(guid)) !== "unknown";
      // Checked again after the look: another request may have taken it meanwhile.
      if (known || this.#issuedGuids.has(guid)) continue;
      this.#issuedGuids.add(guid);
      return guid;
    }
  }

  async checkverifystatus(params: RpcParams): Promise<Reply> {
    const guid = str(params.guid);
    if (guid === undefined) return somethingWentWrong();
    const state = isWellFormedGuid(guid, this.#now()) ? await this.#backend.guidState(guid) : "unknown";
    const result = {
      pending: texts.pendingInQueue,
      pass: texts.passVerified,
      fail: texts.failUnableToVerify,
      unknown: texts.unknownUid,
    }[state];
    return ok(result);
  }

  async verifyproxycontract(params: RpcParams): Promise<Reply> {
    const address = str(params.address);
    if (address === undefined) return somethingWentWrong();
    if (!addressPattern.test(address)) return error(texts.invalidAddressHash);
    if (!(await this.#backend.verifiedContract(address))) return error(texts.proxyNotVerified);
    const guid = makeGuid(address, this.#now());
    this.#backend.enqueueProxyCheck(guid, address.toLowerCase());
    return ok(guid);
  }

  async checkproxyverification(params: RpcParams): Promise<Reply> {
    const guid = str(params.guid);
    if (guid === undefined) return somethingWentWrong();
    const check = isWellFormedGuid(guid, this.#now())
      ? await this.#backend.proxyCheckState(guid)
      : { state: "unknown" as const, implementations: [] };
    switch (check.state) {
      case "pending":
        return ok(texts.proxyInProgress);
      case "pass": {
        const proxy = `0x${guid.slice(0, 40)}`;
        const [first, ...others] = check.implementations;
        if (!first) return ok(texts.proxyInProgress);
        return ok(
          others.length > 0 ? proxyPassManyText(proxy, check.implementations) : proxyPassText(proxy, first),
        );
      }
      case "fail":
        return { status: 200, body: { status: "0", message: texts.notok, result: texts.proxyNotDetected } };
      default:
        return ok(texts.unknownUid);
    }
  }
}

// The wait does not keep a process alive by itself: a closed explorer's process may end during it.
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
