import { expect, it } from "@jest/globals";
import { contractsOfRun } from "../../../src/run/commands/runWhat.js";
import { foundryFixture } from "../../inputs/hardhatProject.js";

// A run's contracts are gathered list into list: a manifest of 200,000 entries reaches the run whole, where spreading
// one list into another (`push(...list)`) threw RangeError past some hundred thousand.
it("gathers a manifest of 200,000 contracts into the run's jobs", async () => {
  const count = 200_000;
  const address = (i: number) => `0x${(i + 1).toString(16).padStart(40, "0")}`;
  const contracts = Array.from({ length: count }, (_, i) => ({
    address: address(i),
    contract: "src/Counter.sol:Counter",
  }));
  const { jobs, badEntries } = await contractsOfRun({
    kind: "flags",
    jobs: {
      address: undefined,
      constructorArgs: [],
      contract: undefined,
      artifacts: "out",
      rpcUrl: undefined,
      constructorArgsHex: undefined,
      libraries: [],
      format: "auto",
      proxy: false,
      deployments: [],
      manifest: JSON.stringify({ contracts }),
      standardJson: undefined,
      compilerVersion: undefined,
      cwd: foundryFixture,
    },
  });
  expect(badEntries).toEqual([]);
  expect(jobs).toHaveLength(count);
  expect([jobs[0]?.address, jobs.at(-1)?.address]).toEqual([address(0), address(count - 1)]);
});
