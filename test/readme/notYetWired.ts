// Names the documentation shows that DESIGN §8 specifies ("Verify on Etherscan and Sourcify too") and that the
// doors do not offer yet. The checks of the documentation's blocks accept them; codeBlocks.test.ts fails as soon
// as a door offers one of them, so that it is taken off this list and checked like every other name.
export const notYetWired = {
  /** `npx explorer-verify verify` flags. */
  cliFlags: [] as string[],
  /** `npx hardhat explorer-verify` options. */
  taskFlags: [] as string[],
  /** Action inputs. */
  actionInputs: [] as string[],
  /** Fields of the result record. */
  resultFields: [] as string[],
  /** Keys of `explorerVerify` in the Hardhat config. */
  configKeys: [] as string[],
};
