import { describe, expect, it } from "@jest/globals";
import { InvalidInputError, resolveExplorerUrls } from "../support/internals.js";

describe("resolveExplorerUrls", () => {
  it.each([
    "https://eth.blockscout.com",
    "https://eth.blockscout.com/",
    "https://eth.blockscout.com/api",
    "https://eth.blockscout.com/api/",
    "https://eth.blockscout.com/api?",
    "https://eth.blockscout.com/api/v2",
    "  https://eth.blockscout.com/api?module=contract  ",
  ])("reads %j as the same explorer", (url) => {
    expect(resolveExplorerUrls(url)).toEqual({
      base: "https://eth.blockscout.com",
      rpc: "https://eth.blockscout.com/api",
      rest: "https://eth.blockscout.com/api/v2",
    });
  });

  it("keeps a path prefix before /api", () => {
    expect(resolveExplorerUrls("http://127.0.0.1:4000/explorer/api").rpc).toBe(
      "http://127.0.0.1:4000/explorer/api",
    );
  });

  it.each([
    [
      "not a url",
      'The explorer URL "not a url" is not a valid URL. Give it like https://eth.blockscout.com.',
    ],
    ["ftp://host/api", 'The explorer URL must start with http:// or https://, got "ftp:".'],
  ])("rejects %j", (url, message) => {
    expect(() => resolveExplorerUrls(url)).toThrow(InvalidInputError);
    expect(() => resolveExplorerUrls(url)).toThrow(message);
  });
});
