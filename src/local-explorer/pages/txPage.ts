import { type KnownContract, knownContracts, type PageSources } from "./contractFacts.js";
import { contractLink, pageLink, stateBadge } from "./fragments.js";
import { html } from "./html.js";
import { pageDocument } from "./layout.js";

/**
 * `/tx/{hash}`: the contracts a transaction created, directly or through a factory, as far as the explorer
 * indexed them.
 * @param sources - the explorer's facts
 * @param hash - a lower-case transaction hash
 * @returns the status (404 when the explorer knows no creation in it) and the document
 */
export async function transactionPage(
  sources: PageSources,
  hash: string,
): Promise<{ status: number; html: string }> {
  const created = (await knownContracts(sources))
    .filter((contract) => contract.creation?.txHash.toLowerCase() === hash)
    .reverse();
  const first = created[0]?.creation;
  const body = first
    ? html`<dl>
<dt>Hash</dt><dd class="hash">${hash}</dd>
<dt>Block</dt><dd>${first.blockNumber}</dd>
<dt>From</dt><dd>${pageLink("address", first.contractCreator)}</dd>
</dl>
<h2>Contracts created</h2>
<table>
<thead><tr><th scope="col">Contract</th><th scope="col">State</th><th scope="col">Created by</th></tr></thead>
<tbody>${created.map(createdRow)}</tbody>
</table>`
    : html`<p>This explorer knows no contract created by this transaction. It indexes contract creations only, in the blocks it has read.</p>`;
  return { status: first ? 200 : 404, html: pageDocument(`Transaction ${hash}`, sources.chain, body) };
}

function createdRow(contract: KnownContract) {
  const factory = contract.creation?.contractFactory;
  return html`<tr>
<td>${contractLink(contract)}</td>
<td>${stateBadge(contract.state)}</td>
<td>${factory ? html`factory ${pageLink("address", factory)}` : "the transaction itself"}</td>
</tr>`;
}
