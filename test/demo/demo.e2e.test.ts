import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "@jest/globals";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// A copy beside demo/ (it imports ../src and runs ../dist), so the run starts from nothing built and nothing verified,
// as a new user's first `npm run demo` does, and leaves the checkout's own demo state alone.
const copy = mkdtempSync(join(root, ".demo-test-"));

afterAll(() => rmSync(copy, { recursive: true, force: true }));

function runDemo(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  for (const entry of ["contracts", "demo.ts", "hardhat.config.ts", "package.json"]) {
    cpSync(join(root, "demo", entry), join(copy, entry), { recursive: true });
  }
  return new Promise((resolve, reject) => {
    const demo = spawn(process.execPath, [join(root, "node_modules", "tsx", "dist", "cli.mjs"), "demo.ts"], {
      cwd: copy,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    demo.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    demo.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    demo.once("error", reject);
    demo.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run demo, the first time", () => {
  it("verifies everything, with no run of blank lines and each pending state printed once", async () => {
    const { code, stdout, stderr } = await runDemo();
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    // 18 records: 15 contracts, and the links of 3 proxies, each counted with its proxy.
    expect(stdout).toMatch(/^blockscout: 15 of 15 contracts verified; 15 submissions sent\.$/m);
    // Only the proxies are listed: the engine reads each from the chain, verifies its parts and links it.
    expect(stdout).toMatch(/^Proxy 0x\w+ points at implementation 0x\w+ \(EIP-1967\)$/m);
    expect(stdout).toMatch(
      /^Proxy 0x\w+ points at implementation 0x\w+ through beacon 0x\w+ \(beacon proxy\)$/m,
    );
    expect(stdout).toMatch(/^Proxy 0x\w+ \(EIP-2535 diamond\) has 2 facets: /m);
    for (const part of [
      "contracts/Counter.sol:Counter",
      "contracts/Beacon.sol:Box",
      "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol:UpgradeableBeacon",
      "contracts/diamond/DiamondLoupeFacet.sol:DiamondLoupeFacet",
      "contracts/diamond/GreetingFacet.sol:GreetingFacet",
    ])
      expect(stdout).toMatch(new RegExp(`^verified {4}${part.replace(/[.:/@]/g, "\\$&")} at 0x`, "m"));
    expect(stdout.match(/^linking {5}proxy /gm)).toHaveLength(3);
    expect(stdout).not.toMatch(/\n\n\n/);
    const pending = stdout.split("\n").filter((line) => line.startsWith("pending"));
    expect(pending).toEqual([...new Set(pending)]);
  }, 300_000);
});
