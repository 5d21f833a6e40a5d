import { describe, expect, it } from "@jest/globals";
import { licenseTypeOf } from "../../src/local-explorer/rest/smartContractAnswer.js";

describe("the local explorer's license_type", () => {
  it("names a known SPDX license, its -only and -or-later forms alike, and none for anything else", () => {
    expect(licenseTypeOf("// SPDX-License-Identifier: MIT\ncontract A {}")).toBe("mit");
    expect(licenseTypeOf("// SPDX-License-Identifier: GPL-3.0-or-later")).toBe("gnu_gpl_v3");
    expect(licenseTypeOf("contract A {}")).toBe("none");
    // An object's inherited keys are no licenses.
    for (const id of ["constructor", "toString", "__proto__", "hasOwnProperty"])
      expect(licenseTypeOf(`// SPDX-License-Identifier: ${id}`)).toBe("none");
  });
});
