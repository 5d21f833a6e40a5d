// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// Created with `new` and constructor arguments.
contract Vault {
    address public immutable owner;
    string public label;

    constructor(address owner_, string memory label_) {
        owner = owner_;
        label = label_;
    }
}

/// Created with `new` and a CREATE2 salt.
contract Pocket {
    uint256 public count;

    function bump() external {
        count += 1;
    }
}

/// The implementation behind the factory's EIP-1167 clones.
contract Wallet {
    address public owner;

    function initialize(address owner_) external {
        require(owner == address(0), "initialized");
        owner = owner_;
    }
}

/// Creates a Vault when deployed, then a Pocket (CREATE2) and a Wallet clone on each `deploy`.
contract Factory {
    Vault public immutable vault;
    Wallet public immutable wallet;

    event Created(address pocket, address clone);

    constructor(Wallet wallet_, string memory label) {
        wallet = wallet_;
        vault = new Vault(msg.sender, label);
    }

    function deploy(bytes32 salt) external returns (Pocket pocket, address clone) {
        pocket = new Pocket{salt: salt}();
        clone = cloneOf(address(wallet));
        Wallet(clone).initialize(msg.sender);
        emit Created(address(pocket), clone);
    }

    // EIP-1167's creation code around the implementation's address.
    function cloneOf(address implementation) private returns (address instance) {
        assembly {
            let code := mload(0x40)
            mstore(code, 0x3d602d80600a3d3981f3363d3d373d3d3d363d73000000000000000000000000)
            mstore(add(code, 0x14), shl(0x60, implementation))
            mstore(add(code, 0x28), 0x5af43d82803e903d91602b57fd5bf30000000000000000000000000000000000)
            instance := create(0, code, 0x37)
        }
        require(instance != address(0), "clone failed");
    }
}
