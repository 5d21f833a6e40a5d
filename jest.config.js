import { availableParallelism } from "node:os";
import { laneTestMatch } from "./test/support/lanes.mjs";

// Types are checked by `npm run typecheck`; the tests only need TypeScript's syntax stripped, which swc does.
const transform = {
  "^.+\\.ts$": [
    "@swc/jest",
    {
      jsc: { parser: { syntax: "typescript" }, target: "es2023", keepClassNames: true },
      module: { type: "es6" },
    },
  ],
};

// The unit lane refuses what it must not do (test/support/unitLane.mjs): spawning, a chain, a compile.
const refused = "<rootDir>/test/support/unitLaneRefused.cjs";
const unitLaneRefusals = {
  setupFilesAfterEnv: ["<rootDir>/test/support/unitLane.mjs"],
  moduleNameMapper: {
    "^solc(-[0-9.]+)?(/(soljson|wrapper)(\\.js)?)?$": refused,
    "/node_modules/solc(-[0-9.]+)?/(soljson|wrapper)\\.js$": refused,
    "^@nomicfoundation/edr$": refused,
  },
};

/** @param {"unit" | "integration" | "e2e"} lane @returns {import('jest').Config} */
const project = (lane) => ({
  displayName: lane,
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: laneTestMatch[lane],
  extensionsToTreatAsEsm: [".ts"],
  resolver: "ts-jest-resolver",
  transform,
  ...(lane === "unit" ? unitLaneRefusals : {}),
});

const selectedLane = /^test:(unit|integration|e2e)$/.exec(process.env.npm_lifecycle_event ?? "")?.[1];

/** @type {import('jest').Config} */
export default {
  // One worker more than the cores: a worker spends part of its time waiting on a chain, a door's child process or
  // the packed package, and a worker a core left a 2-core machine a quarter idle (1.5 cores used over the run).
  // Jest's default, one less than the cores, would run a 2-core machine's suite in one line.
  maxWorkers: availableParallelism() + 1,
  // A worker's heap only grows from test file to test file (0.6 to 0.8 GB in use after a third of the unit lane),
  // and a process frees its heap as it exits: a worker that ran a third of the whole suite took longer than Jest's
  // 500 ms to exit and was forced ("A worker process has failed to exit gracefully"), with no handle left open. Jest
  // replaces a worker whose heap has passed this after a test file, so every worker exits small.
  workerIdleMemoryLimit: "512MB",
  // Jest reads it for the whole run only; a test that needs longer says so itself.
  testTimeout: 30_000,
  // `npm run test:unit` (and :integration, :e2e) runs one lane, so that a test file named after it still narrows the
  // run: Jest's --selectProjects would take the file's name for a project's.
  projects: [project("unit"), project("integration"), project("e2e")].filter(
    (each) => selectedLane === undefined || each.displayName === selectedLane,
  ),
  globalSetup: "<rootDir>/test/support/globalSetup.mjs",
  globalTeardown: "<rootDir>/test/support/globalTeardown.mjs",
};
