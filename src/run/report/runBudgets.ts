import { isoSeconds } from "../../kernel/isoSeconds.js";
import { budgetText, type ServiceBudget } from "../../report/budgetText.js";
import type { BudgetReading, Service, SubmissionBudget, Verifier } from "../../verify/verifier.js";

/** Per service, what its stated budget was and what the run left of it: only services that stated one, or refused. */
export type RunBudgets = Partial<Record<Service, ServiceBudget>>;

/**
 * What the run's verifiers say of their services' budgets: a stated budget of submissions once per key (shared by
 * every chain's verifier), the Blockscout API's credits as its last answer stated them.
 */
function runBudgets(verifiers: readonly Verifier[]): RunBudgets {
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
  return {
    unit: "submissions",
    used: reading.used,
    left: reading.left,
    stated: reading.stated,
    ...(reading.resetsAt === undefined ? {} : { resetsAt: isoSeconds(reading.resetsAt) }),
    statedAs: reading.statedAs,
  };
}

/**
 * The run's budgets and their closing lines, told to `say`. The run is over when they are read: a fault in reading or
 * wording them is said in their place, and the records are still reported (without `budgets`).
 *
 * @returns the budgets, per service; none when they could not be read
 */
export function closingBudgets(verifiers: readonly Verifier[], say: (line: string) => void): RunBudgets {
  let budgets: RunBudgets;
  let lines: string[];
  try {
    budgets = runBudgets(verifiers);
    lines = Object.entries(budgets).map(
      ([service, budget]) => `budget      ${service}: ${budgetText(budget)}`,
    );
  } catch (error) {
    say(`budget      not reported: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
  for (const line of lines) say(line);
  return budgets;
}
