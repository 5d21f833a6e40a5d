import { ExplorerVerifyError } from "./explorerVerifyError.js";

/** Bad input found before anything was sent: a malformed address, guid, compiler version, manifest... */
export class InvalidInputError extends ExplorerVerifyError {
  readonly code = "invalid_input" as const;
  /** Which parameter or field was wrong, e.g. `address` or `contracts[2].address`. */
  readonly field: string;

  constructor(field: string, shortMessage: string, options: { details?: string; cause?: unknown } = {}) {
    super(shortMessage, options);
    this.field = field;
  }
}
