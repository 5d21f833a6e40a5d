/** @type {import('jest').Config} */
export default {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  extensionsToTreatAsEsm: [".ts"],
  resolver: "ts-jest-resolver",
  transform: {
    "^.+\\.ts$": ["ts-jest", { useESM: true, tsconfig: "tsconfig.json" }],
  },
  testTimeout: 30_000,
  globalSetup: "<rootDir>/test/support/globalSetup.mjs",
  globalTeardown: "<rootDir>/test/support/globalTeardown.mjs",
};
