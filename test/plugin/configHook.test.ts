import { afterEach, describe, expect, it } from "@jest/globals";
import { configVariable } from "hardhat/config";
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import type { HardhatUserConfig } from "hardhat/types/config";
import explorerVerify from "../../plugin/index.js";
import {
  concurrencyRange,
  timeoutSecondsRange,
  verificationDefaults,
} from "../../src/options/verificationOptions.js";

// Hardhat's own resolution: the plugin's validateUserConfig and resolveUserConfig hooks run as in a project.
async function resolvedConfig(explorerVerifyConfig?: unknown) {
  const userConfig = {
    plugins: [explorerVerify],
    ...(explorerVerifyConfig === undefined ? {} : { explorerVerify: explorerVerifyConfig }),
  } as HardhatUserConfig;
  const hre = await createHardhatRuntimeEnvironment(userConfig);
  return hre.config.explorerVerify;
}

async function configErrors(explorerVerifyConfig: unknown): Promise<string> {
  const error = await resolvedConfig(explorerVerifyConfig).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Error)) throw new Error("the config was accepted");
  return error.message;
}

const variables: string[] = [];
function setVariable(name: string, value: string): void {
  process.env[name] = value;
  variables.push(name);
}
afterEach(() => {
  for (const name of variables.splice(0)) delete process.env[name];
});

