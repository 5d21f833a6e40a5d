import { isoSeconds } from "../report/isoSeconds.js";
import type { BudgetReading, Service, SubmissionBudget, Verifier } from "../verify/verifier.js";

/** What a run spent of a service's stated budget and what is left: the `budgets` of the JSON document, per service. */
export type ServiceBudget =
  | {
      /** Submissions, planned against what the service stated (Etherscan's `getapilimit`). */
      unit: "submissions";
      /** Sent by this run. */
      used: number;
      left: number;
      /** What the service said was left when the run asked. */
      stated: number;
      /** When it resets (ISO 8601), from what the service stated. */
      resetsAt?: string;
      /** The service's statement. */
      statedAs: string;
    }
  | {
      /** Credits, as the service's answers state them (the Blockscout API's `x-credits-remaining`). */
      unit: "credits";
      left: number;
      statedAs: string;
    }
  /** The service refused the question: the run went on without a plan. */
  | { unit: "unstated"; reason: string };

/** Per service, what its stated budget was and what the run left of it: only services that stated one, or refused. */
export type RunBudgets = Partial<Record<Service, ServiceBudget>>;

/**
 * What the run's verifiers say of their services' budgets: a stated budget of submissions once per key (shared by
 * every chain's verifier), the Blockscout API's credits as its last answer stated them.
 *
 * @param verifiers - the run's verifiers
 * @returns the budgets, per service
 */
export function runBudgets(verifiers: readonly Verifier[]): RunBudgets {
  const budgets: RunBudgets = {};
  const seen = new Set<SubmissionBudget>();
  for (const verifier of verifiers) {
    const budget = verifier.capabilities.submissionBudget;
    if (budget && !seen.has(budget)) {
      seen.add(budget);
      const reading = budget.reading();
      if (reading) budgets[verifier.service] = serviceBudget(reading);
    }
    const credits = verifier.quota().creditsRemaining;
    const known = budgets[verifier.service];
    if (credits !== undefined && (!known || (known.unit === "credits" && credits < known.left)))
      budgets[verifier.service] = { unit: "credits", left: credits, statedAs: "x-credits-remaining" };
  }
  return budgets;
}

function serviceBudget(reading: BudgetReading): ServiceBudget {
  if (reading.state === "unstated") return { unit: "unstated", reason: reading.reason };
  const resetsAt = reading.resetsAt === undefined ? undefined : isoSeconds(reading.resetsAt);
  return {
    unit: "submissions",
    used: reading.used,
    left: reading.left,
    stated: reading.stated,
    ...(resetsAt === undefined ? {} : { resetsAt }),
    statedAs: reading.statedAs,
  };
}

/**
 * The run's budgets and their closing lines, told to `say`. The run is over when they are read: a fault in reading or
 * wording them is said in their place, and the records are still reported (without `budgets`).
 *
 * @param verifiers - the run's verifiers
 * @param say - takes each closing line
 * @returns the budgets, per service; none when they could not be read
 */
export function closingBudgets(verifiers: readonly Verifier[], say: (line: string) => void): RunBudgets {
  let budgets: RunBudgets;
  let lines: string[];
  try {
    budgets = runBudgets(verifiers);
    lines = budgetLines(budgets);
  } catch (error) {
    say(`budget      not reported: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
  for (const line of lines) say(line);
  return budgets;
}

/**
 * A closing line per service whose budget is known: what the run used and what is left.
 *
 * @param budgets - the run's budgets
 * @returns the lines
 */
export function budgetLines(budgets: RunBudgets): string[] {
  return Object.entries(budgets).map(([service, budget]) => `budget      ${service}: ${budgetText(budget)}`);
}

/**
 * One service's budget in a sentence, for the closing line and the Action's summary.
 *
 * @param budget - what the service stated and the run spent
 * @returns the sentence
 */
export function budgetText(budget: ServiceBudget): string {
  const count = (n: number) => n.toLocaleString("en-US");
  switch (budget.unit) {
    case "submissions":
      return `this run sent ${count(budget.used)} submission${budget.used === 1 ? "" : "s"}; ${count(budget.left)} of the ${count(budget.stated)} stated ${budget.left === 1 ? "is" : "are"} left (${budget.statedAs})${budget.resetsAt ? `, until the reset at ${budget.resetsAt}` : ""}`;
    case "credits":
      return `${count(budget.left)} credits left (${budget.statedAs} on the last answer)`;
    case "unstated":
      return `no budget stated (${budget.reason}); the run was not planned against one`;
  }
}
