import { describe, expect, it } from "@jest/globals";
import type { BuildInfo } from "../../../src/inputs/buildInfo.js";
import { matchingBuild } from "../../../src/run/hardhat/matchingBuildProfile.js";

// The task's ADDRESS verified from the project's build whose code is the deployed one: the asked profile's, else
// another profile's, said in one line; none of them, said with the profiles tried.
const address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const codeOf: Record<string, string> = { production: "0x6080604052600a", default: "0x6080604052600b" };

function buildInfo(profile: string): BuildInfo {
  return {
    id: `build-${profile}`,
    path: `build-info/build-${profile}.json`,
    format: "hardhat3",
    compilerVersion: "v0.8.28+commit.7893614a",
    input: { language: "Solidity", sources: { "project/contracts/Box.sol": { content: "" } }, settings: {} },
    output: {
      contracts: {
        "project/contracts/Box.sol": {
          Box: {
            abi: [],
            evm: { bytecode: { object: "00" }, deployedBytecode: { object: codeOf[profile] ?? "00" } },
          },
        },
      },
    },
    userSourceNames: { "contracts/Box.sol": "project/contracts/Box.sol" },
  } as BuildInfo;
}

function request(deployed: string, contract?: string) {
  const built: string[] = [];
  const lines: string[] = [];
  return {
    built,
    lines,
    request: {
      address,
      contract,
      chain: {
        getCode: async () => deployed,
        getStorageAt: async () => "0x",
        call: async () => "0x",
      },
      asked: "production",
      profiles: ["default", "production", "test"],
      build: async (profile: string) => {
        built.push(profile);
        return { buildProfile: profile, buildInfos: [buildInfo(profile)] };
      },
      onOtherProfile: (line: string) => void lines.push(line),
    },
  };
}

describe("the build profile found by the deployed code", () => {
  it("keeps the asked profile when its build matches, building nothing else", async () => {
    const { built, lines, request: asked } = request(codeOf.production ?? "");
    expect((await matchingBuild(asked)).buildProfile).toBe("production");
    expect([built, lines]).toEqual([["production"], []]);
  });

  it("verifies with the other profile whose build matches, and says which", async () => {
    const { built, lines, request: asked } = request(codeOf.default ?? "", "contracts/Box.sol:Box");
    expect((await matchingBuild(asked)).buildProfile).toBe("default");
    expect(built).toEqual(["production", "default"]);
    expect(lines).toEqual([
      `The "production" build does not match the code at ${address}; the "default" build does: verifying with the "default" profile.`,
    ]);
  });

  it("says when no profile's build matches, naming the profiles tried", async () => {
    const { request: asked } = request("0x6080604052600c");
    await expect(matchingBuild(asked)).rejects.toThrow(
      `No contract of this project's build matches the code at ${address} with any of its build profiles (tried "production", "default", "test"). Check the network, or name the contract with --contract.`,
    );
    const { request: named } = request("0x6080604052600c", "contracts/Box.sol:Box");
    await expect(matchingBuild(named)).rejects.toThrow(
      `The code at ${address} is not contracts/Box.sol:Box as built with any of the project's build profiles (tried "production", "default", "test"). Check --contract and the network, or leave --contract out to infer it.`,
    );
  });
});
