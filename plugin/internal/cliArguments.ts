import { pathToFileURL } from "node:url";
import { userError } from "./pluginError.js";

/**
 * Loads the default export of a module the user names (`--constructor-args-path`, `--libraries-path`).
 * @param path - the module's path
 * @param option - the option's name, for messages
 * @returns the default export
 * @throws {HardhatPluginError} when it cannot be loaded
 */
export async function loadDefaultExport(path: string, option: string): Promise<unknown> {
  try {
    const loaded: unknown = await import(pathToFileURL(path).href);
    return typeof loaded === "object" && loaded !== null && "default" in loaded ? loaded.default : undefined;
  } catch (cause) {
    throw userError(
      `${option}: cannot load ${path}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}
