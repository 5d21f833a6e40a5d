import { type KnownContract, knownContracts, type PageSources } from "./contractFacts.js";
import { contractLink, pageLink, stateBadge } from "./fragments.js";
import { html } from "./html.js";
import { pageDocument } from "./layout.js";

/**
 * `/`: every contract the explorer knows on its chain, newest first, with its state and creation.
 * @param sources - the explorer's facts
 * @returns the document
 */
export async function homePage(sources: PageSources): Promise<string> {
  const contracts = await knownContracts(sources);
  const body = html`
<p>This explorer follows chain ${sources.chain.chainId} through ${sources.chain.rpcUrl}: it lists the contracts created in the blocks it has read and those verified here.</p>
<form action="/address" method="get" role="search">
<label for="lookup">Go to address</label>
<input id="lookup" name="address" placeholder="0x…" pattern="0x[0-9a-fA-F]{40}" required autocomplete="off" spellcheck="false">
<button type="submit">Open</button>
</form>
<h2>Contracts</h2>
${contracts.length === 0 ? html`<p>No contract known yet: deploy one, or verify one, and reload.</p>` : contractTable(contracts)}`;
  return pageDocument(`Contracts on chain ${sources.chain.chainId}`, sources.chain, body);
}

function contractTable(contracts: KnownContract[]) {
  const rows = contracts.map((contract) => {
    const { state, creation } = contract;
    const detail =
      state.kind === "failed" && state.failure
        ? html` <span class="muted reason">${state.failure.reason}</span>`
        : html``;
    return html`<tr>
<td>${contractLink(contract)}</td>
<td>${stateBadge(state)}${detail}</td>
<td>${creation ? creation.blockNumber : html`<span class="muted">not indexed</span>`}</td>
<td>${creation ? pageLink("tx", creation.txHash) : ""}</td>
</tr>`;
  });
  return html`<table>
<caption>${contracts.length} contract${contracts.length === 1 ? "" : "s"}, newest first</caption>
<thead><tr><th scope="col">Contract</th><th scope="col">State</th><th scope="col">Block</th><th scope="col">Creation transaction</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}
