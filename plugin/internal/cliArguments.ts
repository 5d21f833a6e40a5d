import { pathToFileURL } from "node:url";
import { userError } from "./pluginError.js";

interface AbiParameterLike {
  type: string;
  name?: string;
  components?: readonly AbiParameterLike[];
}

/**
 * The constructor's parameters in an ABI.
 * @param abi - the contract's ABI
 * @returns its inputs (empty for no constructor)
 */
export function constructorInputs(abi: readonly unknown[]): AbiParameterLike[] {
  for (const item of abi) {
    if (typeof item === "object" && item !== null && (item as { type?: unknown }).type === "constructor") {
      const inputs = (item as { inputs?: unknown }).inputs;
      return Array.isArray(inputs) ? (inputs as AbiParameterLike[]) : [];
    }
  }
  return [];
}

/**
 * Turns command-line strings into values for the constructor's parameters: integers become bigints, `true`/`false`
 * booleans, arrays and tuples are read as JSON.
 *
 * @param abi - the contract's ABI
 * @param values - the strings from the command line
 * @returns the typed values
 * @throws {HardhatPluginError} for a count or a value that does not fit
 */
export function typedConstructorValues(abi: readonly unknown[], values: readonly string[]): unknown[] {
  const inputs = constructorInputs(abi);
  if (inputs.length !== values.length) {
    const signature = inputs.map((input) => `${input.type}${input.name ? ` ${input.name}` : ""}`).join(", ");
    throw userError(
      `The constructor takes ${inputs.length} argument${inputs.length === 1 ? "" : "s"} (${signature || "none"}), but ${values.length} ${values.length === 1 ? "was" : "were"} given.`,
    );
  }
  return inputs.map((input, index) =>
    typed(input, values[index] ?? "", input.name || `argument ${index + 1}`),
  );
}

function typed(parameter: AbiParameterLike, text: unknown, label: string): unknown {
  const { type } = parameter;
  if (type.endsWith("]") || type === "tuple") {
    let parsed: unknown = text;
    if (typeof text === "string") {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw userError(`${label} is a ${type}: give it as JSON, e.g. '["a","b"]'.`);
      }
    }
    if (type === "tuple") {
      const components = parameter.components ?? [];
      if (!Array.isArray(parsed) || parsed.length !== components.length) {
        throw userError(`${label} is a tuple of ${components.length}: give it as a JSON array.`);
      }
      return components.map((component, i) => typed(component, parsed[i], `${label}[${i}]`));
    }
    if (!Array.isArray(parsed)) throw userError(`${label} is a ${type}: give it as a JSON array.`);
    const element = { ...parameter, type: type.slice(0, type.lastIndexOf("[")) };
    return parsed.map((item, i) => typed(element, item, `${label}[${i}]`));
  }
  const value = typeof text === "string" ? text : JSON.stringify(text);
  if (/^u?int\d*$/.test(type)) {
    try {
      return BigInt(value);
    } catch {
      throw userError(`${label} is a ${type}, but "${value}" is not an integer.`);
    }
  }
  if (type === "bool") {
    if (value === "true" || value === "false") return value === "true";
    throw userError(`${label} is a bool: give true or false, not "${value}".`);
  }
  return typeof text === "string" ? text : value;
}

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
    return (loaded as { default?: unknown }).default;
  } catch (cause) {
    throw userError(
      `${option}: cannot load ${path}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}
