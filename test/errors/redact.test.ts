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