describe("the plugin's config hook", () => {
  it("resolves the module's defaults when the config says nothing", async () => {
    const defaults = {
      headers: {},
      chains: {},
      concurrency: verificationDefaults.concurrency,
      timeoutSeconds: verificationDefaults.timeoutSeconds,
      targets: ["blockscout"],
      etherscan: {},
      sourcify: {},
      routescan: {},
      ignitionVerify: false,
    };
    expect(await resolvedConfig()).toEqual(defaults);
    expect(await resolvedConfig({})).toEqual({ ...defaults, concurrency: "auto", timeoutSeconds: 300 });
  });

  it("makes a configured Etherscan a target, and an enabled Sourcify, as hardhat-verify reads its config", async () => {
    expect(
      await resolvedConfig({
        etherscan: { apiKey: configVariable("CONFIG_HOOK_ETHERSCAN") },
        sourcify: { enabled: true },
      }),
    ).toMatchObject({ targets: ["blockscout", "etherscan", "sourcify"] });
    expect(await resolvedConfig({ etherscan: { apiKey: "k", enabled: false } })).toMatchObject({
      targets: ["blockscout"],
    });
    expect(await resolvedConfig({ targets: ["sourcify"] })).toMatchObject({ targets: ["sourcify"] });
    expect(await resolvedConfig({ routescan: {} })).toMatchObject({ targets: ["blockscout", "routescan"] });
    expect(await resolvedConfig({ routescan: { enabled: false } })).toMatchObject({
      targets: ["blockscout"],
    });
  });

  it("keeps the User-Agent the config names", async () => {
    const userAgent = "Mozilla/5.0 (X11; Linux x86_64)";
    expect(await resolvedConfig({ userAgent })).toMatchObject({ userAgent });
  });

  it("keeps the range's ends", async () => {
    for (const [concurrency, timeoutSeconds] of [
      [concurrencyRange.min, timeoutSecondsRange.min],
      [concurrencyRange.max, timeoutSecondsRange.max],
    ]) {
      expect(await resolvedConfig({ concurrency, timeoutSeconds })).toMatchObject({
        concurrency,
        timeoutSeconds,
      });
    }
    expect(await resolvedConfig({ concurrency: "auto" })).toMatchObject({ concurrency: "auto" });
  });

  it("takes ignitionVerify as a boolean, off unless set", async () => {
    expect(await resolvedConfig({ ignitionVerify: true })).toMatchObject({ ignitionVerify: true });
    expect(await resolvedConfig({})).toMatchObject({ ignitionVerify: false });
  });

  it("resolves the key, the headers and per-chain overrides, reading variables only when asked", async () => {
    const config = await resolvedConfig({
      apiKey: configVariable("CONFIG_HOOK_TEST_KEY"),
      headers: { "X-Gateway-Token": configVariable("CONFIG_HOOK_TEST_TOKEN"), "User-Agent": "ci" },
      chains: {
        10: {
          apiKey: "op-key",
          explorerUrl: "https://optimism.blockscout.com",
          headers: { "X-Chain": "ten" },
        },
        8453: {},
      },
    });
    expect(Object.keys(config)).toEqual([
      "apiKey",
      "headers",
      "chains",
      "concurrency",
      "timeoutSeconds",
      "targets",
      "etherscan",
      "sourcify",
      "routescan",
      "ignitionVerify",
    ]);
    expect(Object.keys(config.chains)).toEqual(["10", "8453"]);
    expect(config.chains["10"]?.explorerUrl).toBe("https://optimism.blockscout.com");
    expect(config.chains["8453"]).toEqual({ headers: {} });
    // Set after resolution: a variable is read when the task asks for it, not when the config is loaded.
    setVariable("CONFIG_HOOK_TEST_KEY", "main-key");
    setVariable("CONFIG_HOOK_TEST_TOKEN", "gateway-token");
    expect(await config.apiKey?.get()).toBe("main-key");
    expect(await config.headers["X-Gateway-Token"]?.get()).toBe("gateway-token");
    expect(await config.headers["User-Agent"]?.get()).toBe("ci");
    expect(await config.chains["10"]?.apiKey?.get()).toBe("op-key");
    expect(await config.chains["10"]?.headers["X-Chain"]?.get()).toBe("ten");
  });

  it.each([
    [
      { concurrency: 65, timeoutSeconds: 0 },
      [
        "Config error in config.explorerVerify.timeoutSeconds: must be a whole number from 1 to 86400, got 0",
        "Config error in config.explorerVerify.concurrency: must be auto or a whole number from 1 to 64, got 65",
      ],
    ],
    [
      { concurrency: 1.5, timeoutSeconds: 86_401 },
      [
        "Config error in config.explorerVerify.timeoutSeconds: must be a whole number from 1 to 86400, got 86401",
        "Config error in config.explorerVerify.concurrency: must be auto or a whole number from 1 to 64, got 1.5",
      ],
    ],
    [
      { concurrency: "max", timeoutSeconds: "300" },
      [
        'Config error in config.explorerVerify.timeoutSeconds: must be a whole number from 1 to 86400, got "300"',
        'Config error in config.explorerVerify.concurrency: must be auto or a whole number from 1 to 64, got "max"',
      ],
    ],
    [
      { timeoutSeconds: 0.5 },
      [
        "Config error in config.explorerVerify.timeoutSeconds: must be a whole number from 1 to 86400, got 0.5",
      ],
    ],
    [
      { apiKey: "", timeout: 300 },
      [
        "Config error in config.explorerVerify.apiKey: must not be empty",
        "Config error in config.explorerVerify: Unknown option: timeout",
      ],
    ],
    [
      { userAgent: "Mozilla/5.0\r\nX-Injected: 1" },
      [
        "Config error in config.explorerVerify.userAgent: must be one line of text without control characters",
      ],
    ],
    [
      { chains: { optimism: {}, 10: { explorerUrl: "", apiKey: "" }, 8453: { url: "x" } } },
      [
        "Config error in config.explorerVerify.chains.10.apiKey: must not be empty",
        "Config error in config.explorerVerify.chains.10.explorerUrl: must not be empty",
        "Config error in config.explorerVerify.chains.8453: Unknown option: url",
        "Config error in config.explorerVerify.chains.optimism: must be a chain id, e.g. 10",
      ],
    ],
  ])("refuses %j, naming each wrong option", async (given, expected) => {
    expect(await configErrors(given)).toBe(
      `HHE15: Invalid config:\n${expected.map((line) => `\t* ${line}`).join("\n")}`,
    );
  });
});
