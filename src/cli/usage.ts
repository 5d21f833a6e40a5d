import { copyLeavesOut, settingFlagLines } from "./settingFlags.js";

// The flags that describe one ADDRESS's build, as verify and bundle list them.
const addressFlagLines = `  --standard-json FILE        a compiler standard JSON input, with --contract and --compiler-version
  --compiler-version V        v0.8.28+commit.7893614a or 0.8.28 (with --standard-json)
  --constructor-args-hex HEX  ABI-encoded constructor arguments, instead of CONSTRUCTOR_ARGS
  --creation-tx-hash HASH     the transaction that created ADDRESS, sent to Sourcify (earns a creation match)
  --libraries LIBS            linked libraries: src/Lib.sol:Lib:0x... (forge's form, repeatable), JSON (by name, or
                              by file then name as solc takes them), or a JSON file
  --format F                  auto, standard-json, single-file, flattened or registry (default auto)`;

/** The `--help` text of each subcommand, and of the CLI as a whole. */
export const usage = {
  main: `Usage: explorer-verify <command> [options]

Verify smart contracts on Blockscout explorers, and on Etherscan, Sourcify and Routescan too (--targets).

Commands:
  verify          verify contracts: one address, deployments, a manifest, a standard JSON input or a bundle
  plan            split a run into shards, as a GitHub Actions matrix (verify --shard does one)
  merge           merge the shards' ledgers and results into one ledger and one report
  copy ADDRESS... verify contracts verified on one service on the others, from that service's sources
  bundle          write the bundle of a deployment's contracts, for verify --bundle later or elsewhere
  status [GUID]   look up a submission by its guid; without one, print the ledger
  fetch ADDRESS   download a verified contract's ABI, sources and creation data
  local-explorer  run the embedded local explorer for a local chain

Run explorer-verify <command> --help (or explorer-verify help <command>) for its options; --version prints the version.
Keys are read from the environment, never from a flag: EXPLORER_VERIFY_API_KEY (Blockscout), ETHERSCAN_API_KEY,
ROUTESCAN_API_KEY (optional). foundry.toml's [etherscan] entry for the chain names the Blockscout explorer (and its
key, when EXPLORER_VERIFY_API_KEY is not set), for verify, status and fetch alike.
Colours are used on a terminal unless NO_COLOR is set.`,
  verify: `Usage:
  explorer-verify verify ADDRESS [CONSTRUCTOR_ARGS...] [--contract path/File.sol:Name] [options]
  explorer-verify verify --deployment PATH... [options]
  explorer-verify verify --manifest FILE [options]
  explorer-verify verify ADDRESS --standard-json FILE --contract path/File.sol:Name --compiler-version V [options]
  explorer-verify verify --bundle FILE [options]

Where the contracts come from:
  ADDRESS                     the deployed contract; CONSTRUCTOR_ARGS are its constructor's values (a first one
                              shaped path/File.sol:Name is the contract, as forge verify-contract reads it; those
                              from one that starts with - on go after --: ADDRESS [options] -- -5 7)
  --contract NAME             path/File.sol:Name or Name (inferred from the deployed code with --rpc-url)
  --artifacts DIR             Hardhat artifacts or Foundry out/ (default: out when it exists, else artifacts)
  --deployment PATH...        a Foundry broadcast run-latest.json, a Hardhat Ignition deployment folder, or a
                              hardhat-deploy/rocketh network folder (deployments/sepolia)
  --manifest FILE             a contracts manifest (see the README)
${addressFlagLines}
  --proxy                     ADDRESS is a proxy (EIP-1967, beacon, EIP-1822, diamond, clone, Safe): verify it with
                              its implementations, beacon or facets (found in the build), then link it
  --bundle FILE               a bundle (explorer-verify bundle): its contracts, with no project, build or compiler

Where they are verified:
  --explorer-url URL          the Blockscout explorer (without it, a local --rpc-url uses the embedded explorer)
  --chain-id N                the chain's Blockscout explorer, found by chain id (a proapi_ key goes through the
                              Blockscout API, EXPLORER_VERIFY_BLOCKSCOUT_API_URL)
  --rpc-url URL               the chain: contract inference, constructor-argument recovery, preflight
  --endpoint CHAIN=SERVICE=URL  a chain's own endpoint of a service, over the run's (repeatable): e.g.
                              10=etherscan=https://api.tenderly.co/api/v1/account/A/project/P/etherscan/verify/network/10
  --endpoint-key CHAIN=SERVICE=VARIABLE  the environment variable holding that endpoint's key (repeatable); it is
                              sent to that chain's endpoint of that service only
  --endpoint-site CHAIN=SERVICE=URL  where that endpoint shows its contracts, for the records' links (repeatable)
  The chain given, the chain the deployments record and the chain --rpc-url answers must agree; otherwise
  nothing is sent.

How:
${settingFlagLines().join("\n")}
  --ledger FILE               the verification ledger (default .explorer-verify/ledger.json): what it records
                              verified is not asked again, its pending guids are polled, never resubmitted
  --no-ledger                 keep no ledger: ask the explorer about every contract
  --shard K-of-N              one shard of explorer-verify plan's matrix: only its explorers, with its share of each
                              key's stated budget (the same contracts and --targets as the plan)
  --plan DIGEST               with --shard: the plan's digest its matrix row names ("plan"); a shard whose contracts
                              or settings make another plan is refused, naming what differs, before anything is sent
  --json                      print one JSON document { "results": [...] } on stdout; progress goes to stderr
  --show-standard-json-input  print the standard JSON input that would be sent (several contracts:
                              { "inputs": [{ address, contract, compilerVersion, input }] }) and send nothing

Exit code 0 when every contract is verified (or already was), 1 when one is not, 2 for a mistake in the command.`,
  plan: `Usage:
  explorer-verify plan --deployment PATH... --shards N [--targets SERVICES] [options]
  explorer-verify plan --manifest FILE --shards N [--targets SERVICES] [options]
  explorer-verify plan --bundle FILE --shards N [--targets SERVICES] [options]

Splits the run verify would do into N shards and prints them as a GitHub Actions matrix on stdout:
{"include":[{"shard":"1-of-4","plan":"<digest>","explorers":"blockscout on chain 1, …","contracts":30,
"verifications":60}, …]}: a row's contracts counts each contract once, its verifications each contract on each of
its explorers. Shards split by chain × service, balanced by contract count; an explorer (a chain on a service) is
split across shards only where --requests-per-second leaves each part at least the service's own pace, each part at
its share ("rateShare"), and stderr says per explorer why it was or was not split; --key-secrets names the secret
each shard's key comes from ("etherscan-key-secret"), and a key's stated budget (Etherscan's) is divided among the
shards that share that key ("budgetShare"). A shard with no explorer (more shards than explorers) has no row. The
plan's digest covers the contracts, the targets, N, the stated rate and the secrets: explorer-verify verify --shard
K-of-N --plan DIGEST with the same contracts and settings does one shard, and refuses another plan. Nothing is sent
to any service.
  --shards N                  how many shards, 1 to 256
  --bundle FILE               a bundle (explorer-verify bundle)
  --deployment PATH...        a Foundry broadcast, an Ignition or a hardhat-deploy/rocketh deployment folder
  --manifest FILE             a contracts manifest (see the README)
  --artifacts DIR             Hardhat artifacts or Foundry out/ (default: out when it exists, else artifacts)
  --contract, --standard-json, --compiler-version, --constructor-args-hex, --libraries, --format, --proxy,
  --creation-tx-hash, --chain-id, --rpc-url
                              as verify reads them, for the contracts they name
${settingFlagLines((flag) => /^(targets|requests-per-second|key-secrets|timeout)$/.test(flag)).join("\n")}
Verify's other flags (--explorer-url, --endpoint, --endpoint-key, --ledger, --shard, --plan, --json, and its other
settings) are accepted and ignored, so one command line serves both.

Exit code 0 when the plan is printed, 2 for a mistake in the command.`,
  merge: `Usage: explorer-verify merge --from DIR [--from DIR ...] --ledger FILE [--plan DIGEST] [--optional-targets SERVICES] [--json]

Merges what a plan's shards did: each DIR is a shard's folder (its ledger.json, and its verify --json output as
results.json) or a folder of them (the artifacts of a workflow run). Writes one ledger (what FILE holds is merged
too; a verified record wins over a pending one, a pending one over a failure) and prints one report, as verify does.
The merge judges by the plan (worked out again from what the shards' results say it is made of): a folder of another
plan is refused and named; from each shard only its own part is kept (records and ledger entries of the explorers
the plan gave it, with dates no later than now), a verified record counts only when its ledger says verified, and
anything else is named as that shard's fault and dropped. A shard's files are read only as regular files in its
folder, at most 64 MiB each. A shard of the plan that did not report, or was cut short, is named; what its ledger
holds counts as its verdicts, and its other contracts show as not run (not_run); a rerun of that shard with the
merged ledger does them. Merging again gives the same ledger and report.
  --from DIR                  a shard's folder, or a folder of them (repeatable)
  --ledger FILE               the merged ledger, e.g. .explorer-verify/ledger.json
  --plan DIGEST               the plan's digest its matrix names: the merge judges by it, and refuses folders of any
                              other (default: the plan most folders name)
${settingFlagLines((flag) => flag === "optional-targets").join("\n")}
  --json                      print one JSON document { "results": [...] } on stdout; progress goes to stderr

Exit code 0 when every shard reported and every contract is verified (failures on --optional-targets only warn), 1
when a shard did not report, a folder was at fault or a contract is not verified, 2 for a mistake in the command.`,
  copy: `Usage: explorer-verify copy ADDRESS... --from SERVICE --to SERVICE,... [--chain-id N] [options]

Reads each contract's verified sources and settings from the --from service and verifies them on every --to service:
the same compiler version, settings, libraries and constructor arguments, with no project, no build and no compiler.
A partial match is copied and its record says so; a contract the --from service does not hold verified itself (a
bytecode twin, a clone, one Blockscout verified from its bytecode database) is not copied.
  --from SERVICE              where the verifications are read: blockscout, etherscan, sourcify or routescan
  --to SERVICES               where they are verified, comma-separated (not --from)
  --chain-id N                the contracts' chain (it finds the chain's Blockscout explorer too)
  --explorer-url URL          the Blockscout explorer, read or verified on
  --rpc-url URL               a local chain: its chain id, and the embedded local explorer when no URL is given
  --endpoint CHAIN=SERVICE=URL, --endpoint-key CHAIN=SERVICE=VARIABLE  a chain's own endpoint and key, as verify
${settingFlagLines((flag) => !copyLeavesOut.includes(flag)).join("\n")}
  --ledger FILE, --no-ledger  the verification ledger, as verify keeps it (default .explorer-verify/ledger.json)
  --json                      print one JSON document { "results": [...] } on stdout; progress goes to stderr

Exit code 0 when every contract is verified on every --to service (or already was), 1 when one is not, 2 for a
mistake in the command.`,
  bundle: `Usage:
  explorer-verify bundle --deployment PATH... [--artifacts DIR] [--out FILE]
  explorer-verify bundle --manifest FILE [--artifacts DIR] [--out FILE]
  explorer-verify bundle ADDRESS [CONSTRUCTOR_ARGS...] [--contract path/File.sol:Name] [--out FILE]

Writes the bundle of the contracts verify would verify (the same flags name them): per contract its chain, address,
name, compiler version, standard JSON input (each distinct input once, keyed by its keccak256), constructor arguments,
libraries, proxy link and creation. explorer-verify verify --bundle FILE verifies them later or elsewhere, with no
project, no build and no compiler. Nothing is sent to any service.
  --out FILE                  the bundle's file (default verification.json)
  --deployment PATH...        a Foundry broadcast run-latest.json, a Hardhat Ignition deployment folder, or a
                              hardhat-deploy/rocketh network folder (deployments/sepolia)
  --manifest FILE             a contracts manifest (see the README)
  --artifacts DIR             Hardhat artifacts or Foundry out/ (default: out when it exists, else artifacts)
  --contract NAME             path/File.sol:Name or Name (inferred from the deployed code with --rpc-url)
${addressFlagLines}
  --proxy                     ADDRESS is a proxy (any kind verify reads): the bundle marks it, and verify --bundle
                              verifies its parts (with --rpc-url) and links it
  --chain-id N                the contracts' chain, when no deployment records it
  --rpc-url URL               the chain: contract inference, constructor-argument recovery, its chain id

Exit code 0 when the bundle holds every contract named, 1 when a manifest entry was left out, 2 for a mistake.`,
  status: `Usage: explorer-verify status GUID [--target SERVICE] [--proxy] [--explorer-url URL | --chain-id N | --rpc-url URL] [--json]
       explorer-verify status [--ledger FILE] [--json]

Looks up a submission by the guid it returned. Without a GUID, prints the ledger (default
.explorer-verify/ledger.json): every contract on every chain, its state and its link.
  --ledger FILE       the ledger to print (without a GUID)
  --target SERVICE    the service the guid is from: blockscout (default), etherscan, sourcify, routescan
  --proxy             the guid is of a proxy link (verifyproxycontract)
  --explorer-url URL  the explorer (without it, a local --rpc-url uses the embedded explorer and its saved state)
  --chain-id N        the chain, whose explorer the registry (or foundry.toml's [etherscan]) names
  --rpc-url URL       the local chain whose embedded explorer to ask
  --endpoint CHAIN=SERVICE=URL, --endpoint-key CHAIN=SERVICE=VARIABLE  a chain's own endpoint and key, as verify
  --json              print one JSON document on stdout

Exit code 0 when verified or still pending, 1 when it failed or the guid is unknown, 2 for a mistake in the command.`,
  fetch: `Usage: explorer-verify fetch ADDRESS [--out DIR] [--explorer-url URL | --chain-id N | --rpc-url URL]

Writes a verified contract's abi.json, contract.json (settings), sources/ and creation.json to DIR.
  --out DIR           where to write them (default explorer-verify-fetch)
  --explorer-url URL  the explorer
  --chain-id N        the chain, whose explorer the registry (or foundry.toml's [etherscan]) names
  --rpc-url URL       a local chain, whose embedded explorer and its saved state are asked

Exit code 0 when written, 1 when the explorer could not be read, 2 for a mistake in the command or an ADDRESS the
explorer holds no verified source for.`,
  localExplorer: `Usage: explorer-verify local-explorer --rpc URL [--port N] [--host 127.0.0.1] [--state FILE] [--compiler PATH/soljson.js ...] [--rate-limit LIMIT/WINDOW_MS] [--blockscout-version 11|12] [--sourcify-delay-ms MS] [--pro-api] [--pro-api-unsupported-chain ID ...]

Runs the embedded Blockscout-compatible explorer for a chain until interrupted. --pro-api also answers as the
Blockscout API under /{chainId}/api (402 without a proapi_ key); --pro-api-unsupported-chain answers 404 for a chain.`,
} as const;
