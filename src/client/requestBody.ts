import { loadHttpClient } from "../kernel/loadHttpClient.js";

/** An encoded request body and its content type. */
export interface EncodedBody {
  contentType: string;
  payload: Buffer | string;
  bytes: number;
}

/** A file part of a multipart body. */
export interface UploadFile {
  /** The file name the explorer sees, e.g. `metadata.json` or `contracts/Token.sol`. */
  name: string;
  content: string;
  /** Defaults to `application/json` for `.json` names, else `text/plain`. */
  contentType?: string;
}

/**
 * Encodes a JSON body.
 *
 * @param value - any JSON-serialisable value
 * @returns the body
 */
export function jsonBody(value: unknown): EncodedBody {
  const payload = JSON.stringify(value);
  return { contentType: "application/json", payload, bytes: Buffer.byteLength(payload) };
}

/**
 * Encodes a multipart/form-data body with undici's `FormData`, whole, so that its size is known before it is sent
 * (and a retry sends the same bytes). Undefined fields are left out; files become parts named by `fileField(i)`, with
 * their whole path as the file name, as Blockscout reads them. undici comes with the HTTP client module, loaded here
 * rather than with the callers.
 * @param fileField - the part name of the i-th file; Blockscout reads `files[0]`, `files[1]`, ...
 */
export async function multipartBody(
  fields: Record<string, string | undefined>,
  files: ReadonlyArray<UploadFile> = [],
  fileField: (index: number) => string = (index) => `files[${index}]`,
): Promise<EncodedBody> {
  const { FormData, Response } = await loadHttpClient();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    // FormData's encoder writes every line break of a string value as CRLF (HTML's form rules): a source sent so
    // would not be the source compiled. A nameless file is a part without a file name, which every multipart reader
    // takes as a field, and its bytes go as they are.
    if (/[\r\n]/.test(value)) form.append(name, new File([value], "", { type: "text/plain;charset=utf-8" }));
    else form.append(name, value);
  }
  files.forEach((file, index) => {
    const type = file.contentType ?? (file.name.endsWith(".json") ? "application/json" : "text/plain");
    form.append(fileField(index), new File([file.content], file.name, { type }));
  });
  const parts = [...form.keys()].length;
  for (;;) {
    const encoded = new Response(form);
    const contentType = encoded.headers.get("content-type") ?? "";
    const payload = Buffer.from(await encoded.arrayBuffer());
    // The boundary is random; a part that happens to hold it would end early. Encoded again, it is another.
    if (occurrences(payload, `--${contentType.split("boundary=")[1]}`) === parts + 1)
      return { contentType, payload, bytes: payload.length };
  }
}

function occurrences(payload: Buffer, text: string): number {
  let count = 0;
  for (let at = payload.indexOf(text); at !== -1; at = payload.indexOf(text, at + text.length)) count++;
  return count;
}
