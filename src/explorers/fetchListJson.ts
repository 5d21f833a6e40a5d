import { parsedJson } from "../kernel/jsonValues.js";
import { loadHttpClient } from "../kernel/loadHttpClient.js";
import { errnoCode } from "../kernel/systemErrors.js";

/**
 * Reads a published list (a service's chains, Blockscout's instances) as JSON, the whole answer within the time
 * limit and the size cap. No key travels with it.
 *
 * @param listUrl - the list's URL
 * @param timeoutMs - the time limit, body included
 * @param maxBytes - the most bytes read
 * @returns the parsed answer
 * @throws {Error} with a short reason: timed out, connection failure, HTTP status, not JSON
 */
export async function fetchListJson(listUrl: string, timeoutMs: number, maxBytes: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { sendHttpRequest } = await loadHttpClient();
    const response = await sendHttpRequest(new URL(listUrl), {
      method: "GET",
      headers: { accept: "application/json" },
      signal: controller.signal,
      maxBodyBytes: maxBytes,
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    const json = parsedJson(text);
    if (json === undefined) throw new Error("the answer is not JSON");
    return json;
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`no answer within ${timeoutMs / 1_000} s`);
    const code = errnoCode(error);
    if (code?.startsWith("E")) throw new Error(`connection failed (${code})`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
