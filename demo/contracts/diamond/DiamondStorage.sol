// SPDX-License-Identifier: MIT
pragma solidity ^0.8.22;

/// Where the diamond keeps which facet answers each selector, as EIP-2535's loupe reads it.
library DiamondStorage {
    bytes32 internal constant POSITION = keccak256("explorer-verify.demo.diamond");

    struct Layout {
        mapping(bytes4 => address) facetOf;
        mapping(address => bytes4[]) selectorsOf;
        address[] facets;
    }

    function layout() internal pure returns (Layout storage stored) {
        bytes32 position = POSITION;
        assembly {
            stored.slot := position
        }
    }
}
