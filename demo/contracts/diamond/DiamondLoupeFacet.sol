// SPDX-License-Identifier: MIT
pragma solidity ^0.8.22;

import {DiamondStorage} from "./DiamondStorage.sol";

/// EIP-2535's loupe: which facets the diamond has, and which selectors each answers.
contract DiamondLoupeFacet {
    struct Facet {
        address facetAddress;
        bytes4[] functionSelectors;
    }

    function facets() external view returns (Facet[] memory all) {
        DiamondStorage.Layout storage stored = DiamondStorage.layout();
        all = new Facet[](stored.facets.length);
        for (uint256 i = 0; i < stored.facets.length; i++) {
            all[i] = Facet(stored.facets[i], stored.selectorsOf[stored.facets[i]]);
        }
    }

    function facetFunctionSelectors(address facet) external view returns (bytes4[] memory) {
        return DiamondStorage.layout().selectorsOf[facet];
    }

    function facetAddresses() external view returns (address[] memory) {
        return DiamondStorage.layout().facets;
    }

    function facetAddress(bytes4 selector) external view returns (address) {
        return DiamondStorage.layout().facetOf[selector];
    }
}
