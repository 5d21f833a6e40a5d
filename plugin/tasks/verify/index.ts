import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";
import { verificationDefaults } from "../../../src/options/verificationOptions.js";

export default task(
  "explorer-verify",
  "Verify contracts on a Blockscout explorer (or the local explorer on a local chain)",
)
  .addPositionalArgument({
    name: "address",
    description: "The contract's address (not with --deployment)",
    defaultValue: "",
  })
  .addVariadicArgument({
    name: "constructorArgs",
    description: "Constructor arguments, typed by the ABI",
    defaultValue: [],
  })
  .addOption({
    name: "explorerUrl",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The explorer (else the chain descriptor's Blockscout URL)",
    defaultValue: undefined,
  })
  .addOption({
    name: "contract",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "path/File.sol:Name (else inferred from the deployed code)",
    defaultValue: undefined,
  })
  .addOption({
    name: "constructorArgsPath",
    type: ArgumentType.FILE_WITHOUT_DEFAULT,
    description: "A module whose default export is the constructor arguments",
    defaultValue: undefined,
  })
  .addOption({
    name: "librariesPath",
    type: ArgumentType.FILE_WITHOUT_DEFAULT,
    description: "A module whose default export maps library names to addresses",
    defaultValue: undefined,
  })
  .addOption({
    name: "format",
    type: ArgumentType.STRING,
    description: "auto (standard JSON input), standard-json, single-file, flattened or registry",
    defaultValue: verificationDefaults.format,
  })
  .addOption({
    name: "deployment",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description:
      "Verify every contract of these Hardhat Ignition deployments: an ID, several (chain-10,chain-8453, or more IDs after it), or all",
    defaultValue: undefined,
  })
  .addOption({
    name: "ledger",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: `The verification ledger (default ${verificationDefaults.ledger} in the project; none for no ledger)`,
    defaultValue: undefined,
  })
  .addOption({
    name: "createdBy",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "Verify what this factory created in the transactions of --tx",
    defaultValue: undefined,
  })
  .addOption({
    name: "tx",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "With --created-by: the factory's transaction hashes, separated by commas",
    defaultValue: undefined,
  })
  .addOption({
    name: "timeout",
    type: ArgumentType.INT,
    description: `Deadline per contract in seconds (default: config, else ${verificationDefaults.timeoutSeconds})`,
    defaultValue: 0,
  })
  .addFlag({
    name: "proxy",
    description: "ADDRESS is an ERC-1967 proxy: verify its implementation and link them",
  })
  .addFlag({
    name: "includeCreated",
    description: "Also verify the contracts the deployment's (or ADDRESS's creation) transactions created",
  })
  .addFlag({ name: "force", description: "Submit even if the explorer says the contract is verified" })
  .addFlag({ name: "noWait", description: "Return after submitting, without waiting for the verdict" })
  .addFlag({
    name: "recheck",
    description: "Ask the explorer even about contracts the ledger records verified",
  })
  .addFlag({ name: "preflight", description: "Check locally that the submission matches before sending it" })
  .addFlag({
    name: "serve",
    description: "Keep the embedded local explorer and its pages running after the table, until Ctrl-C",
  })
  .addFlag({
    name: "json",
    description: "Print one JSON document { results } on stdout and nothing else there",
  })
  .setAction(() => import("./task-action.js"))
  .build();
