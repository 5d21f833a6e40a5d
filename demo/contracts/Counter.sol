// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The implementation behind an ERC1967Proxy.
contract Counter {
    uint256 public count;

    function increment() external {
        count += 1;
    }
}
