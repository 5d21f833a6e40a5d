import { describe, expect, it } from "@jest/globals";
import { createRedactor } from "../../src/errors/redact.js";
import { secretApiKey } from "../support/addresses.js";
import { keySpellings, keySpellingsIn } from "../support/keySpellings.js";

describe("redaction", () => {
  const redact = createRedactor([secretApiKey]);

  it.each(Object.entries(keySpellings(secretApiKey)))("replaces the key spelled %s", (_name, spelling) => {
    const redacted = redact(`before ${spelling} after`);
    expect(keySpellingsIn(redacted, secretApiKey)).toEqual([]);
    expect(redacted).toContain("***");
  });

  it("replaces a key whose characters are spelled in several ways at once", () => {
    const mixed = "sk%5flive\\u005fSECRET-key\\/with%2Bodd&#61;chars";
    expect(redact(`x=${mixed};`)).toBe("x=***;");
  });

  it("leaves text without the key alone", () => {
    const text = '{"status":"0","message":"NOTOK","result":"Invalid API Key sk_live_other"}';
    expect(redact(text)).toBe(text);
  });
});

describe("redaction of the GitHub token beside the keys", () => {
  const githubToken = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";
  const redact = createRedactor([secretApiKey, githubToken]);

  it.each(Object.entries(keySpellings(githubToken)))("replaces the token spelled %s", (_name, spelling) => {
    const redacted = redact(`{"message":"Bad credentials ${spelling}"}`);
    expect(keySpellingsIn(redacted, githubToken)).toEqual([]);
    expect(redacted).toContain("***");
  });

  it("replaces the token inside an echoed Authorization header or Basic credential, base64 at any alignment", () => {
    for (const credential of [
      `token ${githubToken}`,
      `Bearer ${githubToken}`,
      `x-access-token:${githubToken}`,
    ]) {
      for (const encoding of ["base64", "base64url"] as const) {
        const redacted = redact(`echo: ${Buffer.from(credential).toString(encoding)}`);
        expect(keySpellingsIn(redacted, githubToken)).toEqual([]);
        expect(redacted).toMatch(/\*\*\*/);
      }
    }
  });

  it("replaces a key's base64 that is itself JSON-escaped, percent-encoded, HTML-escaped or broken over lines", () => {
    // A key whose base64 holds "+" and "/", the characters those spellings change.
    const key = "sk_test_??>>~~key??>>~~";
    const redact = createRedactor([key, githubToken]);
    const base64 = Buffer.from(`user:${key}`).toString("base64");
    expect(base64).toMatch(/\+.*\/|\/.*\+/);
    for (const spelled of [
      base64.replace(/\//g, "\\/"),
      encodeURIComponent(base64),
      base64.replace(/[+/=]/g, (character) => `&#${character.charCodeAt(0)};`),
      base64.replace(/(.{16})/g, "$1\r\n"),
      JSON.stringify(base64.replace(/(.{16})/g, "$1\n")).slice(1, -1),
    ]) {
      const redacted = redact(`before ${spelled} after`);
      expect(redacted).toMatch(/^before \S*\*\*\*\S* after$/);
      expect(redacted).not.toContain(spelled.slice(12, 40));
    }
  });
});
