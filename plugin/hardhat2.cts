// Hardhat 2 loads its config, and the plugins it names, with require(); Hardhat 3 imports them. This file is what
// `require("explorer-verify/plugin")` gets: the plugin is Hardhat 3's, so it says so in one line and points to the CLI.
const needsHardhat3 =
  "explorer-verify's Hardhat plugin needs Hardhat 3; in a Hardhat 2 project, run the CLI: npx explorer-verify verify --deployment deployments/<network> --rpc-url <url> (npx explorer-verify --help).";

type PluginErrorClass = new (pluginName: string, message: string) => Error;

function pluginErrorClass(): PluginErrorClass | undefined {
  try {
    const plugins: unknown = require("hardhat/plugins");
    const found =
      typeof plugins === "object" && plugins !== null
        ? Reflect.get(plugins, "HardhatPluginError")
        : undefined;
    return typeof found === "function" ? (found as PluginErrorClass) : undefined;
  } catch {
    return undefined;
  }
}

const PluginError = pluginErrorClass();
throw PluginError ? new PluginError("explorer-verify", needsHardhat3) : new Error(needsHardhat3);
