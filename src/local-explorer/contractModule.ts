import { isTrue } from "../kernel/jsonValues.js";
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
  addressPattern,
  hexPattern,
  lower,
  numberedLibraries,
  optional,
  type RpcParams,
  str,
  type UploadedFile,
} from "./rpcParams.js";

/** The one upload name Blockscout 12's Sourcify path reads the metadata from. */
const metadataFileName = "metadata.json";

/** How the contract module answers besides what its backend decides. */
export interface ContractModuleOptions {
  /** The clock guids are stamped with. Default `Date.now`. */
  now?: () => number;
  /** The Blockscout release answered as (its shapes and refusals). Default 11. */
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

  /** The action names this module answers; any other gets `Unknown action`. */
  static readonly actions = [
    "listcontracts",
    "getabi",
    "getsourcecode",
    "getcontractcreation",
    "verify",
    "verify_via_sourcify",
    "verify_vyper_contract",
    "verifysourcecode",
    "checkverifystatus",
    "verifyproxycontract",
    "checkproxyverification",
  ] as const;

  /**
   * Answers one action.
   * @param action - the lower-cased action name (one of {@link ContractModule.actions})
   * @param params - query and body parameters
   * @param files - multipart uploads
   * @returns the reply
   */
  async handle(action: string, params: RpcParams, files: UploadedFile[]): Promise<Reply> {
    switch (action) {
      case "listcontracts":
        return this.#reads.listcontracts(params);
      case "getabi":
        return this.#reads.getabi(params);
      case "getsourcecode":
        return this.#reads.getsourcecode(params);
      case "getcontractcreation":
        return this.#reads.getcontractcreation(params);
      case "verify":
        return this.verify(params);
      case "verify_via_sourcify":
        return this.verifyViaSourcify(params, files);
      case "verify_vyper_contract":
        return this.verifyVyper(params);
      case "verifysourcecode":
        return this.verifysourcecode(params);
      case "checkverifystatus":
        return this.checkverifystatus(params);
      case "verifyproxycontract":
        return this.verifyproxycontract(params);
      case "checkproxyverification":
        return this.checkproxyverification(params);
      default:
        return error(texts.unknownAction, { httpStatus: 400 });
    }
  }

