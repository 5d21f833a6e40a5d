import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { keccak256, stringToBytes } from "viem";
import { confineInnerFile } from "../../src/inputs/innerFile.js";
import { type BadManifestEntry, readManifest } from "../../src/inputs/manifest.js";
import { resolveWorkspaceInput } from "../../src/inputs/workspacePath.js";
import { testAddress } from "../support/addresses.js";

// A workspace and, beside it, a secret file that no manifest entry may read.
let outside: string;
let workspace: string;
let secretFile: string;
const secret = "SECRET=do-not-send\n";
const gitToken = "eC1hY2Nlc3MtdG9rZW46Z2hzX3Rva2Vu";
const boxSource = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Box {}\n";

beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), "explorer-verify-outside-"));
  workspace = join(outside, "workspace");
  secretFile = join(outside, "secret.env");
  await writeFile(secretFile, secret);
  await mkdir(join(workspace, "flat"), { recursive: true });
  await writeFile(join(workspace, "flat", "Box.sol"), boxSource);
  await symlink(secretFile, join(workspace, "flat", "Link.sol"));
  await mkdir(join(workspace, "registry", "contracts"), { recursive: true });
  await symlink(secretFile, join(workspace, "registry", "contracts", "A.sol"));
  // As actions/checkout leaves the job's token.
  await mkdir(join(workspace, ".git"), { recursive: true });
  await writeFile(
    join(workspace, ".git", "config"),
    `[http]\n\textraheader = AUTHORIZATION: basic ${gitToken}\n`,
  );
  await symlink(join(workspace, ".git", "config"), join(workspace, "flat", "Config.sol"));
  await writeFile(
    join(workspace, "registry", "metadata.json"),
    JSON.stringify({
      sources: { "contracts/A.sol": { keccak256: keccak256(stringToBytes(secret)) } },
      settings: { compilationTarget: { "contracts/A.sol": "A" } },
    }),
  );
  await writeFile(
    join(workspace, "registry", "git.json"),
    JSON.stringify({
      sources: { ".git/config": {} },
      settings: { compilationTarget: { ".git/config": "A" } },
    }),
  );
});

afterAll(async () => {
  await rm(outside, { recursive: true, force: true });
});

function flattened(index: number, source: string) {
  return {
    address: testAddress(0x10 + index),
    format: "flattened",
    contract: "Box",
    source,
    compilerVersion: "v0.8.28+commit.7893614a",
    optimizer: { enabled: false, runs: 200 },
  };
}

async function readWithin(contracts: unknown[]) {
  const bad: BadManifestEntry[] = [];
  const entries = await readManifest(JSON.stringify({ contracts }), {
    cwd: workspace,
    root: workspace,
    onBadEntry: (entry) => bad.push(entry),
  });
  return { entries, bad };
}

