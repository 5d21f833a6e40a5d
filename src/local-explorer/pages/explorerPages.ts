import type { ServerResponse } from "node:http";
import { safeDecode } from "../../kernel/urlCredentials.js";
import { isAddress, isTransactionHash } from "../../kernel/validate.js";
import { addressPage } from "./addressPage.js";
import { type KnownContract, knownContracts, type PageSources } from "./contractFacts.js";
import { contractLink, pageLink, stateBadge } from "./fragments.js";
import { html } from "./html.js";
import { pageDocument } from "./layout.js";

/** A page to send. */
export interface PageReply {
  status: number;
  html: string;
}

/** A page request: the path, the query and the Host header it came with. */
export interface PageRequest {
  path: string;
  query: Record<string, string>;
  host: string | undefined;
}

/** Answers a page request, or undefined when the path is not a page's (the API then answers it). */
export type PageHandler = (request: PageRequest) => Promise<PageReply | undefined>;

const addressPath = /^\/address\/([^/]*)\/?$/;
const transactionPath = /^\/tx\/([^/]*)\/?$/;

/**
 * The explorer's human pages: `/`, `/address/{address}` (also `/address?address=`, the lookup form) and
 * `/tx/{hash}`.
 * @param sources - the explorer's facts
 * @returns the handler the HTTP server asks first for GET requests
 */
export function createExplorerPages(sources: PageSources): PageHandler {
  return async ({ path, query, host }) => {
    if (path === "/" || path === "/index.html") return { status: 200, html: await homePage(sources) };
    const address = path === "/address" ? query.address?.trim() : addressPath.exec(path)?.[1];
    if (address !== undefined) {
      const decoded = safeDecode(address);
      if (!isAddress(decoded)) return notFound(sources, decoded, "an address", 40);
      const explorerUrl = `http://${host && /^[\w.:[\]-]+$/.test(host) ? host : "127.0.0.1"}`;
      return { status: 200, html: await addressPage(sources, decoded.toLowerCase(), explorerUrl) };
    }
    const hash = transactionPath.exec(path)?.[1];
    if (hash !== undefined) {
      const decoded = safeDecode(hash);
      if (!isTransactionHash(decoded)) return notFound(sources, decoded, "a transaction hash", 64);
      return transactionPage(sources, decoded.toLowerCase());
    }
    return undefined;
  };
}

// The 404 for a path whose id is not `digits` hexadecimal characters after 0x.
function notFound(sources: PageSources, id: string, what: string, digits: number): PageReply {
  const message = `"${id}" is not ${what}: expected 0x followed by ${digits} hexadecimal characters.`;
  const body = html`<p>${message}</p><p><a href="/">All contracts</a></p>`;
  return { status: 404, html: pageDocument(`Not ${what}`, sources.chain, body) };
}

/**
 * `/`: every contract the explorer knows on its chain, newest first, with its state and creation.
 * @param sources - the explorer's facts
 * @returns the document
 */
async function homePage(sources: PageSources): Promise<string> {
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

/**
 * `/tx/{hash}`: the contracts a transaction created, directly or through a factory, as far as the explorer
 * indexed them.
 * @param sources - the explorer's facts
 * @param hash - a lower-case transaction hash
 * @returns the status (404 when the explorer knows no creation in it) and the document
 */
async function transactionPage(sources: PageSources, hash: string): Promise<PageReply> {
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

/**
 * Writes a page, with headers that keep anything injected from running: no script, no outside resource.
 * @param res - the response
 * @param page - status and document
 * @param method - HEAD sends the headers only
 */
export function writePage(res: ServerResponse, page: PageReply, method: string): void {
  res.writeHead(page.status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(page.html),
    "content-security-policy":
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  });
  res.end(method === "HEAD" ? undefined : page.html);
}
