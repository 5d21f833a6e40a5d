import { answerJson, type Scenario } from "./hostileExplorer.js";

/** How the internal-transaction pages of {@link endlessInternalTransactions} go on. */
export interface EndlessPages {
  /** The factory every page's item says created a contract. */
  factory: string;
  /** `endless`: each page points to a new one; `repeat`: the second page points back to itself. */
  cursor: "endless" | "repeat";
  /** Held this long before each page is answered. */
  delayMs?: number;
  /** Given by `getcontractcreation` as the creation transaction of every address asked for; none by default. */
  creationTransaction?: string;
}

/**
 * The address the factory created on page `page` (0 for the first).
 * @param page - the page
 * @returns the address, lower case
 */
export function createdOnPage(page: number): string {
  return `0x${(0xc0de0000 + page).toString(16).padStart(40, "0")}`;
}

/**
 * An explorer whose internal transactions of any transaction, and of the factory, never reach a last page: each page
 * lists one contract the factory created and a `next_page_params` that never is null. `getcontractcreation` names the creation
 * transaction given, without creation code (else it answers "No data found"); other requests pass on.
 * @param pages - the factory, how the cursor goes on, a delay
 * @returns the scenario
 */
export function endlessInternalTransactions(pages: EndlessPages): Scenario {
  return (request) => {
    const url = new URL(request.url, "http://x");
    if (request.action === "getcontractcreation") {
      const asked = (url.searchParams.get("contractaddresses") ?? "").split(",").filter(Boolean);
      if (!pages.creationTransaction || asked.length === 0) {
        return answerJson(200, { status: "0", message: "No data found", result: null });
      }
      const txHash = pages.creationTransaction;
      const result = asked.map((address) => ({
        contractAddress: address,
        contractCreator: pages.factory,
        txHash,
      }));
      return answerJson(200, { status: "1", message: "OK", result });
    }
    // The factory's own history (`/addresses/{factory}/internal-transactions`): one transaction per page.
    const ofFactory = url.pathname === `/api/v2/addresses/${pages.factory}/internal-transactions`;
    if (url.pathname !== "/api/v2/internal-transactions" && !ofFactory) return undefined;
    const page = Number(url.searchParams.get("index") ?? "0");
    const transaction = ofFactory
      ? `0x${(page + 1).toString(16).padStart(64, "0")}`
      : (url.searchParams.get("transaction_hash") ?? "");
    const item = (index: number, type: string, from: string, to: string | null, created: string | null) => ({
      block_number: 1,
      transaction_hash: transaction,
      index,
      type,
      success: true,
      from: { hash: from },
      to: to === null ? null : { hash: to },
      created_contract: created === null ? null : { hash: created },
    });
    const items = [
      ...(page === 0
        ? [item(0, "call", "0x00000000000000000000000000000000000000aa", pages.factory, null)]
        : []),
      item(page + 1, "create2", pages.factory, null, createdOnPage(page)),
    ];
    const next = { block_number: 1, index: pages.cursor === "endless" ? page + 1 : 1 };
    const move = answerJson(200, { items, next_page_params: next });
    const delayMs = pages.delayMs;
    if (!delayMs || !("answer" in move)) return move;
    return { answer: (received, response) => setTimeout(() => move.answer(received, response), delayMs) };
  };
}
