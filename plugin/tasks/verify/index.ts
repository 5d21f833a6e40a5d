import { task } from "hardhat/config";
import { ArgumentType } from "hardhat/types/arguments";
import { verificationDefaults } from "../../../src/options/verificationOptions.js";
import { type RunSettingName, settingNamed } from "../../../src/run/settings.js";
import { optionalFile, optionalText } from "../../internal/taskOptions.js";

const declared = task(
  "explorer-verify",
  "Verify contracts on a Blockscout explorer (or the local explorer on a local chain)",
)
  .addPositionalArgument(optionalText("address", "The contract's address (not with --deployment)"))
  .addVariadicArgument(optionalText("constructorArgs", "Constructor arguments, typed by the ABI"))
  .addOption(optionalText("explorerUrl", "The explorer (else the chain descriptor's Blockscout URL)"))
  .addOption(optionalText("contract", "path/File.sol:Name (else inferred from the deployed code)"))
  .addOption(
    optionalFile("constructorArgsPath", "A module whose default export is the constructor arguments"),
  )
  .addOption(optionalFile("librariesPath", "A module whose default export maps library names to addresses"))
  .addOption({
    name: "format",
    type: ArgumentType.STRING,
    description: "auto (standard JSON input), standard-json, single-file, flattened or registry",
    defaultValue: verificationDefaults.format,
  })
  .addOption(
    optionalText(
      "deployment",
      "Verify every contract of these Hardhat Ignition deployments: an ID, several (chain-10,chain-8453, or more IDs after it), or all; or of hardhat-deploy/rocketh network folders (deployments/sepolia), one or several, each on its own chain",
    ),
  )
  .addOption(
    optionalText(
      "bundle",
      "Verify every contract of this bundle (explorer-verify bundle, --write-bundle): no build, no compiler",
    ),
  )
  .addOption(
    optionalText(
      "writeBundle",
      "Also write the bundle of the run's contracts to this file, for --bundle later or elsewhere",
    ),
  )
  .addOption(
    optionalText(
      "ledger",
      `The verification ledger (default ${verificationDefaults.ledger} in the project; none for no ledger)`,
    ),
  )
  .addOption(
    optionalText(
      "creationTxHash",
      "The transaction that created ADDRESS, sent to Sourcify (earns a creation match)",
    ),
  )
  .addOption(optionalText("createdBy", "Verify what this factory created in the transactions of --tx"))
  .addOption(optionalText("tx", "With --created-by: the factory's transaction hashes, separated by commas"))
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
  .addOption(optionalText("targets", described("targets")))
  .addOption(optionalText("optionalTargets", described("optionalTargets")))
  .addFlag({ name: "noWait", description: described("wait") })
  .addOption(optionalText("timeout", described("timeoutSeconds")))
  .addOption(optionalText("readTimeout", described("readTimeoutSeconds")))
  .addOption(optionalText("requestsPerSecond", described("requestsPerSecond")))
  .addOption(optionalText("userAgent", described("userAgent")))
  .addFlag({ name: "force", description: described("force") })
  .addFlag({ name: "sendUnlisted", description: described("sendUnlisted") })
  .addFlag({ name: "preflight", description: described("preflight") })
  .addFlag({ name: "includeCreated", description: described("includeCreated") })
  .addOption(optionalText("maxCreated", described("maxCreated")))
  .addFlag({ name: "includeProxies", description: described("includeProxies") })
  .addFlag({ name: "recheck", description: described("recheck") })
  .setAction(() => import("./task-action.js"))
  .build();

function described(name: RunSettingName): string {
  const setting = settingNamed(name);
  const help = setting.option?.startsWith("no") ? (setting.negatedHelp ?? setting.help) : setting.help;
  // A config default only where the config takes the setting (explorerVerify.timeoutSeconds, not maxCreated).
  const fallback = setting.config ? `the config's, else ${setting.default ?? "none"}` : setting.default;
  if (setting.type === "wholeNumber" && fallback !== undefined)
    return `${help.replace(/\.$/, "")} (default: ${fallback})`;
  return setting.config ? `${help} Given here, it wins over the config's.` : help;
}
