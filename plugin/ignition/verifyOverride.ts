import { overrideTask } from "hardhat/config";
import type { HardhatConfig } from "hardhat/types/config";
import type { TaskDefinition } from "hardhat/types/tasks";

/**
 * The project's tasks with `ignition verify` (which `ignition deploy --verify` runs) overridden to verify through
 * explorer-verify, and `ignition deploy --verify` refused on the in-process chain, when `explorerVerify.ignitionVerify` asks for it and Hardhat Ignition is among the project's plugins.
 * Added as one of the config's tasks, which Hardhat reduces after every plugin's: Ignition's task is there by then, and
 * nothing of Ignition is imported here.
 * @param config - the resolved config: its plugins and tasks
 * @param ignitionVerify - `explorerVerify.ignitionVerify`
 * @returns the config's tasks, with the override when asked
 */
export function withIgnitionVerify(
  config: Pick<HardhatConfig, "plugins" | "tasks">,
  ignitionVerify: boolean,
): TaskDefinition[] {
  if (!ignitionVerify || !config.plugins.some((plugin) => plugin.id === "hardhat-ignition"))
    return config.tasks;
  return [
    ...config.tasks,
    overrideTask(["ignition", "verify"])
      .setAction(() => import("./verify-action.js"))
      .build(),
    overrideTask(["ignition", "deploy"])
      .setAction(() => import("./deploy-action.js"))
      .build(),
  ];
}
