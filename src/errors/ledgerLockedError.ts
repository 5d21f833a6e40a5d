import { ExplorerVerifyError } from "./explorerVerifyError.js";

/** The ledger's lock file is held by a live run that does not let it go: nothing can be recorded, so nothing is sent. */
export class LedgerLockedError extends ExplorerVerifyError {
  readonly code = "ledger_locked" as const;
  /** The lock file, absolute. */
  readonly lockPath: string;
  /** The process the lock file names, when it names one. */
  readonly pid: number | undefined;

  constructor(ledgerPath: string, lockPath: string, pid: number | undefined) {
    super(
      `The ledger ${ledgerPath} is locked by another run (${pid === undefined ? "" : `process ${pid}, `}lock file ${lockPath}): wait for that run to end, or delete the lock file if no run is going on.`,
    );
    this.lockPath = lockPath;
    this.pid = pid;
  }
}
