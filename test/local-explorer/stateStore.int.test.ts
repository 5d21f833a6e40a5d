import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ContractRecord } from "../../src/local-explorer/backend.js";
import { StateSaveError, StateStore } from "../../src/local-explorer/stateStore.js";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "explorer-verify-state-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const contract = (name: string): ContractRecord => ({
  address: `0x${name}`,
  contractName: name,
  compilerVersion: "v0.8.28+commit.7893614a",
  sourceCode: `contract ${name} {}`,
  fileName: `${name}.sol`,
  abi: [],
  optimizationUsed: false,
  verifiedAt: 1_720_000_000,
});
const record = (name: string) => ({ codeHash: `0x${name}`, record: contract(name) });

describe("the local explorer's state file", () => {
  it("keeps a truncated file aside, reports it, and never overwrites it", async () => {
    const path = join(folder, "truncated.json");
    const truncated = '{"version":1,"chainId":31337,"contracts":{"0xabc":{"codeHash":"0x1","rec';
    await writeFile(path, truncated);
    const reports: string[] = [];
    const store = new StateStore(path, 31337, (message) => reports.push(message));
    expect(store.state.contracts).toEqual({});
    const aside = (await readdir(folder)).filter((name) => name.startsWith("truncated.json.corrupt-"));
    expect(aside).toHaveLength(1);
    expect(reports).toEqual([
      `The local explorer's state file ${path} is unreadable: kept as ${join(folder, aside[0] ?? "")}, and a new one begun.`,
    ]);
    store.state.contracts["0xdef"] = record("def");
    store.save();
    expect(await readFile(join(folder, aside[0] ?? ""), "utf8")).toBe(truncated);
    expect(JSON.parse(await readFile(path, "utf8")).contracts).toEqual({ "0xdef": record("def") });
  });

  it("keeps aside, unread, a file that is a link, or whose record is not a contract's, and believes neither", async () => {
    const outside = join(folder, "outside.json");
    const state = {
      version: 1,
      chainId: 31337,
      contracts: { "0xabc": record("abc") },
      guids: {},
      proxyGuids: {},
    };
    await writeFile(outside, JSON.stringify(state));
    const linked = join(folder, "linked.json");
    await symlink(outside, linked);
    const reports: string[] = [];
    expect(new StateStore(linked, 31337, (message) => reports.push(message)).state.contracts).toEqual({});
    const forged = join(folder, "forged.json");
    const { abi: _abi, ...noAbi } = contract("abc");
    await writeFile(
      forged,
      JSON.stringify({ ...state, contracts: { "0xabc": { codeHash: "0x1", record: noAbi } } }),
    );
    expect(new StateStore(forged, 31337, (message) => reports.push(message)).state.contracts).toEqual({});
    expect(reports.map((report) => report.replace(/-\d+,/, "-N,"))).toEqual([
      `The local explorer's state file ${linked} is unreadable: kept as ${linked}.corrupt-N, and a new one begun.`,
      `The local explorer's state file ${forged} is unreadable: kept as ${forged}.corrupt-N, and a new one begun.`,
    ]);
    expect(JSON.parse(await readFile(outside, "utf8"))).toEqual(state);
  });

  it("merges what two stores on one file each verified, instead of the last writer winning", () => {
    const path = join(folder, "shared.json");
    const first = new StateStore(path, 31337);
    const second = new StateStore(path, 31337);
    first.state.contracts["0xaaa"] = record("aaa");
    first.setGuid("guid-a", "0xaaa", "pass");
    second.state.contracts["0xbbb"] = record("bbb");
    second.setGuid("guid-a", "0xaaa", "pending");
    second.setGuid("guid-b", "0xbbb", "pass");
    const reread = new StateStore(path, 31337);
    expect(Object.keys(reread.state.contracts).sort()).toEqual(["0xaaa", "0xbbb"]);
    // A decided guid never goes back to pending.
    expect(reread.state.guids).toEqual({
      "guid-a": { state: "pass", address: "0xaaa" },
      "guid-b": { state: "pass", address: "0xbbb" },
    });
  });

  it("loses no record when two processes save to one file at the same time", async () => {
    const path = join(folder, "processes.json");
    const script = join(folder, "writer.ts");
    await writeFile(
      script,
      `import { StateStore } from ${JSON.stringify(join(repository, "src/local-explorer/stateStore.ts"))};
const [path, prefix] = process.argv.slice(2);
const store = new StateStore(path, 31337);
for (let i = 0; i < 40; i++) {
  store.state.contracts[prefix + i] = { codeHash: "0x" + i, record: ${JSON.stringify(contract("abc"))} };
  store.save();
}
`,
    );
    const run = (prefix: string) =>
      new Promise<number | null>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", script, path, prefix], {
          cwd: repository,
          stdio: ["ignore", "ignore", "inherit"],
        });
        child.on("error", reject);
        child.on("close", resolve);
      });
    expect(await Promise.all([run("0xa"), run("0xb")])).toEqual([0, 0]);
    const saved = JSON.parse(await readFile(path, "utf8"));
    expect(Object.keys(saved.contracts)).toHaveLength(80);
  }, 60_000);

  it("makes a failed save an error of its own, keeping the change in memory", async () => {
    const notAFolder = join(folder, "file");
    await writeFile(notAFolder, "");
    const path = join(notAFolder, "state.json");
    const store = new StateStore(path, 31337);
    const error = (() => {
      try {
        store.setGuid("guid", "0xabc", "pending");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StateSaveError);
    expect((error as Error).message).toBe(
      `Could not save the local explorer's state to ${path}: EEXIST: file already exists, mkdir '${notAFolder}'`,
    );
    expect(store.state.guids.guid).toEqual({ state: "pending", address: "0xabc" });
    const reports: string[] = [];
    const reporting = new StateStore(path, 31337, (message) => reports.push(message));
    reporting.saveInBackground();
    expect(reports).toHaveLength(1);
  });
});
