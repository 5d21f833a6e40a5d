import { ArgumentType } from "hardhat/types/arguments";

/**
 * A task argument or option with no default: left out, its value is undefined and the hall decides.
 * @param name - its name
 * @param description - its help line
 * @returns its declaration
 */
export function optionalText<N extends string>(name: N, description: string) {
  return { name, type: ArgumentType.STRING_WITHOUT_DEFAULT as const, description, defaultValue: undefined };
}

/**
 * A task option naming a file, with no default.
 * @param name - its name
 * @param description - its help line
 * @returns its declaration
 */
export function optionalFile<N extends string>(name: N, description: string) {
  return { name, type: ArgumentType.FILE_WITHOUT_DEFAULT as const, description, defaultValue: undefined };
}
