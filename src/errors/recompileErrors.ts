import { ExplorerVerifyError } from "./explorerVerifyError.js";

/** A JSON-RPC chain could not be read: unreachable, an error answer, or an answer that is not JSON-RPC. */
export class ChainError extends ExplorerVerifyError {
  readonly code = "chain_error" as const;
  /** The node could not be reached at all: retryable, unlike an answer that refuses the call. */
  readonly unreachable: boolean;

  constructor(
    /** The JSON-RPC method that failed, e.g. `eth_getCode`. */
    readonly method: string,
    shortMessage: string,
    options: { details?: string; cause?: unknown; unreachable?: boolean } = {},
  ) {
    super(shortMessage, options);
    this.unreachable = options.unreachable ?? false;
  }
}

/** A local Solidity compiler could not be loaded or run (not a compile error of the sources). */
export class CompilerError extends ExplorerVerifyError {
  readonly code = "compiler_error" as const;

  constructor(
    /** The compiler file or binary. */
    readonly compilerPath: string,
    shortMessage: string,
    options: { details?: string; cause?: unknown } = {},
  ) {
    super(shortMessage, options);
  }
}
