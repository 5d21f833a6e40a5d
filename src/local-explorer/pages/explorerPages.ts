import type { ServerResponse } from "node:http";
import { cloneImplementation } from "../../discovery/minimalClone.js";
import { safeDecode } from "../../kernel/urlCredentials.js";
import { isAddress, isTransactionHash } from "../../kernel/validate.js";
import type { ContractRecord } from "../backend.js";
import { decodedConstructorArguments } from "../rest/smartContractAnswer.js";
import {
  type ContractState,
  contractAt,
  type KnownContract,
  knownContracts,
  type PageSources,
  proxyLinks,
} from "./contractFacts.js";
import { html, pagePath, type SafeHtml } from "./html.js";
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
 * `/address/{address}`: the contract's state, its verified source and settings, or how to verify it (an unverified
 * EIP-1167 clone links its implementation instead: a clone is never submitted itself).
 * @param sources - the explorer's facts
 * @param address - a lower-case address
 * @param explorerUrl - this explorer's URL as the browser reached it (for the verify command)
 * @returns the document
 */
async function addressPage(sources: PageSources, address: string, explorerUrl: string): Promise<string> {
  const contract = await contractAt(sources, address);
  const { state } = contract;
  const record = state.kind === "verified" ? state.record : undefined;
  const title = record ? `${record.contractName} at ${address}` : `Address ${address}`;
  const body = html`
<dl>
<dt>Address</dt><dd class="hash">${address}</dd>
<dt>State</dt><dd>${stateBadge(state)}</dd>
${record ? summaryOf(record) : ""}
</dl>
${state.kind === "failed" ? failureOf(state.failure) : ""}
${creationOf(contract)}
${await proxiesOf(sources, address)}
${record ? verifiedDetails(record) : await unverifiedDetails(sources, contract, explorerUrl)}`;
  return pageDocument(title, sources.chain, body);
}

function summaryOf(record: ContractRecord): SafeHtml {
  const verifiedAt = new Date(record.verifiedAt * 1_000).toISOString().replace(".000Z", "Z");
  return html`<dt>Contract name</dt><dd>${record.contractName}</dd>
<dt>Source file</dt><dd>${record.fileName}</dd>
<dt>Compiler</dt><dd>${record.compilerVersion}</dd>
<dt>Optimization</dt><dd>${record.optimizationUsed ? `enabled, ${record.optimizationRuns ?? 200} runs` : "disabled"}</dd>
<dt>EVM version</dt><dd>${record.evmVersion ?? "compiler default"}</dd>
<dt>Verified at</dt><dd>${verifiedAt}</dd>`;
}

function failureOf(failure: { reason: string; explanation: string } | undefined): SafeHtml {
  return html`<h2>Why verification failed</h2>
${
  failure
    ? html`<p><strong>${failure.reason}</strong></p><p>${failure.explanation}</p>`
    : html`<p>The last submission failed; its reason was not kept (the explorer restarted since).</p>`
}`;
}

function creationOf({ creation }: KnownContract): SafeHtml {
  if (!creation) return html`<h2>Creation</h2><p>Not found in the blocks this explorer has read.</p>`;
  return html`<h2>Creation</h2>
<dl>
<dt>Creator</dt><dd>${pageLink("address", creation.contractCreator)}</dd>
${creation.contractFactory ? html`<dt>Factory</dt><dd>${pageLink("address", creation.contractFactory)}</dd>` : ""}
<dt>Transaction</dt><dd>${pageLink("tx", creation.txHash)}</dd>
<dt>Block</dt><dd>${creation.blockNumber}</dd>
</dl>`;
}

async function proxiesOf(sources: PageSources, address: string): Promise<SafeHtml> {
  const { implementations, proxies } = await proxyLinks(sources, address);
  if (implementations.length === 0 && proxies.length === 0) return html``;
  return html`<h2>Proxy</h2>
<dl>
${implementations.map((implementation) => html`<dt>Implementation</dt><dd>${pageLink("address", implementation, `Implementation ${implementation}`)}</dd>`)}
${proxies.map((proxy) => html`<dt>Proxy</dt><dd>${pageLink("address", proxy, `Proxy ${proxy}`)}</dd>`)}
</dl>`;
}

function verifiedDetails(record: ContractRecord): SafeHtml {
  const files = [
    { Filename: record.fileName, SourceCode: record.sourceCode },
    ...(record.additionalSources ?? []),
  ];
  return html`${constructorArgumentsOf(record)}
${librariesOf(record)}
<h2>Compiler settings</h2>
<pre aria-label="Compiler settings (JSON)" tabindex="0">${JSON.stringify(record.compilerSettings ?? {}, null, 2)}</pre>
<section id="code" aria-labelledby="code-heading">
<h2 id="code-heading">Source code</h2>
<p>${files.length} file${files.length === 1 ? "" : "s"}.</p>
${files.map((file) => sourceFile(file.Filename, file.SourceCode))}
</section>
<h2 id="abi">ABI</h2>
<pre aria-label="ABI (JSON)" tabindex="0">${JSON.stringify(record.abi, null, 2)}</pre>`;
}

