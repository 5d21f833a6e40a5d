import { describe, expect, it } from "@jest/globals";
import { progressLine } from "../../src/report/progressLine.js";

describe("the proxy link's line", () => {
  it("names the implementation it links to, or says the explorer finds it when the job is the proxy itself", () => {
    const proxy = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707";
    const implementation = "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9";
    expect(
      progressLine({ type: "linking-proxy", address: proxy, contract: "proxy of Box", implementation }),
    ).toBe(`linking     proxy ${proxy} to ${implementation}`);
    expect(
      progressLine({
        type: "linking-proxy",
        address: proxy,
        contract: "proxy link of Box",
        implementation: undefined,
      }),
    ).toBe(`linking     proxy ${proxy}: the explorer finds its implementation`);
  });
});

describe("a proxy link's finished line", () => {
  const proxy = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707";
  const finished = (status: "verified" | "already-verified") =>
    progressLine({
      type: "finished",
      address: proxy,
      contract: "proxy of Box",
      result: {
        address: proxy,
        contract: "proxy of Box",
        explorer: "http://127.0.0.1:1",
        format: "proxy",
        status,
        url: `http://127.0.0.1:1/address/${proxy}`,
        attempts: 0,
        durationMs: 0,
      },
    });

  it("says linked for a link made by this run, already linked for one the explorer had", () => {
    expect(finished("verified")).toBe(`linked      proxy of Box at ${proxy}`);
    expect(finished("already-verified")).toBe(`already linked proxy of Box at ${proxy}`);
  });
});
