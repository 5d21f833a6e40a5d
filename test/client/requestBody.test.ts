import { describe, expect, it } from "@jest/globals";
import { type EncodedBody, multipartBody } from "../../src/client/requestBody.js";

// Parsed by the WHATWG multipart parser that ships with Node, as an independent reader of what is sent.
async function parse(body: EncodedBody): Promise<FormData> {
  return new Request("http://explorer.invalid/", {
    method: "POST",
    headers: { "content-type": body.contentType },
    body: body.payload,
  }).formData();
}

function boundaryOf(body: EncodedBody): string {
  return /^multipart\/form-data; boundary=(\S+)$/.exec(body.contentType)?.[1] ?? "";
}

describe("multipartBody", () => {
  it("encodes fields and files that a standard parser reads back exactly", async () => {
    const source = "// ünïcödé ✓\r\n--boundary-like line\r\n\r\ncontract A {}\n";
    const body = await multipartBody({ address: "0xab", empty: "", skipped: undefined }, [
      { name: "contracts/A.sol", content: source },
      { name: "metadata.json", content: '{"a":1}' },
      { name: "notes.txt", content: "x", contentType: "text/markdown" },
    ]);
    expect(body.bytes).toBe(body.payload.length);
    expect(boundaryOf(body)).not.toBe("");
    const form = await parse(body);
    expect([...form.keys()]).toEqual(["address", "empty", "files[0]", "files[1]", "files[2]"]);
    expect(form.get("address")).toBe("0xab");
    expect(form.get("empty")).toBe("");
    const file = form.get("files[0]") as File;
    expect(file.name).toBe("contracts/A.sol");
    expect(file.type).toBe("text/plain");
    expect(await file.text()).toBe(source);
    expect((form.get("files[1]") as File).type).toBe("application/json");
    expect((form.get("files[2]") as File).type).toBe("text/markdown");
  });

  it("sends the line breaks of a text field as they are (LF, CR, CRLF), as a field, not a file", async () => {
    const source = "pragma solidity ^0.8.0;\n\ncontract A {}\r// cr\r\n// crlf\n";
    const body = await multipartBody({ sourceCode: source, address: "0xab" });
    const text = Buffer.from(body.payload).toString("utf8");
    const boundary = boundaryOf(body);
    expect(text).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="sourceCode"\r\nContent-Type: text/plain;charset=utf-8\r\n\r\n${source}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="address"\r\n\r\n0xab\r\n` +
        `--${boundary}--\r\n`,
    );
    const form = await parse(body);
    expect(form.get("sourceCode")).toBe(source);
  });

  it("escapes quotes and line breaks in names so they cannot end the header early", async () => {
    const body = await multipartBody(
      { 'we"ird\r\nname': "v" },
      [{ name: 'a"b.sol', content: "c" }],
      () => "f",
    );
    const head = Buffer.from(body.payload).toString("utf8");
    expect(head).toContain('name="we%22ird%0D%0Aname"');
    expect(head).toContain('filename="a%22b.sol"');
    const form = await parse(body);
    expect(form.get("f")).toBeInstanceOf(File);
    expect(form.getAll("f")).toHaveLength(1);
  });

  it("uses a boundary that occurs in no part", async () => {
    const body = await multipartBody({ a: "----formdata-undici-0", b: "--" });
    const boundary = boundaryOf(body);
    const text = Buffer.from(body.payload).toString("utf8");
    expect(text.split(boundary)).toHaveLength(4);
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });
});
