// Names the documentation shows that DESIGN §8 specifies ("Verify on Etherscan and Sourcify too") and that the
// doors do not offer yet. The checks of the documentation's blocks accept them; codeBlocks.test.ts fails as soon
// as a door offers one of them, so that it is taken off this list and checked like every other name.
export const notYetWired = {
  /** `npx explorer-verify verify` flags. */
  cliFlags: ["--targets", "--optional-targets"],
  /** `npx hardhat explorer-verify` options. */
  taskFlags: ["--targets"],
  /** Action inputs. */
  actionInputs: ["targets", "etherscan-api-key", "optional-targets"],
  /** Fields of the result record. */
  resultFields: ["target"],
  /** Keys of `explorerVerify` in the Hardhat config. */
  configKeys: ["etherscan", "sourcify"],
} as const;
