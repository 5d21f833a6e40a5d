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
 * Encodes a multipart/form-data body. Undefined fields are left out; files become parts named by `fileField(i)`.
 *
 * @param fields - text fields
 * @param files - file parts
 * @param fileField - the part name of the i-th file; Blockscout reads `files[0]`, `files[1]`, ...
 * @returns the body
 */
export async function multipartBody(
  fields: Record<string, string | undefined>,
  files: ReadonlyArray<UploadFile> = [],
  fileField: (index: number) => string = (index) => `files[${index}]`,
): Promise<EncodedBody> {
  // Loaded on the first submission: reads and the first request do not need it.
  const { default: FormData } = await import("form-data");
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  files.forEach((file, index) => {
    form.append(fileField(index), Buffer.from(file.content, "utf8"), {
      filepath: file.name,
      contentType: file.contentType ?? (file.name.endsWith(".json") ? "application/json" : "text/plain"),
    });
  });
  const payload = form.getBuffer();
  return { contentType: form.getHeaders()["content-type"] as string, payload, bytes: payload.length };
}
