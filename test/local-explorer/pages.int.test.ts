import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { escapeHtml, html, pagePath } from "../../src/local-explorer/pages/html.js";
import { deployerPrivateKey } from "../support/hardhatChain.js";
import { hostile, type PagesWorld, startPagesWorld } from "./pagesFixture.js";

let world: PagesWorld;
let stateDir: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "pages-"));
  world = await startPagesWorld(stateDir);
}, 180_000);

afterAll(async () => {
  await world?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

async function page(
  path: string,
): Promise<{ status: number; type: string | null; csp: string | null; body: string }> {
  const response = await fetch(`${world.explorer.url}${path}`);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    csp: response.headers.get("content-security-policy"),
    body: await response.text(),
  };
}

/** The text of a page without its markup, entities decoded: what a reader sees. */
function visibleText(body: string, tagsAs = ""): string {
  return body
    .replace(/<style>[\s\S]*?<\/style>/, "")
    .replace(/<[^>]*>/g, tagsAs)
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

function expectNoInjectedMarkup(body: string): void {
  expect(body).not.toMatch(/<script|<img|<b>|<i>|<br>|javascript:/i);
}

const lower = (address: string) => address.toLowerCase();

describe("local explorer pages", () => {
  it("the verifications behind the pages ended as set up: one failure, the rest verified", () => {
    expect(world.results.map((r) => [r.address.toLowerCase(), r.status])).toEqual([
      [lower(world.deployed.token), "verified"],
      [lower(world.deployed.badToken), "failed"],
      [lower(world.deployed.mathLib), "verified"],
      [lower(world.deployed.calculator), "verified"],
      [lower(world.deployed.proxy), "verified"],
      [lower(world.deployed.box), "verified"],
      // As Blockscout, the explorer resolves a verified proxy from the chain: the link was there already.
      [lower(world.deployed.proxy), "verified"],
      [lower(world.deployed.hostileBox), "verified"],
    ]);
  });

  it("/ lists every contract newest first with its state, the chain id and the RPC", async () => {
    const home = await page("/");
    expect(home.status).toBe(200);
    expect(home.type).toBe("text/html; charset=utf-8");
    expect(home.csp).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(home.body).toContain('<html lang="en">');
    expect(home.body).toContain(`<title>Contracts on chain 31337 · local explorer</title>`);
    expect(visibleText(home.body)).toContain(`Chain 31337 · RPC ${world.chain.rpcUrl}`);
    const order = [
      ...home.body.matchAll(/<tr>\n<td><a class="hash" href="\/address\/(0x[0-9a-f]{40})">/g),
    ].map((m) => m[1]);
    const { token, badToken, mathLib, calculator, box, proxy, vault, hostileBox, storedBox } = world.deployed;
    expect(order).toEqual(
      [storedBox, hostileBox, vault, proxy, box, calculator, mathLib, badToken, token].map(lower),
    );
    const rows = Object.fromEntries(
      [
        ...home.body.matchAll(
          /<tr>\n<td><a class="hash" href="\/address\/(0x[0-9a-f]{40})">([\s\S]*?)<\/tr>/g,
        ),
      ].map((m) => [
        m[1],
        visibleText(m[2] ?? "", " ")
          .replace(/\s+/g, " ")
          .trim(),
      ]),
    );
    expect(rows[lower(token)]).toMatch(
      new RegExp(`^Token at ${lower(token)} Verified · perfect match 1 0x[0-9a-f]{64}$`),
    );
    expect(rows[lower(badToken)]).toMatch(
      new RegExp(
        `^${lower(badToken)} Verification failed Constructor arguments do not match, please try again\\. 2 0x[0-9a-f]{64}$`,
      ),
    );
    expect(rows[lower(vault)]).toMatch(new RegExp(`^${lower(vault)} Not verified 7 0x[0-9a-f]{64}$`));
    expect(rows[lower(hostileBox)]).toMatch(
      new RegExp(`^Box at ${lower(hostileBox)} Verified · partial match 8 0x[0-9a-f]{64}$`),
    );
    expect(rows[lower(storedBox)]).toMatch(
      new RegExp(
        `^<script>alert\\("name"\\)</script> at ${lower(storedBox)} Verified · perfect match 9 0x[0-9a-f]{64}$`,
      ),
    );
    expectNoInjectedMarkup(home.body);
  });

  it("/address of a verified contract: settings, decoded constructor arguments, creation, numbered source, ABI", async () => {
    const token = lower(world.deployed.token);
    const { status, body } = await page(`/address/${world.deployed.token}`);
    expect(status).toBe(200);
    const text = visibleText(body);
    expect(body).toContain(`<h1>Token at ${token}</h1>`);
    expect(text).toContain(
      `Contract nameToken\nSource filecontracts/Token.sol\nCompiler${world.build.compilerVersion}\nOptimizationenabled, 200 runs\nEVM versioncompiler default`,
    );
    expect(body).toContain(
      `<tr><td>name_</td><td>string</td><td class="hash">${escapeHtml(hostile.tokenName)}</td></tr><tr><td>supply</td><td>uint256</td><td class="hash">1000000</td></tr>`,
    );
    expect(body).toContain(
      `<dt>Creator</dt><dd><a class="hash" href="/address/0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266">0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266</a></dd>`,
    );
    const creationHash = /<dt>Transaction<\/dt><dd><a class="hash" href="\/tx\/(0x[0-9a-f]{64})">/.exec(
      body,
    )?.[1];
    const receipt = await createPublicClient({ transport: http(world.chain.rpcUrl) }).getTransactionReceipt({
      hash: creationHash as `0x${string}`,
    });
    expect(receipt.contractAddress).toBe(token);
    expect(body).toContain('<section id="code" aria-labelledby="code-heading">');
    expect(body).toContain(`<span class="line">contract Token {</span>`);
    const source = world.build.input.sources["contracts/Token.sol"]?.content ?? "";
    expect(body.match(/<span class="line">/g)?.length).toBe(source.trimEnd().split("\n").length);
    expect(body).toContain(`&quot;name&quot;: &quot;transfer&quot;`);
    expect(body).toContain(
      `&quot;optimizer&quot;: {\n    &quot;enabled&quot;: true,\n    &quot;runs&quot;: 200\n  }`,
    );
    expectNoInjectedMarkup(body);
  });

  it("/address shows linked libraries, and the proxy and implementation link each other", async () => {
    const { mathLib, calculator, proxy, box } = world.deployed;
    const calculatorPage = await page(`/address/${calculator}`);
    expect(calculatorPage.body).toContain(
      `<tr><td>contracts/MathLib.sol:MathLib</td><td><a class="hash" href="/address/${lower(mathLib)}">${lower(mathLib)}</a></td></tr>`,
    );
    const proxyPage = await page(`/address/${proxy}`);
    expect(proxyPage.body).toContain(
      `<dt>Implementation</dt><dd><a class="hash" href="/address/${lower(box)}">Implementation ${lower(box)}</a></dd>`,
    );
    const boxPage = await page(`/address/${box}`);
    expect(boxPage.body).toContain(
      `<dt>Proxy</dt><dd><a class="hash" href="/address/${lower(proxy)}">Proxy ${lower(proxy)}</a></dd>`,
    );
  });

  it("/address of an unverified contract gives its code size and the command that verifies it", async () => {
    const vault = lower(world.deployed.vault);
    const { status, body } = await page(`/address/${vault}`);
    expect(status).toBe(200);
    const code = await createPublicClient({ transport: http(world.chain.rpcUrl) }).getCode({
      address: world.deployed.vault,
    });
    const size = ((code?.length ?? 2) - 2) / 2;
    expect(size).toBeGreaterThan(0);
    expect(body).toContain(
      `<p>${size.toLocaleString("en-US")} bytes of runtime code, not verified here.</p>`,
    );
    expect(body).toContain(
      `<pre aria-label="Verify command" tabindex="0">npx hardhat explorer-verify --network NETWORK --explorer-url ${world.explorer.url} ${vault}</pre>`,
    );
  });

  it("/address of an EIP-1167 clone links its implementation and offers no verify command", async () => {
    const transport = http(world.chain.rpcUrl);
    const wallet = createWalletClient({
      account: privateKeyToAccount(deployerPrivateKey),
      chain: hardhat,
      transport,
    });
    const reader = createPublicClient({ chain: hardhat, transport });
    const box = lower(world.deployed.box);
    // OpenZeppelin's Clones creation code: a 10-byte constructor, then the 45-byte EIP-1167 runtime code.
    const creation =
      `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${box.slice(2)}5af43d82803e903d91602b57fd5bf3` as const;
    const receipt = await reader.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ data: creation }),
    });
    const clone = lower(receipt.contractAddress ?? "");
    const { status, body } = await page(`/address/${clone}`);
    expect(status).toBe(200);
    expect(body).toContain(
      `<h2>Code</h2>\n<p>45 bytes of runtime code: an EIP-1167 clone of <a class="hash" href="/address/${box}">${box}</a>. Every call runs the implementation's code, so the clone is not verified itself: verify the implementation, whose page shows the source and ABI.</p>`,
    );
    expect(body).not.toContain("Verify command");
    expect(body).not.toContain("How to verify it");
    expect(body).not.toContain("explorer-verify");
  });

  it("/address of a failed contract says why", async () => {
    const { body } = await page(`/address/${world.deployed.badToken}`);
    expect(body).toContain("<h2>Why verification failed</h2>");
    expect(body).toContain("<p><strong>Constructor arguments do not match, please try again.</strong></p>");
  });

  it("escapes a hostile source comment of a verified partial match, and every field of an edited state file", async () => {
    const partial = await page(`/address/${world.deployed.hostileBox}`);
    expect(partial.body).toContain(`<span class="line">${escapeHtml(hostile.sourceComment)}</span>`);
    expectNoInjectedMarkup(partial.body);
    const stored = await page(`/address/${world.deployed.storedBox}`);
    expect(stored.status).toBe(200);
    expect(stored.body).toContain(
      `<h1>${escapeHtml(hostile.contractName)} at ${lower(world.deployed.storedBox)}</h1>`,
    );
    expect(stored.body).toContain(`<h3>${escapeHtml(hostile.fileName)}</h3>`);
    expect(stored.body).toContain(`<span class="line">${escapeHtml(hostile.sourceCode)}</span>`);
    expect(stored.body).toContain(
      `<tr><td>${escapeHtml(hostile.libraryName)}</td><td><span class="hash">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span></td></tr>`,
    );
    expect(stored.body).toContain(
      `<dt>Implementation</dt><dd><span class="hash">Implementation javascript:alert(1)</span></dd>`.replace(
        "javascript:",
        "javascript:",
      ),
    );
    expectNoInjectedMarkup(stored.body.replace("Implementation javascript:alert(1)", ""));
    expect(stored.body).not.toContain('href="javascript:');
  });

  it("/tx lists the contracts a transaction created; unknown and malformed ids answer a 404 page", async () => {
    const tokenPage = await page(`/address/${world.deployed.token}`);
    const creationHash = /href="\/tx\/(0x[0-9a-f]{64})"/.exec(tokenPage.body)?.[1] ?? "";
    const tx = await page(`/tx/${creationHash.toUpperCase().replace("0X", "0x")}`);
    expect(tx.status).toBe(200);
    expect(tx.body).toContain(`<h1>Transaction ${creationHash}</h1>`);
    expect(tx.body).toContain(
      `<td><a class="hash" href="/address/${lower(world.deployed.token)}">Token at ${lower(world.deployed.token)}</a></td>`,
    );
    expect(tx.body).toContain("<td>the transaction itself</td>");
    const unknown = await page(`/tx/0x${"ab".repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain(
      "<p>This explorer knows no contract created by this transaction. It indexes contract creations only, in the blocks it has read.</p>",
    );
    const malformed = await page(`/address/%3Cscript%3E`);
    expect(malformed.status).toBe(404);
    expect(malformed.type).toBe("text/html; charset=utf-8");
    expect(malformed.body).toContain(
      "<p>&quot;&lt;script&gt;&quot; is not an address: expected 0x followed by 40 hexadecimal characters.</p>",
    );
    const badHash = await page("/tx/0x12");
    expect(badHash.status).toBe(404);
    expect(badHash.body).toContain(
      "<p>&quot;0x12&quot; is not a transaction hash: expected 0x followed by 64 hexadecimal characters.</p>",
    );
  });

  it("the lookup form's /address?address= opens the address page; the API keeps answering JSON", async () => {
    const looked = await page(`/address?address=${world.deployed.vault}`);
    expect(looked.status).toBe(200);
    expect(looked.body).toContain(`<h1>Address ${lower(world.deployed.vault)}</h1>`);
    // A leading //api is the API too (blockscout-api.md §1), never the home page.
    for (const path of ["/api", "//api"]) {
      const api = await fetch(
        `${world.explorer.url}${path}?module=contract&action=getabi&address=${world.deployed.token}`,
      );
      expect(api.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(((await api.json()) as { status: string }).status).toBe("1");
    }
    const other = await fetch(`${world.explorer.url}/blocks`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: "Not found" });
  });
});

describe("local explorer pages: a factory's child", () => {
  it("/tx of a factory call lists the child and names the factory", async () => {
    const require = createRequire(import.meta.url);
    const solc = require("solc") as { compile(input: string): string };
    const source =
      "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Child { uint256 public value; constructor(uint256 v) { value = v; } }\ncontract Factory { event Created(address child); function create(uint256 v) external { emit Created(address(new Child(v))); } }\n";
    const output = JSON.parse(
      solc.compile(
        JSON.stringify({
          language: "Solidity",
          sources: { "Factory.sol": { content: source } },
          settings: { outputSelection: { "*": { "*": ["evm.bytecode"] } } },
        }),
      ),
    ) as { contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>> };
    const transport = http(world.chain.rpcUrl);
    const wallet = createWalletClient({
      account: privateKeyToAccount(deployerPrivateKey),
      chain: hardhat,
      transport,
    });
    const reader = createPublicClient({ chain: hardhat, transport });
    const factoryCode = output.contracts["Factory.sol"]?.Factory?.evm.bytecode.object ?? "";
    const deployed = await reader.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ data: `0x${factoryCode}` }),
    });
    const factory = (deployed.contractAddress ?? "").toLowerCase();
    const call = await reader.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({
        to: factory as `0x${string}`,
        data: encodeFunctionData({
          abi: parseAbi(["function create(uint256 v)"]),
          functionName: "create",
          args: [3n],
        }),
      }),
    });
    const child = `0x${(call.logs[0]?.data ?? "").slice(-40)}`.toLowerCase();
    const tx = await page(`/tx/${call.transactionHash}`);
    expect(tx.status).toBe(200);
    expect(tx.body).toContain(
      `<tr>\n<td><a class="hash" href="/address/${child}">${child}</a></td>\n<td><span class="state state-unverified">Not verified</span></td>\n<td>factory <a class="hash" href="/address/${factory}">${factory}</a></td>\n</tr>`,
    );
    const childPage = await page(`/address/${child}`);
    expect(childPage.body).toContain(
      `<dt>Factory</dt><dd><a class="hash" href="/address/${factory}">${factory}</a></dd>`,
    );
  });
});

describe("html escaping", () => {
  it("escapes interpolated text and attribute quotes, keeps nested html, and only links hexadecimal ids", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
    const name = `"><script>`;
    expect(html`<p title="${name}">${[html`<b>${name}</b>`, 1n, null, false, undefined]}</p>`.text).toBe(
      `<p title="&quot;&gt;&lt;script&gt;"><b>&quot;&gt;&lt;script&gt;</b>1</p>`,
    );
    expect(pagePath("address", "0xAB")).toBe("/address/0xab");
    expect(pagePath("tx", "javascript:alert(1)")).toBeUndefined();
  });
});
