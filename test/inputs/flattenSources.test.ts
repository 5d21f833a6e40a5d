import { describe, expect, it } from "@jest/globals";
import { InvalidInputError } from "../../src/errors/index.js";
import { flattenSources } from "../../src/inputs/flattenSources.js";

const license = "// SPDX-License-Identifier: MIT";

describe("flattenSources", () => {
  it("puts each file after what it imports, through relative paths and Hardhat 3's remappings", () => {
    const sources = {
      "project/contracts/Vault.sol": `${license}\npragma solidity ^0.8.20;\n\nimport {Owned} from "./access/Owned.sol";\nimport {IERC20} from\n  "@openzeppelin/contracts/token/ERC20/IERC20.sol";\n\ncontract Vault is Owned {}\n`,
      "project/contracts/access/Owned.sol": `${license}\npragma solidity ^0.8.20;\nimport "../Base.sol";\ncontract Owned is Base {}\n`,
      "project/contracts/Base.sol": `// SPDX-License-Identifier: Apache-2.0\npragma solidity ^0.8.20;\ncontract Base {}\n`,
      "npm/@openzeppelin/contracts@5.7.0/token/ERC20/IERC20.sol": `${license}\npragma solidity ^0.8.20;\ninterface IERC20 {}\n`,
    };
    const flat = flattenSources(sources, [
      "project/:@openzeppelin/contracts/=npm/@openzeppelin/contracts@5.7.0/",
      "project/:@openzeppelin/=npm/@openzeppelin/wrong/",
    ]);
    const order = ["interface IERC20", "contract Base", "contract Owned", "contract Vault"].map((text) =>
      flat.indexOf(text),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(flat.startsWith(`${license}\n\n// File: `)).toBe(true);
    expect(flat.match(/SPDX-License-Identifier/g)).toHaveLength(1);
    expect(flat).not.toMatch(/\bimport\b/);
    expect(flat).toContain("// File: project/contracts/access/Owned.sol");
  });

  it("refuses an aliased import and an import of a file it was not given", () => {
    expect(() =>
      flattenSources({
        "A.sol": 'import {B as Renamed} from "./B.sol";\ncontract A {}',
        "B.sol": "contract B {}",
      }),
    ).toThrow(
      new InvalidInputError(
        "format",
        'A.sol imports with an alias (import {B as Renamed} from "./B.sol";), which a single flattened file cannot keep: verify with standard JSON input.',
      ),
    );
    expect(() => flattenSources({ "A.sol": 'import * as Lib from "./B.sol";', "B.sol": "" })).toThrow(
      InvalidInputError,
    );
    expect(() => flattenSources({ "A.sol": 'import "./Missing.sol";\ncontract A {}' })).toThrow(
      'A.sol imports "./Missing.sol", which is not among the contract\'s sources: it cannot be flattened; verify with standard JSON input.',
    );
  });
});
