import { InvalidInputError, isExplorerVerifyError } from "../errors/index.js";
import { encodeConstructorArguments } from "../verify/constructorArguments.js";
import { constructorInputs } from "./constructorValues.js";
import type { DeploymentFile } from "./hardhatDeployFiles.js";
import type { JsonOrigin } from "./jsonFile.js";

/**
 * A deployment's constructor arguments, ABI-encoded: rocketh saves them encoded; hardhat-deploy 1.x saves the values,
 * encoded here with the file's constructor.
 *
 * @param file - the deployment's file
 * @param origin - where it was read, for messages
 * @returns the encoded arguments, or undefined for none
 * @throws {InvalidInputError} for values the constructor does not take
 */
export function encodedArguments(file: DeploymentFile, origin: JsonOrigin): { hex: string } | undefined {
  try {
    if (file.argsData !== undefined) return { hex: encodeConstructorArguments({ hex: file.argsData }) };
    if (file.args === undefined || file.args.length === 0) return undefined;
    const inputs = constructorInputs(file.abi);
    const values = file.args.map((value, index) => typedValue(inputs[index], value));
    return { hex: encodeConstructorArguments({ values, abi: file.abi }) };
  } catch (error) {
    if (isExplorerVerifyError(error)) {
      throw new InvalidInputError(
        `${origin.field}.args`,
        `The constructor arguments of ${origin.path}: ${error.shortMessage}`,
        { cause: error },
      );
    }
    throw error;
  }
}

interface AbiInput {
  type: string;
  name?: string;
  components?: readonly AbiInput[];
}

// JSON's values as the encoder takes them: whole numbers as bigints (saved as decimal strings), tuples by position
// or by member name.
function typedValue(input: AbiInput | undefined, value: unknown): unknown {
  if (input === undefined) return value;
  const { type } = input;
  if (type.endsWith("]")) {
    const element = { ...input, type: type.slice(0, type.lastIndexOf("[")) };
    return Array.isArray(value) ? value.map((item) => typedValue(element, item)) : value;
  }
  if (type === "tuple") {
    const components = input.components ?? [];
    if (Array.isArray(value)) return components.map((component, i) => typedValue(component, value[i]));
    if (typeof value === "object" && value !== null) {
      const record = value as Record<string, unknown>;
      return Object.fromEntries(
        components.map((component, i) => [
          component.name ?? String(i),
          typedValue(component, record[component.name ?? String(i)]),
        ]),
      );
    }
    return value;
  }
  if (/^u?int\d*$/.test(type) && (typeof value === "string" || typeof value === "number")) {
    try {
      return BigInt(value);
    } catch {
      return value;
    }
  }
  return value;
}