  async verify(params: RpcParams): Promise<Reply> {
    const checked = await this.#synchronousChecks(params, [
      "name",
      "compilerVersion",
      "optimization",
      "contractSourceCode",
    ]);
    if ("reply" in checked) return checked.reply;
    const { address } = checked;
    const libraries = numberedLibraries(
      params,
      (i) => `library${i}Name`,
      (i) => `library${i}Address`,
    );
    const decision = await this.#backend.verifyNow({
      format: "flattened",
      address: lower(address),
      contractName: str(params.name)!,
      compilerVersion: str(params.compilerVersion)!,
      sourceCode: str(params.contractSourceCode)!,
      optimization: isTrue(params.optimization),
      optimizationRuns: Number.parseInt(str(params.optimizationRuns) ?? "200", 10) || 200,
      ...optional("evmVersion", str(params.evmVersion)),
      ...optional("constructorArguments", str(params.constructorArguments)),
      libraries,
    });
    if (!decision.ok) return error(publishFailedText(decision.reason));
    return ok(sourceCodeItem(decision.contract, undefined, this.#release));
  }

  async verifyVyper(params: RpcParams): Promise<Reply> {
    const checked = await this.#synchronousChecks(params, ["name", "compilerVersion", "contractSourceCode"]);
    if ("reply" in checked) return checked.reply;
    const { address } = checked;
    const decision = await this.#backend.verifyNow({
      format: "vyper",
      address: lower(address),
      contractName: str(params.name)!,
      compilerVersion: str(params.compilerVersion)!,
      sourceCode: str(params.contractSourceCode)!,
      ...optional("constructorArguments", str(params.constructorArguments)),
    });
    if (!decision.ok)
      return error(
        decision.detail ? `${texts.publishFailedPrefix}: ${decision.detail}` : texts.publishFailedPrefix,
      );
    return ok(sourceCodeItem(decision.contract, undefined, this.#release));
  }

  async verifyViaSourcify(params: RpcParams, files: UploadedFile[]): Promise<Reply> {
    const address = str(params.addressHash);
    if (address === undefined) return somethingWentWrong();
    if (!addressPattern.test(address)) return error(texts.invalidAddressHash);
    if (await this.#isFullyVerified(address)) return error(texts.alreadyVerified);
    const uploads = files.filter((f) => /^files\[\d+\]$/.test(f.field));
    if (uploads.length === 1 && files.length === 1 && files[0]?.field === "files") {
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
      address: lower(address),
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
      if (addressPattern.test(address) && (await this.#isFullyVerified(address))) {
        return error(texts.alreadyVerified, { repeatInResult: true });
      }
      if (!addressPattern.test(address)) return error(texts.invalidAddressHash, { repeatInResult: true });
      for (const key of ["contractname", "compilerversion"]) {
        if (params[key] === undefined || params[key] === null)
          return error(requiredText(key), { repeatInResult: true });
      }
      if (!(await this.#backend.isContract(address))) {
        return error(texts.notASmartContract, { repeatInResult: true });
      }
      const refused = this.#nonHexArguments(params);
      if (refused) return refused;
      return this.#enqueue({
        format: "standard-json",
        address: lower(address),
        contractName: str(params.contractname)!,
        compilerVersion: str(params.compilerversion)!,
        standardJsonInput: typeof sourceCode === "string" ? sourceCode : JSON.stringify(sourceCode),
        ...optional("constructorArguments", str(params.constructorArguments)),
      });
    }
    if (codeformat === "solidity-single-file" && address !== undefined) {
      for (const key of ["contractname", "compilerversion", "optimizationUsed", "sourceCode"]) {
        if (params[key] === undefined || params[key] === null) return error(requiredText(key));
      }
      const optimization = params.optimizationUsed;
      if (![true, false, 0, 1, "0", "1", "true", "false"].includes(optimization as string)) {
        return error(texts.optimizationUsedInvalid);
      }
      if (addressPattern.test(address) && (await this.#isFullyVerified(address))) {
        return error(texts.alreadyVerified, { repeatInResult: true });
      }
      if (!addressPattern.test(address)) return error(texts.invalidAddressHash, { repeatInResult: true });
      if (!(await this.#backend.isContract(address))) {
        return error(texts.notASmartContract, { repeatInResult: true });
      }
      const refused = this.#nonHexArguments(params);
      if (refused) return refused;
      const libraries = numberedLibraries(
        params,
        (i) => `libraryname${i}`,
        (i) => `libraryaddress${i}`,
      );
      return this.#enqueue({
        format: "single-file",
        address: lower(address),
        contractName: str(params.contractname)!,
        compilerVersion: str(params.compilerversion)!,
        sourceCode: str(params.sourceCode)!,
        optimization: isTrue(optimization),
        optimizationRuns: Number.parseInt(str(params.runs) ?? "200", 10) || 200,
        ...optional("evmVersion", str(params.evmversion)),
        ...optional("constructorArguments", str(params.constructorArguments)),
        libraries,
      });
    }
    return error(texts.missingCodeFormat);
  }

  // The checks `verify` and `verify_vyper_contract` run before publishing, in Blockscout's order.
  async #synchronousChecks(
    params: RpcParams,
    required: string[],
  ): Promise<{ address: string } | { reply: Reply }> {
    const address = str(params.addressHash);
    if (address === undefined) return { reply: somethingWentWrong() };
    for (const key of required) {
      if (params[key] === undefined || params[key] === null || params[key] === "")
        return { reply: error(requiredText(key)) };
    }
    if (!addressPattern.test(address)) return { reply: error(texts.invalidAddressHash) };
    if (!(await this.#backend.isContract(address))) {
      return { reply: error(texts.notASmartContract, { repeatInResult: true }) };
    }
    if (await this.#backend.verifiedContract(address)) return { reply: error(texts.alreadyVerified) };
    const refused = this.#nonHexArguments(params);
    if (refused) return { reply: refused };
    return { address };
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

  async #enqueue(submission: Submission): Promise<Reply> {
    const guid = await this.#freshGuid(submission.address);
    this.#backend.enqueue(guid, submission);
    return ok(guid);
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
    this.#backend.enqueueProxyCheck(guid, lower(address));
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
