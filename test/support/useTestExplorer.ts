import { afterAll, beforeEach } from "@jest/globals";
import type { Transport } from "../../src/client/transport.js";
import type { TransportOptions } from "../../src/client/transportOptions.js";
import { startTestExplorer, type TestExplorer } from "./testExplorer.js";
import { transportFor } from "./transportFor.js";

/**
 * Starts one test explorer for a test file (call it at the top level, with `await`), resets it before each
 * test and closes it after the last.
 * @param options - transport overrides
 * @param explorerOptions - what the explorer serves besides the contract module
 * @returns the explorer and a fast transport to it
 */
export async function useTestExplorer(
  options: Partial<TransportOptions> = {},
  explorerOptions: Parameters<typeof startTestExplorer>[0] = {},
): Promise<{ explorer: TestExplorer; transport: Transport }> {
  const explorer = await startTestExplorer(explorerOptions);
  beforeEach(() => explorer.reset());
  afterAll(() => explorer.close());
  return { explorer, transport: transportFor(explorer, options) };
}
