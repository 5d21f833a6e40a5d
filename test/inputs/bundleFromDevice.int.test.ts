import { describe, expect, it } from "@jest/globals";
import { maxBundleBytes, readVerificationBundle } from "../../src/inputs/verificationBundle.js";

// A device has no size to weigh before it is read: it is read to the bundle's own cap, never to a text's 512 MiB.
describe("a bundle named by a device", () => {
  it("is refused once it passes the bundle's cap", async () => {
    const before = process.memoryUsage().rss;
    await expect(readVerificationBundle("/dev/zero", "--bundle")).rejects.toMatchObject({
      shortMessage: `The bundle /dev/zero is larger than ${maxBundleBytes / 1_048_576} MiB, more than a text this program reads.`,
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(2 * maxBundleBytes + 64 * 1_048_576);
  });
});
