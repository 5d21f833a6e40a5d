import { keccak256 } from "viem";
import type { JsonRpcChain } from "../chain/jsonRpcChain.js";
import { resolveProxy } from "../chain/proxyKinds.js";
import type { CompilerResolver } from "../recompile/compilerResolver.js";
import type {
  ContractRecord,
  CreationRecord,
  ExplorerBackend,
  GuidState,
  ProxyCheckState,
  ProxyFacts,
  Submission,
  VerificationDecision,
} from "./backend.js";
import type { CreationIndex } from "./creationIndex.js";
import { judgeSubmission, type SubmissionVerdict } from "./judgeSubmission.js";
import type { StateStore } from "./stateStore.js";

export interface ChainBackendOptions {
  chain: JsonRpcChain;
  store: StateStore;
  index: CreationIndex;
  resolveCompiler: CompilerResolver;
  /** Fails a submission before compiling it, with the explorer's text, where the explorer cannot build it. */
  refuse?: ((submission: Submission) => string | undefined) | undefined;
  /** Told of every verdict (for logs, and for explaining failures the explorer texts keep vague). */
  onVerdict?: (address: string, verdict: SubmissionVerdict) => void;
}

/** The local explorer's facts: a JSON-RPC chain, a real compiler, and a state file. */
export class ChainBackend implements ExplorerBackend {
  readonly #options: ChainBackendOptions;
  // The queued verifications and proxy checks not yet decided: closing waits for them, so that a guid answered before
  // the explorer stops (a run with --no-wait) is decided in the saved state, never cut off.
  readonly #queued = new Set<Promise<void>>();

  constructor(options: ChainBackendOptions) {
    this.#options = options;
  }

  async isContract(address: string): Promise<boolean> {
    return (await this.#options.chain.getCode(address)) !== "0x";
  }

  async verifiedContract(address: string): Promise<ContractRecord | undefined> {
    const entry = this.#options.store.state.contracts[address.toLowerCase()];
    if (!entry) return undefined;
    // A chain restarted with other code at the same address does not inherit the old verification.
    return (await this.#codeHash(address)) === entry.codeHash ? entry.record : undefined;
  }

  async twinOf(address: string): Promise<ContractRecord | undefined> {
    const hash = await this.#codeHash(address);
    if (!hash) return undefined;
    const twin = Object.entries(this.#options.store.state.contracts).find(
      ([other, entry]) => other !== address.toLowerCase() && entry.codeHash === hash,
    );
    return twin?.[1].record;
  }

  async listContracts(): ReturnType<ExplorerBackend["listContracts"]> {
    const addresses = new Set([
      ...(await this.#options.index.all()).map((c) => c.contractAddress),
      ...Object.keys(this.#options.store.state.contracts),
    ]);
    const listed = [];
    for (const address of addresses) {
      const code = await this.#options.chain.getCode(address);
      listed.push({ address, verified: await this.verifiedContract(address), empty: code === "0x" });
    }
    return listed;
  }

  async creations(addresses: string[]): Promise<CreationRecord[]> {
    const found = [];
    for (const address of addresses) found.push(await this.#options.index.creationOf(address));
    return found.filter((creation) => creation !== undefined).map(({ input: _input, ...record }) => record);
  }

  enqueue(guid: string, submission: Submission): void {
    const { store } = this.#options;
    store.setGuid(guid, submission.address, "pending");
    // Answer the submission first, as Blockscout's queue does; the compile runs on a later turn.
    this.#later(() =>
      this.verifyNow(submission)
        .then(
          (decision) => store.setGuid(guid, submission.address, decision.ok ? "pass" : "fail"),
          () => store.setGuid(guid, submission.address, "fail"),
        )
        // No request waits for this save: a failure is reported, never a crash.
        .catch(() => store.saveInBackground()),
    );
  }

  /** Waits until every queued verification and proxy check is decided. */
  async settled(): Promise<void> {
    while (this.#queued.size > 0) await Promise.allSettled([...this.#queued]);
  }

  #later(work: () => Promise<void>): void {
    const queued: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(work)
      .finally(() => this.#queued.delete(queued));
    this.#queued.add(queued);
  }

  async guidState(guid: string): Promise<GuidState> {
    return this.#options.store.state.guids[guid]?.state ?? "unknown";
  }

  async proxyOf(address: string): Promise<ProxyFacts | undefined> {
    const found = await resolveProxy(this.#options.chain, address);
    // Only the kinds Blockscout itself reads (not OpenZeppelin's clones with immutable arguments).
    return found?.blockscoutType === undefined
      ? undefined
      : { proxyType: found.blockscoutType, implementations: found.implementations };
  }

  enqueueProxyCheck(guid: string, proxyAddress: string): void {
    const { store } = this.#options;
    store.state.proxyGuids[guid] = { state: "pending", proxy: proxyAddress, implementations: [] };
    store.save();
    this.#later(async () => {
      const check = store.state.proxyGuids[guid];
      if (!check) return;
      const found = await this.proxyOf(proxyAddress).catch(() => undefined);
      if (!found?.implementations.length) check.state = "fail";
      else {
        check.state = "pass";
        check.implementations = found.implementations;
        const entry = store.state.contracts[proxyAddress.toLowerCase()];
        if (entry) entry.record.implementationAddresses = found.implementations;
      }
      store.saveInBackground();
    });
  }

  async proxyCheckState(guid: string): Promise<ProxyCheckState> {
    const check = this.#options.store.state.proxyGuids[guid];
    return { state: check?.state ?? "unknown", implementations: check?.implementations ?? [] };
  }

  async verifyNow(submission: Submission): Promise<VerificationDecision> {
    const { chain, index, store, resolveCompiler, onVerdict } = this.#options;
    const refused = this.#options.refuse?.(submission);
    if (refused) return { ok: false, reason: refused };
    const runtimeCode = await chain.getCode(submission.address);
    const creation = await index.creationOf(submission.address);
    const verdict = await judgeSubmission(
      submission,
      { runtimeCode, creationInput: creation?.input },
      resolveCompiler,
    );
    onVerdict?.(submission.address, verdict);
    if (!verdict.ok) return { ok: false, reason: verdict.reason, detail: verdict.explanation };
    store.state.contracts[submission.address.toLowerCase()] = {
      codeHash: keccak256(runtimeCode as `0x${string}`),
      record: verdict.contract,
    };
    store.save();
    return { ok: true, contract: verdict.contract };
  }

  async #codeHash(address: string): Promise<string | undefined> {
    const code = await this.#options.chain.getCode(address);
    return code === "0x" ? undefined : keccak256(code as `0x${string}`);
  }
}
