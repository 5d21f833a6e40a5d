import { resolveWorkspaceInput } from "../inputs/workspacePath.js";
import { deploymentPaths } from "../run/commands/requestFacts.js";

/**
 * Checks the Action's `deployment` paths (each line, patterns expanded) and its `artifacts` folder as its `bundle`
 * and `contracts` are read: a relative path that names a place inside the workspace must stay there once links are
 * followed, before anything under it is read (a pull request writes the workspace, links included); an absolute
 * path is the workflow's own.
 *
 * @param inputs - the deployment input (paths or patterns, newline-separated) and the artifacts folder
 * @param workspace - the workspace
 * @throws {InvalidInputError} naming the input when a link leads outside the workspace
 */
export async function checkFolderInputs(
  inputs: { deployment: string | undefined; artifacts: string },
  workspace: string,
): Promise<void> {
  const deployments = inputs.deployment ? await deploymentPaths(inputs.deployment, workspace) : [];
  for (const path of deployments) await resolveWorkspaceInput(workspace, path, "deployment");
  await resolveWorkspaceInput(workspace, inputs.artifacts, "artifacts");
}
