export {
  chainIdOfExplorer,
  type ExplorerChoice,
  type ExplorerSource,
  type FindExplorerOptions,
  findExplorerByChainId,
  shippedExplorerFor,
} from "./findExplorerByChainId.js";
export type { KnownExplorer } from "./knownExplorer.js";
export { defaultChainListUrl } from "./publishedChainList.js";
