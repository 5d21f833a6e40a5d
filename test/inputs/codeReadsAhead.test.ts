import { describe, expect, it } from "@jest/globals";
import { codeReadsAhead } from "../../src/inputs/codeReadsAhead.js";
import { readManifest } from "../../src/inputs/manifest.js";
import { testAddress } from "../support/addresses.js";

// A manifest's entries are made one after another: their code is asked of the chain at once, so a chain that answers
// each read late adds its delay once, not once per entry.
describe("a manifest's deployed code read ahead", () => {
  it("asks every entry's code before the first answer, each address once", async () => {
    const addresses = [0xd1, 0xd2, 0xd3, 0xd4].map(testAddress);
    const asked: string[] = [];
    let release: () => void = () => {};
    const allAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Answers none until all four were asked: entries read one after another would wait forever.
    const read = async (address: string) => {
      asked.push(address);
      if (asked.length === addresses.length) release();
      await allAsked;
      return "0x6001";
    };
    const entries = await readManifest(
      JSON.stringify({ contracts: addresses.map((address) => ({ address, proxy: true })) }),
      {
        artifactsDir: "/nonexistent-artifacts",
        deployedCode: read,
        onBadEntry: () => {},
        onProxyOutsideBuild: () => {},
      },
    );
    expect(entries).toEqual([]);
    expect(asked.sort()).toEqual([...addresses].map((address) => address.toLowerCase()).sort());
  });

  it("keeps at most the bound in flight, and gives a read's failure to the entry that asks", async () => {
    let inFlight = 0;
    let most = 0;
    const read = async (address: string) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      if (address === testAddress(0xe3).toLowerCase()) throw new Error("no answer");
      return `0x${address.slice(-2)}`;
    };
    const addresses = [0xe1, 0xe2, 0xe3, 0xe4, 0xe5].map(testAddress);
    const reader = codeReadsAhead(read, addresses, 2);
    expect(await reader(addresses[0] as string)).toBe("0xe1");
    await expect(reader(addresses[2] as string)).rejects.toThrow("no answer");
    expect(await reader(addresses[4] as string)).toBe("0xe5");
    expect(most).toBe(2);
  });
});
