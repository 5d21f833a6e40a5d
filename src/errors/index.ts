export { type ErrorCode, ExplorerVerifyError, isExplorerVerifyError } from "./ExplorerVerifyError.js";
export {
  ExplorerError,
  InvalidParametersError,
  NotAContractError,
  NotFoundError,
  type ParameterProblem,
  UnknownActionError,
} from "./explorerErrors.js";
export { InvalidInputError } from "./InvalidInputError.js";
export { ChainError, CompilerError } from "./recompileErrors.js";
export { createRedactor, type Redactor } from "./redact.js";
export {
  type BodySample,
  HttpError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  type RequestContext,
  ResponseTooLargeError,
  TimeoutError,
} from "./transportErrors.js";
