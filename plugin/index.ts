import { definePlugin } from "hardhat/plugins";
import "./type-extensions.js";
import copyTask from "./tasks/copy/index.js";
import fetchTask from "./tasks/fetch/index.js";
import statusTask from "./tasks/status/index.js";
import verifyTask from "./tasks/verify/index.js";

/**
 * The Hardhat 3 plugin: `npx hardhat explorer-verify` (and its `status`, `fetch` and `copy` subtasks).
 *
 * @example
 * // hardhat.config.ts
 * import explorerVerify from "explorer-verify/plugin";
 * export default { plugins: [explorerVerify], explorerVerify: { apiKey: configVariable("BLOCKSCOUT_API_KEY") } };
 */
const explorerVerify = definePlugin({
  id: "explorer-verify",
  npmPackage: "explorer-verify",
  hookHandlers: {
    config: () => import("./hooks/config.js"),
  },
  tasks: [verifyTask, statusTask, fetchTask, copyTask],
});

export default explorerVerify;
