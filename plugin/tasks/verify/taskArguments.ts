/**
 * The arguments of `npx hardhat explorer-verify`, as Hardhat hands them to the task's action (see `index.ts` for
 * their declarations). In a file of their own: the action and the modules it loads lazily all read them.
 */
export interface VerifyTaskArguments {
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
  recheck: boolean;
  /** The transaction that created ADDRESS, sent to Sourcify. */
  creationTxHash?: string | undefined;
  createdBy: string | undefined;
  tx: string | undefined;
  includeCreated: boolean;
  includeProxies: boolean;
  timeout: string | undefined;
  readTimeout?: string | undefined;
  requestsPerSecond: string | undefined;
  userAgent: string | undefined;
  maxCreated: string | undefined;
  targets: string | undefined;
  optionalTargets: string | undefined;
  proxy: boolean;
  force: boolean;
  sendUnlisted: boolean;
  noWait: boolean;
  preflight: boolean;
  json: boolean;
  /** Keep the embedded local explorer running after the table, until Ctrl-C. */
  serve?: boolean;
}
