export {
  ExplorerError,
  InvalidParametersError,
  NotAContractError,
  NotFoundError,
  type ParameterProblem,
  ProxyLinkRefusedError,
  UnknownActionError,
} from "./explorerErrors.js";
export { type ErrorCode, ExplorerVerifyError, isExplorerVerifyError } from "./explorerVerifyError.js";
export { InterruptedError } from "./interruptedError.js";
export { InvalidInputError } from "./invalidInputError.js";
export { LedgerLockedError } from "./ledgerLockedError.js";
export { ChainError, CompilerError } from "./recompileErrors.js";
export { createRedactor, type Redactor } from "./redact.js";
export {
  BotProtectionError,
  InvalidApiKeyError,
  NotSupportedError,
  PaymentRequiredError,
  PlanRequiredError,
  QuotaExhaustedError,
  type StoppingRefusal,
} from "./serviceErrors.js";
export {
  type BodySample,
  deadlineReached,
  HttpError,
  InvalidResponseError,
  isDeadlineReached,
  isUnsent,
  NetworkError,
  RateLimitedError,
  type RequestContext,
  ResponseTooLargeError,
  TimeoutError,
} from "./transportErrors.js";
