import { type Clock, systemClock } from "../../src/kernel/waits.js";
import type {
  ContractRecord,
  CreationRecord,
  ExplorerBackend,
  GuidState,
  ProxyCheckState,
  Submission,
  VerificationDecision,
} from "../../src/local-explorer/backend.js";

/** How the scripted verifier treats the next submission for an address. */
export interface ScriptedOutcome {
  result: "pass" | "fail";
  /** `checkverifystatus` polls answered `Pending in queue` before the result. */
  pendingPolls?: number;
  /** Polls answered `Unknown UID` first (the race right after submission). */
  unknownUidPolls?: number;
  /** Time (on the backend's clock) the verification stays pending, instead of counting polls. */
  pendingMs?: number;
  /** A synchronous verification that succeeds at once but answers only after this long (a slow response). */
  answerDelayMs?: number;
  /** The inner reason of a failed synchronous verification. */
  failReason?: string;
}

export interface ScriptedContract {
  /** Verified already, with these details. */
  verified?: Partial<ContractRecord>;
  /** A verified contract with the same bytecode (Blockscout answers `getabi` with its data). */
  twinOf?: string;
  creation?: Partial<CreationRecord>;
  /** The ABI the contract gets when it is verified. */
  abi?: unknown[];
  /** The implementation a proxy check finds; none means the check fails. */
  implementation?: string;
  /** Answer `Address is not a smart-contract` this many times first (not indexed yet). */
  notIndexedTimes?: number;
}

interface GuidRecord {
  submission: Submission;
  outcome: ScriptedOutcome;
  polls: number;
  createdAt: number;
  state: GuidState;
}

const defaultOutcome: ScriptedOutcome = { result: "pass" };

/** A backend whose facts and verdicts each test sets: no chain, no compiler. */
export class ScriptedBackend implements ExplorerBackend {
  readonly contracts = new Map<string, ScriptedContract>();
  readonly #records = new Map<string, ContractRecord>();
  readonly #outcomes = new Map<string, ScriptedOutcome[]>();
  readonly #guids = new Map<string, GuidRecord>();
  readonly #proxyChecks = new Map<string, { proxy: string; polls: number }>();
  /** Every submission the verifier saw, in order. */
  readonly submissions: Submission[] = [];
  /** Submissions for an address that was verified already (a client that resubmitted after a pass). */
  submissionsAfterPass = 0;
  /** Where `pendingMs` is measured: the machine's clock, or the engine's own clock of a unit test. */
  clock: Clock = systemClock;
  /** Used for addresses without a scripted outcome. */
  defaultOutcome: ScriptedOutcome = defaultOutcome;
  /** Polls a proxy check stays `Verification in progress`. */
  proxyPendingPolls = 0;

  /** Forgets every contract, verdict, guid and submission, for the next test. */
  reset(): void {
    this.contracts.clear();
    this.#records.clear();
    this.#outcomes.clear();
    this.#guids.clear();
    this.#proxyChecks.clear();
    this.submissions.length = 0;
    this.submissionsAfterPass = 0;
    this.defaultOutcome = defaultOutcome;
    this.proxyPendingPolls = 0;
  }

  /**
   * Declares a contract at an address.
   * @param address - where
   * @param contract - its facts
   * @returns this, for chaining
   */
  addContract(address: string, contract: ScriptedContract = {}): this {
    const key = address.toLowerCase();
    this.contracts.set(key, contract);
    if (contract.verified) this.#records.set(key, this.#record(key, contract.verified));
    return this;
  }

  /**
   * Scripts the next submissions for an address, one outcome each.
   * @param address - where
   * @param outcomes - in order; the default outcome follows
   * @returns this, for chaining
   */
  script(address: string, ...outcomes: ScriptedOutcome[]): this {
    this.#outcomes.set(address.toLowerCase(), outcomes);
    return this;
  }

  /**
   * The body of `GET /api/v2/smart-contracts/{address}` for what this backend holds, undefined for no contract.
   * @param address - lower case
   * @returns Blockscout's fields, or undefined (404)
   */
  smartContractBody(address: string): Record<string, unknown> | undefined {
    if (!this.contracts.has(address)) return undefined;
    this.#settleElapsed(address);
    const record = this.#records.get(address);
    return {
      is_verified: record !== undefined,
      is_fully_verified: record !== undefined && record.match !== "partial",
      is_partially_verified: record?.match === "partial",
      name: record?.contractName ?? null,
      compiler_version: record?.compilerVersion ?? null,
      constructor_args: record?.constructorArguments || null,
    };
  }

  async isContract(address: string): Promise<boolean> {
    const contract = this.contracts.get(address.toLowerCase());
    if (!contract) return false;
    if (contract.notIndexedTimes && contract.notIndexedTimes > 0) {
      contract.notIndexedTimes--;
      return false;
    }
    return true;
  }

  async verifiedContract(address: string): Promise<ContractRecord | undefined> {
    this.#settleElapsed(address.toLowerCase());
    return this.#records.get(address.toLowerCase());
  }

  async twinOf(address: string): Promise<ContractRecord | undefined> {
    const twin = this.contracts.get(address.toLowerCase())?.twinOf;
    return twin ? this.#records.get(twin.toLowerCase()) : undefined;
  }

  async listContracts(): Promise<
    Array<{ address: string; verified: ContractRecord | undefined; empty: boolean }>
  > {
    return [...this.contracts.keys()].map((address) => ({
      address,
      verified: this.#records.get(address),
      empty: false,
    }));
  }

