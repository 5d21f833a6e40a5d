import type { ServerResponse } from "node:http";
import { safeDecode } from "../../kernel/urlCredentials.js";
import { isAddress, isTransactionHash } from "../../kernel/validate.js";
import { addressPage } from "./addressPage.js";
import type { PageSources } from "./contractFacts.js";
import { homePage } from "./homePage.js";
import { html } from "./html.js";
import { pageDocument } from "./layout.js";
import { transactionPage } from "./txPage.js";

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
