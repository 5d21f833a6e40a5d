import { mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { readManifest } from "../../src/inputs/manifest.js";
import { readVerificationBundle } from "../../src/inputs/verificationBundle.js";

// A device has no size to weigh, and /dev/zero no end: it is refused before a byte is read, named or reached by a
// committed link (`verify.json -> /dev/zero`).
describe("a bundle or a manifest that is a device", () => {
  it("is refused before it is read", async () => {
    const before = process.memoryUsage().rss;
    await expect(readVerificationBundle("/dev/zero", "--bundle")).rejects.toMatchObject({
      shortMessage: "The bundle /dev/zero is a device or a socket, not a file: name a file.",
    });
    const folder = await mkdtemp(join(tmpdir(), "explorer-verify-device-"));
    try {
      await symlink("/dev/zero", join(folder, "verify.json"));
      await expect(readManifest("verify.json", { cwd: folder })).rejects.toMatchObject({
        shortMessage: `The contracts manifest ${join(folder, "verify.json")} is a device or a socket, not a file: name a file.`,
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1_048_576);
  });
});
