import { isPlainObject } from "../kernel/jsonValues.js";
import type { MetadataHashKind } from "./bytecodeTransformations.js";

/** EVM targets a deployment's metadata most often records, newest first. */
const evmTargetsTried = ["osaka", "prague", "cancun", "shanghai", "paris"];

/**
 * Names the compiler setting behind a partial match, when a setting rather than the sources makes the metadata
 * differ: first what the deployed code itself shows (the kind of metadata hash it carries), then the setting the
 * metadata records that most often leaves the executable code alone (the EVM target), each tried by a compile whose
 * metadata must then match exactly.
 *
 * @param deployedHash - the metadata hash kind the deployed code carries (undefined: none)
 * @param matchesExactly - compiles with other settings and tells whether the result is a perfect match
 * @returns a sentence naming the deployed setting and the submitted one, or undefined when no setting explains it
 */
export async function settingBehindPartialMatch(
  settings: Record<string, unknown>,
  deployedHash: MetadataHashKind | undefined,
  matchesExactly: (settings: Record<string, unknown>) => Promise<boolean>,
): Promise<string | undefined> {
  const metadata = isPlainObject(settings.metadata) ? settings.metadata : {};
  const deployed = deployedHash ?? "none";
  if (metadata.appendCBOR !== false) {
    const named = typeof metadata.bytecodeHash === "string" ? metadata.bytecodeHash : undefined;
    // Unnamed, the hash is the compiler's default (ipfs, bzzr before 0.6): only a deployment with none surely differs.
    const differsFromDeployed =
      named === undefined
        ? deployed === "none"
        : named !== deployed && !(named === "bzzr1" && deployed === "bzzr0");
    if (differsFromDeployed)
      return differs(`metadata.bytecodeHash: "${deployed}"`, `metadata.bytecodeHash: "${named ?? "ipfs"}"`);
  }
  const evmVersion = typeof settings.evmVersion === "string" ? settings.evmVersion : undefined;
  for (const target of evmTargetsTried) {
    if (target === evmVersion) continue;
    if (await matchesExactly({ ...settings, evmVersion: target }))
      return differs(
        `evmVersion: ${target}`,
        evmVersion ? `evmVersion: ${evmVersion}` : "the compiler's default EVM target",
      );
  }
  // The optimizer and via-IR change the executable code itself: they never explain a partial match.
  return undefined;
}

function differs(deployed: string, submitted: string): string {
  return `The executable code is the same, but the metadata hash differs because a setting does, not the sources: the deployment was built with ${deployed}, this build with ${submitted}.`;
}
