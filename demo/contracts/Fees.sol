// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A library with external functions: deployed on its own and linked into FeeCalculator.
library Fees {
    function basisPoints(uint256 amount, uint256 bps) external pure returns (uint256) {
        return (amount * bps) / 10_000;
    }
}
