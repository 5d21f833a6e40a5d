#!/usr/bin/env node
// `explorer-verify`: the standalone CLI. Only node built-ins load before the subcommand is known.
import { main } from "./main.js";

process.exitCode = await main(process.argv.slice(2));
