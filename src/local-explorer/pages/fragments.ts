import type { ContractState, KnownContract } from "./contractFacts.js";
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

/** A link to the page of an address or a transaction, `id` its text unless given; plain text when `id` is not hex. */
export function pageLink(kind: "address" | "tx", id: string, text: string = id): SafeHtml {
  const path = pagePath(kind, id);
  return path ? html`<a class="hash" href="${path}">${text}</a>` : html`<span class="hash">${text}</span>`;
}

/** A contract's link, `<name> at <address>` once verified. */
export function contractLink({ address, state }: KnownContract): SafeHtml {
  const name = state.kind === "verified" ? state.record.contractName : "";
  return pageLink("address", address, name ? `${name} at ${address}` : address);
}
