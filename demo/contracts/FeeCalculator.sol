// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Fees} from "./Fees.sol";

contract FeeCalculator {
    uint256 public immutable bps;

    constructor(uint256 bps_) {
        bps = bps_;
    }

    function fee(uint256 amount) external view returns (uint256) {
        return Fees.basisPoints(amount, bps);
    }
}
