import { loadHttpClient } from "../client/loadHttpClient.js";
import type { KnownExplorer } from "./knownExplorer.js";
import { type ChainListTrust, maxChainListBytes, parsePublishedChainList } from "./publishedChainList.js";

/**
 * Reads Blockscout's published list of instances, the whole answer within the time limit.
 *
 * @param listUrl - the list's URL
 * @param timeoutMs - the time limit, body included
 * @param trust - whether loopback `http://` instances are accepted
 * @returns the instances by chain id
 * @throws {Error} with a short reason: timed out, connection failure, HTTP status, not JSON, not the list's shape
 */
export async function fetchPublishedChainList(
  listUrl: string,
  timeoutMs: number,
  trust: ChainListTrust = {},
): Promise<Map<number, KnownExplorer>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { sendHttpRequest } = await loadHttpClient();
    const response = await sendHttpRequest(new URL(listUrl), {
      method: "GET",
      headers: { accept: "application/json" },
      signal: controller.signal,
      maxBodyBytes: maxChainListBytes,
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error("the answer is not JSON");
    }
    return parsePublishedChainList(json, trust);
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`no answer within ${timeoutMs / 1_000} s`);
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("E")) throw new Error(`connection failed (${code})`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