function sourceFile(name: string, content: string): SafeHtml {
  const lines = content.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
  return html`<h3>${name}</h3>
<pre class="source" aria-label="${`Source of ${name}`}" tabindex="0"><code>${lines.map((line) => html`<span class="line">${line}</span>`)}</code></pre>`;
}

function constructorArgumentsOf(record: ContractRecord): SafeHtml {
  const encoded = record.constructorArguments?.replace(/^0x/, "") ?? "";
  if (!encoded) return html``;
  const decoded = decodedConstructorArguments(record);
  return html`<h2>Constructor arguments</h2>
${
  decoded
    ? html`<table>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Value</th></tr></thead>
<tbody>${decoded.map(
        ({ input, value }, position) =>
          html`<tr><td>${input.name || `#${position}`}</td><td>${input.type}</td><td class="hash">${displayValue(value)}</td></tr>`,
      )}</tbody>
</table>`
    : html`<p>These bytes do not decode with the constructor's ABI.</p>`
}
<h3>Encoded</h3>
<pre class="wrap" aria-label="Encoded constructor arguments" tabindex="0">0x${encoded}</pre>`;
}

function displayValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "bigint") return value.toString();
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "bigint" ? inner.toString() : inner,
  );
}

function librariesOf(record: ContractRecord): SafeHtml {
  const libraries = record.externalLibraries ?? [];
  if (libraries.length === 0) return html``;
  return html`<h2>Linked libraries</h2>
<table>
<thead><tr><th scope="col">Library</th><th scope="col">Address</th></tr></thead>
<tbody>${libraries.map((library) => html`<tr><td>${library.name}</td><td>${pageLink("address", library.address_hash)}</td></tr>`)}</tbody>
</table>`;
}

async function unverifiedDetails(
  sources: PageSources,
  { address, state }: KnownContract,
  explorerUrl: string,
): Promise<SafeHtml> {
  if (state.kind === "empty") {
    return html`<h2>Code</h2><p>There is no code at this address on the chain now.</p>`;
  }
  const code = await sources.chain.getCode(address);
  const size = (code.length - 2) / 2;
  const implementation = cloneImplementation(code);
  if (implementation) {
    return html`<h2>Code</h2>
<p>${size.toLocaleString("en-US")} bytes of runtime code: an EIP-1167 clone of ${pageLink("address", implementation)}. Every call runs the implementation's code, so the clone is not verified itself: verify the implementation, whose page shows the source and ABI.</p>`;
  }
  return html`<h2>Code</h2>
<p>${size.toLocaleString("en-US")} bytes of runtime code, not verified here.</p>
<h2>How to verify it</h2>
<p>From the Hardhat project that deployed it, with the network that reaches ${sources.chain.rpcUrl} (add the constructor arguments after the address, if it takes any):</p>
<pre aria-label="Verify command" tabindex="0">${verifyCommand(sources.chain.rpcUrl, explorerUrl, address)}</pre>`;
}

/**
 * The task command that verifies an address on this explorer. `hardhat node`'s own URL is the `localhost`
 * network every Hardhat project has; any other chain is reached through a network the user named.
 */
function verifyCommand(rpcUrl: string, explorerUrl: string, address: string): string {
  const network = /^http:\/\/(127\.0\.0\.1|localhost):8545\/?$/.test(rpcUrl) ? "localhost" : "NETWORK";
  return `npx hardhat explorer-verify --network ${network} --explorer-url ${explorerUrl} ${address}`;
}

const stateLabels: Record<ContractState["kind"], string> = {
  verified: "Verified",
  failed: "Verification failed",
  pending: "Verification pending",
  unverified: "Not verified",
  empty: "No code",
};

/** @param state - a contract's state @returns its badge, e.g. "Verified · perfect match" */
function stateBadge(state: ContractState): SafeHtml {
  if (state.kind === "verified") {
    const kind = state.match === "partial" ? "partial" : "verified";
    return html`<span class="state state-${kind}">Verified · ${state.match} match</span>`;
  }
  return html`<span class="state state-${state.kind}">${stateLabels[state.kind]}</span>`;
}

/** A link to the page of an address or a transaction, `id` its text unless given; plain text when `id` is not hex. */
function pageLink(kind: "address" | "tx", id: string, text: string = id): SafeHtml {
  const path = pagePath(kind, id);
  return path ? html`<a class="hash" href="${path}">${text}</a>` : html`<span class="hash">${text}</span>`;
}

/** A contract's link, `<name> at <address>` once verified. */
function contractLink({ address, state }: KnownContract): SafeHtml {
  const name = state.kind === "verified" ? state.record.contractName : "";
  return pageLink("address", address, name ? `${name} at ${address}` : address);
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
