import { cloneImplementation } from "../../discovery/minimalClone.js";
import type { ContractRecord } from "../backend.js";
import { decodedConstructorArguments } from "../rest/smartContractAnswer.js";
import { contractAt, type KnownContract, type PageSources, proxyLinks } from "./contractFacts.js";
import { pageLink, stateBadge } from "./fragments.js";
import { html, type SafeHtml } from "./html.js";
import { pageDocument } from "./layout.js";

/**
 * `/address/{address}`: the contract's state, its verified source and settings, or how to verify it (an unverified
 * EIP-1167 clone links its implementation instead: a clone is never submitted itself).
 * @param sources - the explorer's facts
 * @param address - a lower-case address
 * @param explorerUrl - this explorer's URL as the browser reached it (for the verify command)
 * @returns the document
 */
export async function addressPage(
  sources: PageSources,
  address: string,
  explorerUrl: string,
): Promise<string> {
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
