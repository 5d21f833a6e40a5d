#!/usr/bin/env node
// Runs the local explorer as a long-lived server until interrupted, with the options `usage` below lists.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { blockscoutVersions, isBlockscoutVersion } from "./blockscoutVersion.js";
import { startLocalExplorer } from "./localExplorer.js";

const usage =
  "Usage: local-explorer --rpc URL [--port N] [--host 127.0.0.1] [--state FILE] [--compiler PATH (a soljson.js or a native solc) ...] [--rate-limit LIMIT/WINDOW_MS, e.g. 300/60000] [--blockscout-version 11|12 (default 11)] [--sourcify-delay-ms MS (verify_via_sourcify answers after that long)] [--pro-api (also answer as the Blockscout API under /{chainId}/api, 402 without a proapi_ key)] [--pro-api-unsupported-chain ID (answered 404 Network not supported there) ...]";

function fail(message: string): never {
  console.error(`local-explorer: ${message}\n${usage}`);
  process.exit(2);
}

const values = (() => {
  try {
    return parseArgs({
      options: {
        rpc: { type: "string" },
        port: { type: "string", default: "0" },
        host: { type: "string", default: "127.0.0.1" },
        state: { type: "string" },
        compiler: { type: "string", multiple: true, default: [] },
        "rate-limit": { type: "string" },
        "blockscout-version": { type: "string", default: "11" },
        "sourcify-delay-ms": { type: "string", default: "0" },
        "pro-api": { type: "boolean", default: false },
        "pro-api-unsupported-chain": { type: "string", multiple: true, default: [] },
        help: { type: "boolean", default: false },
      },
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
})();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.rpc) fail("--rpc is required: the JSON-RPC URL of the chain to serve.");
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  fail(`--port must be a port number, got "${values.port}".`);
const missingCompiler = values.compiler.find((path) => !existsSync(path));
if (missingCompiler !== undefined) fail(`--compiler names ${missingCompiler}, which does not exist.`);
const rateLimit = values["rate-limit"] === undefined ? undefined : parseRateLimit(values["rate-limit"]);
const blockscoutVersion = values["blockscout-version"];
if (!isBlockscoutVersion(blockscoutVersion))
  fail(`--blockscout-version must be ${blockscoutVersions.join(" or ")}, got "${blockscoutVersion}".`);
const sourcifyAnswerDelayMs = Number(values["sourcify-delay-ms"]);
if (!Number.isSafeInteger(sourcifyAnswerDelayMs) || sourcifyAnswerDelayMs < 0)
  fail(`--sourcify-delay-ms must be a whole number of milliseconds, got "${values["sourcify-delay-ms"]}".`);
const unsupportedChains = values["pro-api-unsupported-chain"].map((text) => {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1)
    fail(`--pro-api-unsupported-chain takes a chain id, got "${text}".`);
  return id;
});
const proApi =
  values["pro-api"] || unsupportedChains.length > 0 ? { requireKey: true, unsupportedChains } : undefined;

// Blockscout's own default is 300 requests a minute per IP.
function parseRateLimit(text: string): { limit: number; windowMs: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const limit = Number(match?.[1]);
  const windowMs = Number(match?.[2]);
  if (!match || limit < 1 || windowMs < 1)
    fail(`--rate-limit takes requests per window in ms, e.g. 300/60000; got "${text}".`);
  return { limit, windowMs };
}

try {
  const explorer = await startLocalExplorer({
    rpcUrl: values.rpc,
    port,
    host: values.host,
    ...(values.state ? { stateFile: values.state } : {}),
    compilers: values.compiler,
    rateLimit,
    blockscoutVersion,
    sourcifyAnswerDelayMs,
    proApi,
    onVerdict: (address, verdict) =>
      console.log(
        verdict.ok
          ? `verified ${address} (${verdict.contract.contractName}, ${verdict.contract.match ?? "perfect"} match)`
          : `not verified ${address}: ${verdict.reason} ${verdict.explanation}`,
      ),
  });
  console.log(
    `Local explorer for chain ${explorer.chainId} at ${explorer.url}, answering as Blockscout ${blockscoutVersion} (state: ${explorer.stateFile ?? "in memory"}${rateLimit ? `; ${rateLimit.limit} requests per ${rateLimit.windowMs} ms` : ""})${proApi ? `, and as the Blockscout API at ${explorer.url}/${explorer.chainId}/api` : ""}`,
  );
  const stop = () => void explorer.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (error) {
  fail(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
}
