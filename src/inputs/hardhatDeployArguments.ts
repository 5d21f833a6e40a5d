import { InvalidInputError, isExplorerVerifyError } from "../errors/index.js";
import { encodeConstructorArguments } from "../verify/constructorArguments.js";
import { typedConstructorValues } from "./constructorValues.js";
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
    const values = typedConstructorValues(file.abi, file.args);
    return { hex: encodeConstructorArguments({ values, abi: file.abi }) };
  } catch (error) {
    if (!isExplorerVerifyError(error)) throw error;
    throw new InvalidInputError(
      `${origin.field}.args`,
      `The constructor arguments of ${origin.path}: ${error.shortMessage}`,
      { cause: error },
    );
  }
}
