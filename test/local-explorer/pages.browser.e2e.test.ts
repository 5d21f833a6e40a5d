import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type Browser, chromium, type Page } from "playwright-core";
import { systemChromium } from "../../scripts/systemChromium.js";
import { type PagesWorld, startPagesWorld } from "./pagesFixture.js";

// The system Chromium, never a downloaded one. Without it this file fails (beforeAll throws how to install it):
// CI installs it, so a silent skip would hide a broken check.
let browser: Browser;
let world: PagesWorld;
let stateDir: string;
const problems: string[] = [];

beforeAll(async () => {
  const executablePath = systemChromium();
  stateDir = mkdtempSync(join(tmpdir(), "pages-browser-"));
  world = await startPagesWorld(stateDir);
  // --no-sandbox: CI containers run as root, where Chromium's sandbox cannot start.
  browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await world?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

async function openPage(): Promise<Page> {
  const page = await browser.newPage();
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`console ${message.type()} on ${page.url()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  return page;
}

/** What the accessibility check found wrong on a page; empty when it passes. */
interface AuditFindings {
  lang: string;
  headingLevels: number[];
  unlabelledControls: string[];
  emptyLinks: string[];
  unlabelledScrollRegions: string[];
  lowContrast: string[];
  pairsMeasured: number;
}

// Runs in the page (plain JavaScript: the project compiles without the DOM types). WCAG 2 relative luminance and
// contrast of every text node's colour against the first opaque background behind it, the line numbers' too.
const auditScript = `(() => {
  const channel = (value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const parse = (css) => {
    const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\\d.]+/g) ?? []).map(Number);
    return { r, g, b, a };
  };
  const luminance = (css) => {
    const { r, g, b } = parse(css);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const backgroundOf = (element) => {
    for (let current = element; current; current = current.parentElement) {
      const background = getComputedStyle(current).backgroundColor;
      if (parse(background).a === 1 && background !== "rgba(0, 0, 0, 0)") return background;
    }
    return "rgb(255, 255, 255)";
  };
  const pairs = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || !node.textContent.trim()) continue;
    pairs.add(getComputedStyle(element).color + " on " + backgroundOf(element));
  }
  for (const line of document.querySelectorAll("pre.source .line")) {
    pairs.add(getComputedStyle(line, "::before").color + " on " + backgroundOf(line));
  }
  const lowContrast = [];
  for (const pair of pairs) {
    const [colour, background] = pair.split(" on ");
    const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
    const ratio = (light + 0.05) / (dark + 0.05);
    if (ratio < 4.5) lowContrast.push(pair + ": " + ratio.toFixed(2) + ":1");
  }
  const labelled = (element) => (element.labels && element.labels.length > 0) || element.getAttribute("aria-label");
  return {
    lang: document.documentElement.lang,
    headingLevels: [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1])),
    unlabelledControls: [...document.querySelectorAll("input, select, textarea")]
      .filter((control) => !labelled(control))
      .map((control) => control.outerHTML),
    emptyLinks: [...document.querySelectorAll("a")]
      .filter((link) => !link.textContent.trim() && !link.getAttribute("aria-label"))
      .map((link) => link.outerHTML),
    unlabelledScrollRegions: [...document.querySelectorAll("pre[tabindex]")]
      .filter((region) => !region.getAttribute("aria-label"))
      .map((region) => region.outerHTML.slice(0, 80)),
    lowContrast,
    pairsMeasured: pairs.size,
  };
})()`;

async function expectAccessible(page: Page): Promise<void> {
  const findings = (await page.evaluate(auditScript)) as AuditFindings;
  expect(findings.lang).toBe("en");
  expect(findings.headingLevels[0]).toBe(1);
  expect(findings.headingLevels.filter((level) => level === 1)).toHaveLength(1);
  findings.headingLevels.forEach((level, position) => {
    if (position > 0) expect(level).toBeLessThanOrEqual((findings.headingLevels[position - 1] ?? 1) + 1);
  });
  expect(findings.unlabelledControls).toEqual([]);
  expect(findings.emptyLinks).toEqual([]);
  expect(findings.unlabelledScrollRegions).toEqual([]);
  expect(findings.lowContrast).toEqual([]);
  expect(findings.pairsMeasured).toBeGreaterThanOrEqual(3);
}

describe("local explorer pages in Chromium", () => {
  it("from / to a verified contract's source and ABI, then from the proxy to its implementation", async () => {
    const page = await openPage();
    const token = world.deployed.token.toLowerCase();
    const proxy = world.deployed.proxy.toLowerCase();
    const box = world.deployed.box.toLowerCase();

    await page.goto(`${world.explorer.url}/`);
    expect(await page.title()).toBe("Contracts on chain 31337 · local explorer");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Contracts on chain 31337",
    );
    await expectAccessible(page);

    await page.getByRole("link", { name: `Token at ${token}` }).click();
    await page.waitForURL(`${world.explorer.url}/address/${token}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(`Token at ${token}`);
    const source = page.getByRole("region", { name: "Source code" });
    await expect(source.getByLabel("Source of contracts/Token.sol").textContent()).resolves.toContain(
      "function transfer(address to, uint256 amount) external returns (bool) {",
    );
    expect(await source.getByLabel("Source of contracts/Token.sol").isVisible()).toBe(true);
    const abi = JSON.parse((await page.getByLabel("ABI (JSON)").textContent()) ?? "[]") as Array<{
      name?: string;
    }>;
    expect(abi.map((item) => item.name).filter(Boolean)).toEqual([
      "balanceOf",
      "name",
      "totalSupply",
      "transfer",
    ]);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Local explorer" }).click();
    await page.getByRole("link", { name: `SimpleProxy at ${proxy}` }).click();
    await page.waitForURL(`${world.explorer.url}/address/${proxy}`);
    await page.getByRole("link", { name: `Implementation ${box}` }).click();
    await page.waitForURL(`${world.explorer.url}/address/${box}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(`Box at ${box}`);
    await expect(page.getByRole("link", { name: `Proxy ${proxy}` }).getAttribute("href")).resolves.toBe(
      `/address/${proxy}`,
    );
    await expectAccessible(page);

    await page.goto(`${world.explorer.url}/`);
    await page.getByLabel("Go to address").fill(world.deployed.vault);
    await page.getByRole("button", { name: "Open" }).click();
    await page.waitForURL(/\/address\?address=/);
    await expect(page.getByLabel("Verify command").textContent()).resolves.toBe(
      `npx hardhat explorer-verify --network NETWORK --explorer-url ${world.explorer.url} ${world.deployed.vault.toLowerCase()}`,
    );
    await expectAccessible(page);
    await page.close();
    expect(problems).toEqual([]);
  });

  it("runs nothing from a hostile contract name or source", async () => {
    const page = await openPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const address of [world.deployed.storedBox, world.deployed.hostileBox]) {
      await page.goto(`${world.explorer.url}/address/${address}`);
      await expectAccessible(page);
    }
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      `Box at ${world.deployed.hostileBox.toLowerCase()}`,
    );
    expect(await page.locator("script, img").count()).toBe(0);
    await page.goto(`${world.explorer.url}/address/${world.deployed.storedBox}`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      `<script>alert("name")</script> at ${world.deployed.storedBox.toLowerCase()}`,
    );
    expect(await page.locator("main script, main img, main b, main i").count()).toBe(0);
    // The contrast check bites: grey text on white is reported with its ratio.
    await page.evaluate(
      `document.querySelector("main").insertAdjacentHTML("beforeend", '<p style="color:#999999">faint</p>')`,
    );
    const findings = (await page.evaluate(auditScript)) as AuditFindings;
    expect(findings.lowContrast).toEqual(["rgb(153, 153, 153) on rgb(255, 255, 255): 2.85:1"]);
    expect(dialogs).toEqual([]);
    await page.close();
    expect(problems).toEqual([]);
  });

  it("breaks no table header inside a word, on a wide and a narrow window", async () => {
    const page = await openPage();
    const paths = ["/", `/address/${world.deployed.token}`, `/address/${world.deployed.calculator}`];
    const broken: string[] = [];
    let measured = 0;
    for (const width of [1000, 600]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(`${world.explorer.url}${path}`);
        // A word laid out on two lines has two rectangles.
        const headers = (await page.evaluate(`[...document.querySelectorAll("th")].map((th) => {
          const text = th.firstChild;
          const words = [...text.textContent.matchAll(/\\S+/g)].map((match) => {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            return { word: match[0], lines: new Set([...range.getClientRects()].map((rect) => rect.top)).size };
          });
          return { header: th.textContent, split: words.filter((word) => word.lines > 1).map((word) => word.word) };
        })`)) as { header: string; split: string[] }[];
        measured += headers.length;
        for (const { header, split } of headers) {
          if (split.length > 0) broken.push(`${path} at ${width} px: "${header}" breaks ${split.join(", ")}`);
        }
      }
    }
    expect(measured).toBeGreaterThanOrEqual(2 * 9);
    expect(broken).toEqual([]);
    await page.close();
    expect(problems).toEqual([]);
  });
});
