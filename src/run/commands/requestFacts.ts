// The hall's readers of what a door's text names, shared by the doors (a door never imports another): each makes a
// request's facts, or says in one line what is wrong.

export type { Service } from "../../verify/verifier.js";
export {
  type ExplorerVerifySection,
  type ExplorerVerifyUserSection,
  explorerVerifyConfigIssues,
  resolveExplorerVerifyConfig,
} from "../hardhat/explorerVerifyConfig.js";
export { hardhatCompilers } from "../hardhat/hardhatCompilers.js";
export { taskLedger } from "../hardhat/taskDeployments.js";
export { deploymentPaths } from "../jobs/deploymentPaths.js";
export { workspaceCompilers } from "../jobs/inputJobs.js";
export { parseShardCount, parseShardId, type ShardId } from "../shards/shardId.js";
export { type ChainEndpoints, endpointEntries } from "../targets/chainEndpoints.js";
