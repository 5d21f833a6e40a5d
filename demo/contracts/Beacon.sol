// SPDX-License-Identifier: MIT
pragma solidity ^0.8.22;

import {BeaconProxy} from "@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol";
import {UpgradeableBeacon} from "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol";

/// The implementation behind OpenZeppelin's beacon: an `UpgradeableBeacon` points at it, a `BeaconProxy` asks the beacon.
contract Box {
    uint256 public value;

    function store(uint256 value_) external {
        value = value_;
    }
}
