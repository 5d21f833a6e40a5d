import { settingFlagLines } from "../run/settings.js";

/** The `--help` text of each subcommand, and of the CLI as a whole. */
export const usage = {
  main: `Usage: explorer-verify <command> [options]

Verify smart contracts on Blockscout explorers, and on Etherscan, Sourcify and Routescan too (--targets).

Commands:
  verify          verify contracts: one address, deployments, a manifest or a standard JSON input
  status [GUID]   look up a submission by its guid; without one, print the ledger
  fetch ADDRESS   download a verified contract's ABI, sources and creation data
  local-explorer  run the embedded local explorer for a local chain

Run explorer-verify <command> --help for its options.
Keys are read from the environment, never from a flag: EXPLORER_VERIFY_API_KEY (Blockscout), ETHERSCAN_API_KEY,
ROUTESCAN_API_KEY (optional). foundry.toml's [etherscan] entry for the chain names the Blockscout explorer (and its
key, when EXPLORER_VERIFY_API_KEY is not set), for verify, status and fetch alike.
Colours are used on a terminal unless NO_COLOR is set.`,
  verify: `Usage:
  explorer-verify verify ADDRESS [CONSTRUCTOR_ARGS...] [--contract path/File.sol:Name] [options]
  explorer-verify verify --deployment PATH... [options]
  explorer-verify verify --manifest FILE [options]
  explorer-verify verify ADDRESS --standard-json FILE --contract path/File.sol:Name --compiler-version V [options]

Where the contracts come from:
  ADDRESS                     the deployed contract; CONSTRUCTOR_ARGS are its constructor's values
  --contract NAME             path/File.sol:Name or Name (inferred from the deployed code with --rpc-url)
  --artifacts DIR             Hardhat artifacts or Foundry out/ (default: out when it exists, else artifacts)
  --deployment PATH...        a Foundry broadcast run-latest.json or a Hardhat Ignition deployment folder
  --manifest FILE             a contracts manifest (see the README)
  --standard-json FILE        a compiler standard JSON input, with --contract and --compiler-version
  --compiler-version V        v0.8.28+commit.7893614a or 0.8.28 (with --standard-json)
  --constructor-args-hex HEX  ABI-encoded constructor arguments, instead of CONSTRUCTOR_ARGS
  --libraries LIBS            linked libraries: src/Lib.sol:Lib:0x... (forge's form, repeatable), JSON, or a JSON file
  --format F                  auto, standard-json, single-file, flattened or registry (default auto)
  --proxy                     ADDRESS is a proxy (EIP-1967, beacon, EIP-1822, diamond, clone, Safe): verify it with
                              its implementations, beacon or facets (found in the build), then link it

Where they are verified:
  --explorer-url URL          the Blockscout explorer (without it, a local --rpc-url uses the embedded explorer)
  --chain-id N                the chain's Blockscout explorer, found by chain id (a proapi_ key goes through the
                              Blockscout API, EXPLORER_VERIFY_BLOCKSCOUT_API_URL)
  --rpc-url URL               the chain: contract inference, constructor-argument recovery, preflight
  The chain given, the chain the deployments record and the chain --rpc-url answers must agree; otherwise
  nothing is sent.

How:
${settingFlagLines().join("\n")}
  --ledger FILE               the verification ledger (e.g. .explorer-verify/ledger.json): what it records
                              verified is not asked again, its pending guids are polled, never resubmitted
  --json                      print one JSON document { "results": [...] } on stdout; progress goes to stderr
  --show-standard-json-input  print the standard JSON input that would be sent (several contracts:
                              { "inputs": [{ address, contract, compilerVersion, input }] }) and send nothing

Exit code 0 when every contract is verified (or already was), 1 when one is not, 2 for a mistake in the command.`,
  status: `Usage: explorer-verify status GUID [--target SERVICE] [--proxy] [--explorer-url URL | --chain-id N | --rpc-url URL] [--json]
       explorer-verify status [--ledger FILE] [--json]

Looks up a submission by the guid it returned. Without a GUID, prints the ledger (default
.explorer-verify/ledger.json): every contract on every chain, its state and its link.
  --ledger FILE       the ledger to print (without a GUID)
  --target SERVICE    the service the guid is from: blockscout (default), etherscan, sourcify, routescan
  --proxy             the guid is of a proxy link (verifyproxycontract)
  --explorer-url URL  the explorer (without it, a local --rpc-url uses the embedded explorer and its saved state)
  --rpc-url URL       the local chain whose embedded explorer to ask
  --json              print one JSON document on stdout

Exit code 0 when verified or still pending, 1 when it failed or the guid is unknown, 2 for a mistake in the command.`,
  fetch: `Usage: explorer-verify fetch ADDRESS [--out DIR] [--explorer-url URL | --chain-id N | --rpc-url URL]

Writes a verified contract's abi.json, contract.json (settings), sources/ and creation.json to DIR
(default explorer-verify-fetch).`,
  localExplorer: `Usage: explorer-verify local-explorer --rpc URL [--port N] [--host 127.0.0.1] [--state FILE] [--compiler PATH/soljson.js ...] [--rate-limit LIMIT/WINDOW_MS] [--blockscout-version 11|12] [--sourcify-delay-ms MS]

Runs the embedded Blockscout-compatible explorer for a chain until interrupted.`,
} as const;
