export * from "./client/contract/index.js";
export { createExplorerClient, ExplorerClient, type ExplorerClientOptions } from "./client/ExplorerClient.js";
export * as explorerTexts from "./client/explorerTexts.js";
export { type ExplorerUrls, resolveExplorerUrls } from "./client/explorerUrl.js";
export { RateLimiter, sharedRateLimiter } from "./client/rateLimiter.js";
export type { UploadFile } from "./client/requestBody.js";
export * from "./client/rest/index.js";
export { Transport, type TransportEvent, type TransportOptions } from "./client/transport.js";
export * from "./errors/index.js";