  async creations(addresses: string[]): Promise<CreationRecord[]> {
    return addresses.flatMap((address) => {
      const creation = this.contracts.get(address)?.creation;
      if (!creation) return [];
      return [
        {
          contractAddress: address,
          contractCreator: "0x00000000000000000000000000000000000000f6",
          txHash: `0x${"11".repeat(32)}`,
          blockNumber: 1,
          timestamp: 1_720_000_000,
          contractFactory: "",
          creationBytecode: "0x6080",
          ...creation,
        },
      ];
    });
  }

  async verifyNow(submission: Submission): Promise<VerificationDecision> {
    this.#count(submission);
    const outcome = this.#nextOutcome(submission.address);
    if (outcome.pendingMs) await this.clock.sleep(outcome.pendingMs);
    if (outcome.result === "fail")
      return { ok: false, reason: outcome.failReason ?? "Bytecode does not match, please try again." };
    const contract = this.#markVerified(submission);
    if (outcome.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, outcome.answerDelayMs));
    return { ok: true, contract };
  }

  enqueue(guid: string, submission: Submission): void {
    this.#count(submission);
    this.#guids.set(guid, {
      submission,
      outcome: this.#nextOutcome(submission.address),
      polls: 0,
      createdAt: this.clock.now(),
      state: "pending",
    });
  }

  async guidState(guid: string): Promise<GuidState> {
    const record = this.#guids.get(guid);
    if (!record) return "unknown";
    if (record.state !== "pending") return record.state;
    record.polls++;
    const { unknownUidPolls = 0, pendingPolls = 0, pendingMs = 0 } = record.outcome;
    if (record.polls <= unknownUidPolls) return "unknown";
    if (record.polls <= unknownUidPolls + pendingPolls) return "pending";
    if (this.clock.now() - record.createdAt < pendingMs) return "pending";
    if (record.outcome.result === "pass") {
      this.#markVerified(record.submission);
      record.state = "pass";
    } else {
      record.state = "fail";
    }
    return record.state;
  }

  // A scripted explorer knows a proxy only through its checks (the stored implementations).
  async proxyOf(): Promise<undefined> {
    return undefined;
  }

  enqueueProxyCheck(guid: string, proxyAddress: string): void {
    this.#proxyChecks.set(guid, { proxy: proxyAddress, polls: 0 });
  }

  async proxyCheckState(guid: string): Promise<ProxyCheckState> {
    const check = this.#proxyChecks.get(guid);
    if (!check) return { state: "unknown", implementations: [] };
    check.polls++;
    if (check.polls <= this.proxyPendingPolls) return { state: "pending", implementations: [] };
    const implementation = this.contracts.get(check.proxy)?.implementation;
    if (!implementation) return { state: "fail", implementations: [] };
    const record = this.#records.get(check.proxy);
    if (record) record.implementationAddresses = [implementation.toLowerCase()];
    return { state: "pass", implementations: [implementation.toLowerCase()] };
  }

  // A verification scripted to stay pending for a wall time ends then whether or not its guid is polled, as in an
  // explorer's queue: a client killed right after submitting finds the contract verified later all the same.
  #settleElapsed(address: string): void {
    for (const record of this.#guids.values()) {
      const { pendingMs = 0, pendingPolls = 0, unknownUidPolls = 0 } = record.outcome;
      if (record.state !== "pending" || pendingMs === 0 || pendingPolls + unknownUidPolls > 0) continue;
      if (record.submission.address.toLowerCase() !== address) continue;
      if (this.clock.now() - record.createdAt < pendingMs) continue;
      if (record.outcome.result === "pass") this.#markVerified(record.submission);
      record.state = record.outcome.result;
    }
  }

  #count(submission: Submission): void {
    this.submissions.push(submission);
    if (this.#records.has(submission.address.toLowerCase())) this.submissionsAfterPass++;
  }

  #nextOutcome(address: string): ScriptedOutcome {
    return this.#outcomes.get(address.toLowerCase())?.shift() ?? this.defaultOutcome;
  }

  #markVerified(submission: Submission): ContractRecord {
    const key = submission.address.toLowerCase();
    const name = submission.contractName.includes(":")
      ? submission.contractName.slice(submission.contractName.lastIndexOf(":") + 1)
      : submission.contractName;
    const record = this.#record(key, {
      contractName: name,
      compilerVersion: submission.compilerVersion,
      sourceCode: submission.sourceCode ?? mainSource(submission) ?? "",
      optimizationUsed: submission.optimization ?? false,
      ...(submission.optimizationRuns === undefined ? {} : { optimizationRuns: submission.optimizationRuns }),
      ...(submission.constructorArguments ? { constructorArguments: submission.constructorArguments } : {}),
    });
    this.#records.set(key, record);
    return record;
  }

  #record(address: string, fields: Partial<ContractRecord>): ContractRecord {
    return {
      address,
      contractName: "Contract",
      compilerVersion: "v0.8.28+commit.7893614a",
      sourceCode: "contract Contract {}",
      fileName: "",
      abi: this.contracts.get(address)?.abi ?? [],
      optimizationUsed: false,
      evmVersion: null,
      verifiedAt: Math.floor(Date.now() / 1_000),
      ...fields,
    };
  }
}

function mainSource(submission: Submission): string | undefined {
  if (submission.standardJsonInput) {
    try {
      const input = JSON.parse(submission.standardJsonInput) as {
        sources?: Record<string, { content?: string }>;
      };
      const first = Object.values(input.sources ?? {})[0];
      return first?.content;
    } catch {
      return undefined;
    }
  }
  return submission.files?.find((f) => f.name.endsWith(".sol"))?.content;
}
