// `npm run screenshot`: runs `npm run demo -- --serve`, opens the verified DemoToken's page in the system Chromium
// and writes docs/contract-page.png (the README shows it).
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { systemChromium } from "./systemChromium.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const output = join(root, "docs", "contract-page.png");
const executablePath = systemChromium();

const demo = spawn(
  process.execPath,
  [join(root, "node_modules", "tsx", "dist", "cli.mjs"), "demo/demo.ts", "--serve"],
  {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  },
);
try {
  const explorerUrl = await new Promise<string>((resolve, reject) => {
    let printed = "";
    demo.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /Local explorer pages at (http:\/\/[^\s/]+)\//.exec(printed)?.[1];
      if (url) resolve(url);
    });
    demo.once("exit", (code) => reject(new Error(`the demo exited (${code}) before serving:\n${printed}`)));
  });
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
    await page.goto(`${explorerUrl}/`);
    await page.getByRole("link", { name: /^DemoToken at / }).click();
    await page.waitForURL(/\/address\/0x/);
    mkdirSync(dirname(output), { recursive: true });
    await page.screenshot({ path: output });
    console.log(`wrote ${output} (${page.url()})`);
  } finally {
    await browser.close();
  }
} finally {
  demo.kill("SIGINT");
}
