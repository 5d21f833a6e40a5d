// Hardhat 2 loads its config, and the plugins it names, with require(); Hardhat 3 imports them. This file is what
// `require("explorer-verify/plugin")` gets: the plugin is Hardhat 3's, so it says so in one line and points to the CLI.
const needsHardhat3 =
  'explorer-verify\'s Hardhat plugin needs Hardhat 3: remove require("explorer-verify/plugin") from the Hardhat config, and in this Hardhat 2 project run the CLI: npx explorer-verify verify --deployment deployments/<network> --rpc-url <url> (npx explorer-verify --help).';

// Hardhat 2's own error class, so that Hardhat prints the line as a plugin's message; any error where it is missing.
function pluginError(message: string): unknown {
  try {
    const plugins: unknown = require("hardhat/plugins");
    const found =
      typeof plugins === "object" && plugins !== null
        ? Reflect.get(plugins, "HardhatPluginError")
        : undefined;
    if (typeof found === "function") return Reflect.construct(found, ["explorer-verify", message]);
  } catch {
    // Not Hardhat 2's layout: the plain error below says the same.
  }
  return new Error(message);
}

throw pluginError(needsHardhat3);