describe("files named by a manifest stay in the workspace", () => {
  it("refuses paths that leave the workspace, by climbing, absolutely or through a link, and reads the others", async () => {
    const { entries, bad } = await readWithin([
      flattened(0, "../../../../../../etc/passwd"),
      flattened(1, "flat/Box.sol"),
      flattened(2, "/proc/self/environ"),
      flattened(3, "flat/Link.sol"),
      flattened(4, "../secret.env"),
    ]);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.job.source).toMatchObject({ format: "flattened", sourceCode: boxSource });
    expect(bad.map((entry) => [entry.field, entry.address, entry.format, entry.error.shortMessage])).toEqual([
      [
        "contracts[0]",
        testAddress(0x10),
        "flattened",
        `contracts[0].source names ../../../../../../etc/passwd, which is outside the workspace ${workspace}: only files inside it are read.`,
      ],
      [
        "contracts[2]",
        testAddress(0x12),
        "flattened",
        `contracts[2].source names /proc/self/environ, which is outside the workspace ${workspace}: only files inside it are read.`,
      ],
      [
        "contracts[3]",
        testAddress(0x13),
        "flattened",
        `contracts[3].source names flat/Link.sol, which is outside the workspace ${workspace} once its links are followed: only files inside it are read.`,
      ],
      [
        "contracts[4]",
        testAddress(0x14),
        "flattened",
        `contracts[4].source names ../secret.env, which is outside the workspace ${workspace}: only files inside it are read.`,
      ],
    ]);
    expect(JSON.stringify(entries)).not.toContain("do-not-send");
  });

  it("does not take a registry source through a link that points out of the workspace", async () => {
    const { entries, bad } = await readWithin([
      {
        address: testAddress(0x20),
        format: "registry",
        metadata: "registry/metadata.json",
        sources: "registry/contracts",
      },
    ]);
    expect(entries).toEqual([]);
    expect(bad[0]?.error.shortMessage).toBe(
      `The source "contracts/A.sol" is found only at ${join(workspace, "registry", "contracts", "A.sol")}, which is outside the workspace ${workspace} once its links are followed: only files inside it are read.`,
    );
  });

  it("never reads a file of the checkout's .git folder, which holds its token, named or through a link", async () => {
    const gitConfig = join(workspace, ".git", "config");
    const { entries, bad } = await readWithin([
      flattened(0, ".git/config"),
      flattened(1, "flat/Config.sol"),
      { address: testAddress(0x30), format: "registry", metadata: "registry/git.json", sources: "." },
      // A case-insensitive file system (macOS, Windows runners) finds .git/config there.
      flattened(3, ".GIT/config"),
    ]);
    expect(entries).toEqual([]);
    const refusal = (path: string) =>
      `${path} is inside a .git folder, which holds the checkout's credentials: it is not read.`;
    expect(bad.map((entry) => entry.error.shortMessage)).toEqual([
      ...Array(3).fill(refusal(gitConfig)),
      refusal(join(workspace, ".GIT", "config")),
    ]);
    await expect(
      confineInnerFile({ folder: workspace, field: "sources" }, gitConfig, "source"),
    ).rejects.toThrow("inside a .git folder");
    // A workflow's input neither reads it (contracts, bundle) nor writes the ledger over it.
    expect(() => resolveWorkspaceInput(workspace, ".git/config", "ledger")).toThrow(refusal(gitConfig));
  });

  it("stops at the first bad entry when no one is told of bad entries", async () => {
    await expect(
      readManifest(JSON.stringify({ contracts: [flattened(0, "/etc/hostname")] }), {
        cwd: workspace,
        root: workspace,
      }),
    ).rejects.toMatchObject({
      field: "contracts[0].source",
      shortMessage: `contracts[0].source names /etc/hostname, which is outside the workspace ${workspace}: only files inside it are read.`,
    });
  });
});

describe("a manifest entry's creationTransactionHash", () => {
  it("is the job's creation transaction; one that is no hash fails its entry alone, naming the field", async () => {
    const hash = `0x${"c".repeat(64)}`;
    const { entries, bad } = await readWithin([
      { ...flattened(0, "flat/Box.sol"), creationTransactionHash: hash },
      { ...flattened(1, "flat/Box.sol"), creationTransactionHash: "0x1234" },
      flattened(2, "flat/Box.sol"),
    ]);
    expect(entries.map((entry) => [entry.job.address, entry.job.creationTransaction])).toEqual([
      [testAddress(0x10), hash],
      [testAddress(0x12), undefined],
    ]);
    expect(bad.map((entry) => entry.error.shortMessage)).toEqual([
      "contracts[1].creationTransactionHash is not a transaction hash: expected 0x and 64 hex digits.",
    ]);
  });
});

describe("a malformed manifest entry fails alone", () => {
  it("reports each malformed entry, with its address and contract as written, and reads the others", async () => {
    const { entries, bad } = await readWithin([
      { ...flattened(0, "flat/Box.sol"), address: "0x123" },
      flattened(1, "flat/Box.sol"),
      { ...flattened(2, "flat/Box.sol"), format: "flatened" },
      "Box",
      { address: testAddress(0x14) },
    ]);
    expect(entries.map((entry) => entry.job.address)).toEqual([testAddress(0x11)]);
    expect(
      bad.map((entry) => [
        entry.field,
        entry.address,
        entry.contract,
        entry.format,
        entry.error.code,
        entry.error.shortMessage,
      ]),
    ).toEqual([
      [
        "contracts[0]",
        "0x123",
        "Box",
        "flattened",
        "invalid_input",
        'contracts[0].address "0x123" is not an address: expected 0x followed by 40 hexadecimal characters.',
      ],
      [
        "contracts[2]",
        testAddress(0x12),
        "Box",
        "standard-json",
        "invalid_input",
        'contracts[2].format "flatened" is not a format: use flattened, single-file, vyper or registry, or leave it out for standard JSON.',
      ],
      [
        "contracts[3]",
        "",
        undefined,
        "standard-json",
        "invalid_input",
        'contracts[3] must be an object, like { "address": "0x…", "contract": "…" }.',
      ],
      [
        "contracts[4]",
        testAddress(0x14),
        undefined,
        "standard-json",
        "invalid_input",
        "contracts[4].contract is required: name the contract (path/File.sol:Name), or give the chain (the Action's rpc-url) to infer it from the deployed code.",
      ],
    ]);
  });
});
