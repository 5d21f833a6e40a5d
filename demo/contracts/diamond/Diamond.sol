// SPDX-License-Identifier: MIT
pragma solidity ^0.8.22;

import {DiamondStorage} from "./DiamondStorage.sol";

/// A minimal EIP-2535 diamond: its facets and their selectors are set once, at construction.
contract Diamond {
    struct FacetCut {
        address facet;
        bytes4[] selectors;
    }

    constructor(FacetCut[] memory cuts) {
        DiamondStorage.Layout storage stored = DiamondStorage.layout();
        for (uint256 i = 0; i < cuts.length; i++) {
            stored.facets.push(cuts[i].facet);
            for (uint256 j = 0; j < cuts[i].selectors.length; j++) {
                stored.facetOf[cuts[i].selectors[j]] = cuts[i].facet;
                stored.selectorsOf[cuts[i].facet].push(cuts[i].selectors[j]);
            }
        }
    }

    fallback() external payable {
        address facet = DiamondStorage.layout().facetOf[msg.sig];
        require(facet != address(0), "no facet");
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), facet, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    receive() external payable {}
}
