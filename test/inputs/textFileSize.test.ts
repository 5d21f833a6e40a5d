import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "@jest/globals";
import { readUtf8File } from "../../src/inputs/jsonFile.js";

// A file named in the repository or on the command line is input from a stranger: a text is read up to a bound, a
// regular file weighed before it is read, a pipe (which says no size) as it is read, a device not at all.
const oneMiB = 1_048_576;
const dir = mkdtempSync(join(tmpdir(), "explorer-verify-text-size-"));

describe("reading a text file", () => {
  it("refuses a regular file larger than the bound before reading it, naming it", async () => {
    const path = join(dir, "manifest.json");
    writeFileSync(path, Buffer.alloc(oneMiB + 1, 0x20));
    await expect(readUtf8File({ field: "manifest", what: "manifest", path }, oneMiB)).rejects.toMatchObject({
      code: "invalid_input",
      shortMessage: `The manifest ${path} is larger than 1 MiB, more than a text this program reads.`,
    });
  });

  it("refuses an endless device before reading it", async () => {
    await expect(
      readUtf8File({ field: "manifest", what: "manifest", path: "/dev/zero" }, oneMiB),
    ).rejects.toMatchObject({
      shortMessage: "The manifest /dev/zero is a device or a socket, not a file: name a file.",
    });
  });

  it("reads a file within the bound whole", async () => {
    const path = join(dir, "small.json");
    writeFileSync(path, '{"contracts":[]}');
    expect((await readUtf8File({ field: "manifest", what: "manifest", path }, oneMiB)).toString()).toBe(
      '{"contracts":[]}',
    );
  });
});
