import { eip1167 } from "../chain/proxyKinds.js";

// The creation code clone factories (OpenZeppelin's Clones, the EIP's reference) put before its runtime code.
const cloneCreationPrefix = "3d602d80600a3d3981f3";

/**
 * The implementation of an EIP-1167 minimal clone, from its runtime code.
 *
 * @param runtimeCode - the code at the address, `0x` hex
 * @returns the implementation address (lower case), or undefined when the code is not a minimal clone
 */
export function cloneImplementation(runtimeCode: string): string | undefined {
  const match = eip1167.exec(runtimeCode.replace(/^0x/, "").toLowerCase());
  return match?.[1] === undefined ? undefined : `0x${match[1]}`;
}

/**
 * The implementation of an EIP-1167 minimal clone, from its creation code.
 *
 * @param creationInput - the creation code, `0x` hex
 * @returns the implementation address (lower case), or undefined when it does not create a minimal clone
 */
export function cloneImplementationFromCreation(creationInput: string): string | undefined {
  const code = creationInput.replace(/^0x/, "").toLowerCase();
  return code.startsWith(cloneCreationPrefix)
    ? cloneImplementation(code.slice(cloneCreationPrefix.length))
    : undefined;
}
