// `explorer-verify/client`: the contract module's actions as functions of a transport, the transport itself, and
// what a client learns about its explorer. Most users need only `ExplorerClient`, from the front door.

export type { TransportEvent } from "../kernel/waits.js";
export * from "./contract/index.js";
export { ExplorerCapabilities } from "./explorerCapabilities.js";
export { type ExplorerUrls, resolveExplorerUrls } from "./explorerUrl.js";
export type { UploadFile } from "./requestBody.js";
export { Transport } from "./transport.js";
export type { TransportOptions } from "./transportOptions.js";
export type {
  NotCopiedStanding,
  RebuiltInput,
  VerifiedInput,
  VerifiedInputReading,
} from "./verifiedInput.js";
