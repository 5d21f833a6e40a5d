// SPDX-License-Identifier: MIT
pragma solidity ^0.8.22;

/// A business facet: a greeting in a storage position of its own.
contract GreetingFacet {
    bytes32 internal constant POSITION = keccak256("explorer-verify.demo.greeting");

    function setGreeting(bytes32 greeting_) external {
        bytes32 position = POSITION;
        assembly {
            sstore(position, greeting_)
        }
    }

    function greeting() external view returns (bytes32 value) {
        bytes32 position = POSITION;
        assembly {
            value := sload(position)
        }
    }
}
