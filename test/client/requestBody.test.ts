import { describe, expect, it } from "@jest/globals";
import { multipartBody } from "../../src/client/requestBody.js";

// Parsed by the WHATWG multipart parser that ships with Node, as an independent reader of what is sent.
async function parse(body: ReturnType<typeof multipartBody>): Promise<FormData> {
  return new Request("http://explorer.invalid/", {
    method: "POST",
    headers: { "content-type": body.contentType },
    body: body.payload,
  }).formData();
}

describe("multipartBody", () => {
  it("encodes fields and files that a standard parser reads back exactly", async () => {
    const source = "// ünïcödé ✓\r\n--boundary-like line\r\n\r\ncontract A {}\n";
    const body = multipartBody({ address: "0xab", empty: "", skipped: undefined }, [
      { name: "contracts/A.sol", content: source },
      { name: "metadata.json", content: '{"a":1}' },
      { name: "notes.txt", content: "x", contentType: "text/markdown" },
    ]);
    expect(body.bytes).toBe(body.payload.length);
    expect(body.contentType).toMatch(/^multipart\/form-data; boundary=----explorer-verify-[0-9a-z]+$/);
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

  it("escapes quotes and line breaks in names so they cannot end the header early", async () => {
    const body = multipartBody({ 'we"ird\r\nname': "v" }, [{ name: 'a"b.sol', content: "c" }], () => "f");
    const head = body.payload.toString("utf8");
    expect(head).toContain('name="we%22ird%0D%0Aname"');
    expect(head).toContain('filename="a%22b.sol"');
    const form = await parse(body);
    expect(form.get("f")).toBeInstanceOf(File);
    expect(form.getAll("f")).toHaveLength(1);
  });

  it("chooses a boundary that occurs in no part", () => {
    const body = multipartBody({ a: "----explorer-verify-" });
    const boundary = body.contentType.split("boundary=")[1] ?? "";
    const text = body.payload.toString("utf8");
    expect(text.split(boundary)).toHaveLength(3);
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });
});
