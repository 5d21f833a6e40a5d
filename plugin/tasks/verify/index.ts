import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";
import { verificationDefaults } from "../../../src/options/verificationOptions.js";
import { type RunSettingName, settingNamed } from "../../../src/run/settings.js";

const declared = task(
  "explorer-verify",
  "Verify contracts on a Blockscout explorer (or the local explorer on a local chain)",
)
  .addPositionalArgument({
    name: "address",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The contract's address (not with --deployment)",
    defaultValue: undefined,
  })
  .addVariadicArgument({
    name: "constructorArgs",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "Constructor arguments, typed by the ABI",
    defaultValue: undefined,
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
      "Verify every contract of these Hardhat Ignition deployments: an ID, several (chain-10,chain-8453, or more IDs after it), or all; or of hardhat-deploy/rocketh network folders (deployments/sepolia), one or several, each on its own chain",
    defaultValue: undefined,
  })
  .addOption({
    name: "bundle",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description:
      "Verify every contract of this bundle (explorer-verify bundle, --write-bundle): no build, no compiler",
    defaultValue: undefined,
  })
  .addOption({
    name: "writeBundle",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "Also write the bundle of the run's contracts to this file, for --bundle later or elsewhere",
    defaultValue: undefined,
  })
  .addOption({
    name: "ledger",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: `The verification ledger (default ${verificationDefaults.ledger} in the project; none for no ledger)`,
    defaultValue: undefined,
  })
  .addOption({
    name: "creationTxHash",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: "The transaction that created ADDRESS, sent to Sourcify (earns a creation match)",
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
    description:
      "ADDRESS is a proxy: read its kind from the chain, verify it with its implementations, beacon or facets, and link it",
  })
  .addFlag({
    name: "serve",
    description: "Keep the embedded local explorer and its pages running after the table, until Ctrl-C",
  })
  .addFlag({
    name: "json",
    description: "Print one JSON document { results } on stdout and nothing else there",
  });

// The run's settings the task offers, each described from its one declaration in the hall, its default said there
// (Hardhat would print another, its own placeholder): taken as text, and read and checked by the hall, as the CLI's
// flags and the Action's inputs are.
export default declared
  .addOption({
    name: "targets",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: described("targets"),
    defaultValue: undefined,
  })
  .addOption({
    name: "optionalTargets",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: described("optionalTargets"),
    defaultValue: undefined,
  })
  .addFlag({ name: "noWait", description: described("wait") })
  .addOption({
    name: "timeout",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: described("timeoutSeconds"),
    defaultValue: undefined,
  })
  .addOption({
    name: "requestsPerSecond",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: described("requestsPerSecond"),
    defaultValue: undefined,
  })
  .addOption({
    name: "userAgent",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: described("userAgent"),
    defaultValue: undefined,
  })
  .addFlag({ name: "force", description: described("force") })
  .addFlag({ name: "sendUnlisted", description: described("sendUnlisted") })
  .addFlag({ name: "preflight", description: described("preflight") })
  .addFlag({ name: "includeCreated", description: described("includeCreated") })
  .addOption({
    name: "maxCreated",
    type: ArgumentType.STRING_WITHOUT_DEFAULT,
    description: described("maxCreated"),
    defaultValue: undefined,
  })
  .addFlag({ name: "includeProxies", description: described("includeProxies") })
  .addFlag({ name: "recheck", description: described("recheck") })
  .setAction(() => import("./task-action.js"))
  .build();

function described(name: RunSettingName): string {
  const setting = settingNamed(name);
  const help = setting.option?.startsWith("no") ? (setting.negatedHelp ?? setting.help) : setting.help;
  return setting.type === "wholeNumber"
    ? `${help.replace(/\.$/, "")} (default: the config's, else ${setting.default ?? "none"})`
    : help;
}
