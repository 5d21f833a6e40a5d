/**
 * EIP-1967's implementation slot: `bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)`, where an
 * ERC-1967 proxy keeps its implementation's address.
 */
export const eip1967ImplementationSlot = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
