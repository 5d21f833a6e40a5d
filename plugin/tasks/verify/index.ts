import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";
import type { NewTaskDefinitionBuilder } from "hardhat/types/tasks";
import { verificationDefaults } from "../../../src/options/verificationOptions.js";
import { runSettings, type Setting } from "../../../src/run/settings.js";

const declared = task(
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
  .addFlag({
    name: "proxy",
    description: "ADDRESS is an ERC-1967 proxy: verify its implementation and link them",
  })
  .addFlag({
    name: "serve",
    description: "Keep the embedded local explorer and its pages running after the table, until Ctrl-C",
  })
  .addFlag({
    name: "json",
    description: "Print one JSON document { results } on stdout and nothing else there",
  });

// The run's settings (timeout, force, no-wait, …) are declared in the hall: each one the task offers becomes its
// option here, a whole number's 0 standing for "the config's value, else the default".
let definition = declared;
for (const setting of runSettings as readonly Setting[]) {
  if (!setting.option) continue;
  const description = setting.option.startsWith("no") ? (setting.negatedHelp ?? setting.help) : setting.help;
  definition = (
    setting.type === "switch"
      ? definition.addFlag({ name: setting.option, description })
      : setting.type === "list"
        ? definition.addOption({
            name: setting.option,
            type: ArgumentType.STRING,
            description,
            defaultValue: "",
          })
        : definition.addOption({
            name: setting.option,
            type: ArgumentType.INT,
            description: `${description.replace(/\.$/, "")} (default: the config's, else ${setting.default ?? "none"})`,
            defaultValue: 0,
          })
  ) as typeof declared;
}

// The arguments' type is the task action's own (taskArguments.ts): the loop above is beyond the builder's inference.
export default (definition as unknown as NewTaskDefinitionBuilder<Record<string, never>>)
  .setAction(() => import("./task-action.js") as never)
  .build();
