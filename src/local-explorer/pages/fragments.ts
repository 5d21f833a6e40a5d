import type { ContractState } from "./contractFacts.js";
import { html, pagePath, type SafeHtml } from "./html.js";

const stateLabels: Record<ContractState["kind"], string> = {
  verified: "Verified",
  failed: "Verification failed",
  pending: "Verification pending",
  unverified: "Not verified",
  empty: "No code",
};

/** @param state - a contract's state @returns its badge, e.g. "Verified · perfect match" */
export function stateBadge(state: ContractState): SafeHtml {
  if (state.kind === "verified") {
    const kind = state.match === "partial" ? "partial" : "verified";
    return html`<span class="state state-${kind}">Verified · ${state.match} match</span>`;
  }
  return html`<span class="state state-${state.kind}">${stateLabels[state.kind]}</span>`;
}

/** @param address - an address @param text - the link text, the address by default @returns a link to its page */
export function addressLink(address: string, text: string = address): SafeHtml {
  const path = pagePath("address", address);
  return path ? html`<a class="hash" href="${path}">${text}</a>` : html`<span class="hash">${text}</span>`;
}

/** @param hash - a transaction hash @returns a link to its page */
export function transactionLink(hash: string): SafeHtml {
  const path = pagePath("tx", hash);
  return path ? html`<a class="hash" href="${path}">${hash}</a>` : html`<span class="hash">${hash}</span>`;
}
