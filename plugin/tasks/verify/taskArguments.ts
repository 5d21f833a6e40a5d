import type { runSettings } from "../../../src/run/settings.js";

// The task's options of the run's settings, from their one declaration: a switch is a flag, anything else text.
type Offered = Extract<(typeof runSettings)[number], { option: string }>;
type SettingOptions = {
  [S in Offered as S["option"]]: S["type"] extends "switch" ? boolean : string | undefined;
};

/**
 * The arguments of `npx hardhat explorer-verify`, as Hardhat hands them to the task's action (see `index.ts` for
 * their declarations). In a file of their own: the action and the modules it loads lazily all read them.
 */
export interface VerifyTaskArguments extends SettingOptions {
  address: string;
  constructorArgs: string[];
  explorerUrl: string | undefined;
  contract: string | undefined;
  constructorArgsPath: string | undefined;
  librariesPath: string | undefined;
  format: string;
  deployment: string | undefined;
  /** A bundle whose contracts to verify, with no build. */
  bundle?: string | undefined;
  /** Where to write the bundle of the run's contracts. */
  writeBundle?: string | undefined;
  ledger: string | undefined;
  /** The transaction that created ADDRESS, sent to Sourcify. */
  creationTxHash?: string | undefined;
  createdBy: string | undefined;
  tx: string | undefined;
  proxy: boolean;
  json: boolean;
  /** Keep the embedded local explorer running after the table, until Ctrl-C. */
  serve?: boolean;
}
