#!/usr/bin/env node
// `explorer-verify`: the standalone CLI. Only node built-ins load before the subcommand is known.
import module from "node:module";

// Later starts reuse the compiled code of the package's modules (Node 22.1+), which is most of the start-up.
module.enableCompileCache?.();
const { main } = await import("./main.js");
const code = await main(process.argv.slice(2));
// Interrupted (130, 143): answers still in flight are not awaited, so their sockets must not hold the process.
if (code === 130 || code === 143) process.exit(code);
process.exitCode = code;
