import { HardhatPluginError } from "hardhat/plugins";
import { isExplorerVerifyError } from "../../src/errors/explorerVerifyError.js";
import { neutraliseText } from "../../src/report/terminalText.js";

export const pluginId = "explorer-verify";

/**
 * A user-facing error: Hardhat prints its message without a stack trace, neutralised (it may quote an explorer).
 * @param message - what went wrong and what to do
 * @returns the error to throw
 */
export function userError(message: string): HardhatPluginError {
  return new HardhatPluginError(pluginId, neutraliseText(message));
}

/**
 * Runs a step, turning this package's errors into Hardhat plugin errors with their short message.
 * @param step - the work
 * @returns its result
 */
export async function asUserErrors<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isExplorerVerifyError(error))
      throw new HardhatPluginError(pluginId, neutraliseText(error.shortMessage), error);
    throw error;
  }
}
