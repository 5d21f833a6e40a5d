#!/usr/bin/env node
// `explorer-verify`: the standalone CLI. Only node built-ins load before the subcommand is known.
import module from "node:module";

// Later starts reuse the compiled code of the package's modules (Node 22.1+), which is most of the start-up.
module.enableCompileCache?.();
const { main } = await import("./main.js");
process.exitCode = await main(process.argv.slice(2));
