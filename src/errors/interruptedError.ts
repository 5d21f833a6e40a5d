import { ExplorerVerifyError } from "./explorerVerifyError.js";

/** The run was interrupted (SIGINT, SIGTERM) before this contract's submission left: nothing was sent for it. */
export class InterruptedError extends ExplorerVerifyError {
  readonly code = "interrupted" as const;

  constructor(readonly signal: NodeJS.Signals) {
    super(
      `Not sent: the run was interrupted (${signal}) before this contract's submission; a rerun sends it.`,
    );
  }
}
