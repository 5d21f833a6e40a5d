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
      return `no budget stated (${budget.reason.replace(/\.$/, "")}); the run was not planned against one`;
  }
}
