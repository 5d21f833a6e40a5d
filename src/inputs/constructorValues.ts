import { InvalidInputError } from "../errors/invalidInputError.js";
import { constructorParameters } from "../kernel/abiParameters.js";
import { isPlainObject, parsedJson } from "../kernel/jsonValues.js";

// Constructor values typed on a command line (the Hardhat task's and the CLI's), as `hardhat verify` reads them, or
// saved as JSON in a deployment's file (hardhat-deploy's `args`).
const field = "constructorArguments";

interface AbiParameterLike {
  type: string;
  name?: string;
  components?: readonly AbiParameterLike[];
}

/**
 * Turns command-line words, or values saved as JSON, into values of the constructor's parameters, as `hardhat verify`
 * reads them: integers become bigints, `true`/`false` booleans, arrays and tuples are read as JSON (a tuple by
 * position, or by member name), the rest stays text.
 *
 * @param abi - the contract's ABI
 * @param words - the words after ADDRESS, or a deployment's saved values
 * @returns the typed values
 * @throws {InvalidInputError} for a count or a value that does not fit
 */
export function typedConstructorValues(abi: readonly unknown[], words: readonly unknown[]): unknown[] {
  const inputs: readonly AbiParameterLike[] = constructorParameters(abi);
  if (inputs.length !== words.length) {
    const signature = inputs.map((input) => `${input.type}${input.name ? ` ${input.name}` : ""}`).join(", ");
    throw new InvalidInputError(
      field,
      `The constructor takes ${inputs.length} argument${inputs.length === 1 ? "" : "s"} (${signature || "none"}), but ${words.length} ${words.length === 1 ? "was" : "were"} given.`,
    );
  }
  return inputs.map((input, index) =>
    typed(input, words[index] ?? "", input.name || `argument ${index + 1}`),
  );
}

function typed(parameter: AbiParameterLike, value: unknown, label: string): unknown {
  const { type } = parameter;
  if (type.endsWith("]") || type === "tuple") {
    const parsed = typeof value === "string" ? parseJson(value, type, label) : value;
    const components = parameter.components ?? [];
    if (type === "tuple") {
      // A tuple saved by member name: a JSON object, not an array.
      if (isPlainObject(parsed))
        return components.map((component, i) =>
          typed(component, parsed[component.name || String(i)], `${label}.${component.name || i}`),
        );
      if (!Array.isArray(parsed) || parsed.length !== components.length)
        throw new InvalidInputError(
          field,
          `${label} is a tuple of ${components.length}: give it as a JSON array.`,
        );
      return components.map((component, i) => typed(component, parsed[i], `${label}[${i}]`));
    }
    if (!Array.isArray(parsed))
      throw new InvalidInputError(field, `${label} is a ${type}: give it as a JSON array.`);
    const element = { ...parameter, type: type.slice(0, type.lastIndexOf("[")) };
    return parsed.map((item, i) => typed(element, item, `${label}[${i}]`));
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (/^u?int\d*$/.test(type)) {
    try {
      return BigInt(text);
    } catch {
      throw new InvalidInputError(field, `${label} is a ${type}, but "${text}" is not an integer.`);
    }
  }
  if (type === "bool") {
    if (text === "true" || text === "false") return text === "true";
    throw new InvalidInputError(field, `${label} is a bool: give true or false, not "${text}".`);
  }
  return text;
}

function parseJson(text: string, type: string, label: string): unknown {
  const value = parsedJson(text);
  if (value === undefined)
    throw new InvalidInputError(field, `${label} is a ${type}: give it as JSON, e.g. '["a","b"]'.`);
  return value;
}
