import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import ts from "typescript";

const repository = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const budget = 60;

// Every name "." exports, values and types alike, as a user's editor lists them.
function frontDoorNames(): string[] {
  const entry = join(repository, "src", "index.ts");
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${entry} is not a module`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.getName())
    .sort();
}

describe("the front door", () => {
  it(`exports at most ${budget} names, and exactly these: a new one is added here on purpose`, () => {
    const names = frontDoorNames();
    expect(names.length).toBeLessThanOrEqual(budget);
    expect(names).toEqual(
      [
        "BatchOptions",
        "BuildInfo",
        "ChainError",
        "CompiledContract",
        "CompilerError",
        "EngineOptions",
        "ErrorCode",
        "ExplorerClient",
        "ExplorerClientOptions",
        "ExplorerError",
        "ExplorerVerifyError",
        "HttpError",
        "InvalidInputError",
        "InvalidResponseError",
        "Ledger",
        "NetworkError",
        "NotAContractError",
        "RateLimitedError",
        "Service",
        "StandardJsonInput",
        "Target",
        "TimeoutError",
        "VerificationEvent",
        "VerificationJob",
        "VerificationBundle",
        "VerificationResult",
        "VerificationSource",
        "Verifier",
        "bundleOf",
        "createContractJob",
        "createdContractJobs",
        "encodeConstructorArguments",
        "findContract",
        "findExplorerByChainId",
        "formatResultsTable",
        "inferContract",
        "isExplorerVerifyError",
        "isSuccess",
        "linkProxy",
        "preflight",
        "progressLine",
        "readBuildInfos",
        "readFoundryBroadcast",
        "readIgnitionDeployment",
        "readManifest",
        "readStandardJsonFile",
        "readVerificationBundle",
        "resolveTargets",
        "verifierFor",
        "verifyBatch",
        "verificationBundleSchema",
        "verifyContract",
      ].sort(),
    );
  });
});
