import type { Service, SubmissionBudget } from "../verify/verifier.js";
import { SourcifyAllChainsLookups } from "./sourcifyAllChainsLookups.js";

/**
 * What the verifiers of one run share across the chains they cover: a service's stated budget per key (Etherscan's
 * credits belong to the key, whatever the chain), and what a service says about an address on every chain at once
 * (Sourcify's `all-chains` lookup). The hall makes one per run and gives it to `verifierFor`; a verifier made without
 * one shares nothing.
 */
export class SharedAcrossChains {
  readonly #budgets = new Map<string, SubmissionBudget>();
  readonly #lookups = new Map<string, SourcifyAllChainsLookups>();
  readonly #budgetShares: Partial<Record<Service, number>>;

  /**
   * @param budgetShares - in one shard of a plan: per service, how many shards share its key's stated budget (this
   *   run spends at most that fraction of what is left)
   */
  constructor(budgetShares: Partial<Record<Service, number>> = {}) {
    this.#budgetShares = budgetShares;
  }

  /** @returns how many runs share it at once: this run spends that fraction of it (1: the whole) */
  budgetShare(service: Service): number {
    return this.#budgetShares[service] ?? 1;
  }

  /** @param owner - whose budget: the service's API and the key (kept in memory only, never shown) */
  budget(owner: string, make: () => SubmissionBudget): SubmissionBudget {
    const budget = this.#budgets.get(owner) ?? make();
    this.#budgets.set(owner, budget);
    return budget;
  }

  /** @param service - the service's API root */
  lookups(service: string): SourcifyAllChainsLookups {
    const lookups = this.#lookups.get(service) ?? new SourcifyAllChainsLookups();
    this.#lookups.set(service, lookups);
    return lookups;
  }
}
