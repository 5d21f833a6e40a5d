import { overrideTask } from "hardhat/config";
import { definePlugin } from "hardhat/plugins";

/**
 * Loaded with Hardhat Ignition only (a conditional dependency of the plugin): `ignition verify`, and so
 * `ignition deploy --verify`, which runs it, verify through explorer-verify when `explorerVerify.ignitionVerify` is set.
 */
export default definePlugin({
  id: "explorer-verify-ignition",
  npmPackage: "explorer-verify",
  tasks: [
    overrideTask(["ignition", "verify"])
      .setAction(() => import("./verify-action.js"))
      .build(),
  ],
});
