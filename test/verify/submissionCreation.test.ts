import { describe, expect, it } from "@jest/globals";
import type { VerificationJob } from "../../src/verify/job.js";
import { prepareSubmissions } from "../../src/verify/submission.js";
import type { Submission, Verifier } from "../../src/verify/verifier.js";

// What a job's creation transaction becomes in the submissions every verifier is handed (only Sourcify's sends it).
const address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const hash = (digit: string) => `0x${digit.repeat(64)}`;

function recording(): { verifier: Verifier; sent: Submission[] } {
  const sent: Submission[] = [];
  const verifier: Verifier = {
    service: "sourcify",
    capabilities: {
      formats: ["standard-json", "registry"],
      proxyLink: false,
      creation: false,
      readsConstructorArguments: true,
    },
    pages: { base: "https://sourcify.test", ledgerKey: "sourcify/chain-1", contract: () => "" },
    lookUp: async () => ({ state: "unknown" }),
    submit: async (submission) => {
      sent.push(submission);
      return { kind: "verified" };
    },
    status: async () => ({ state: "pending", message: "" }),
    creation: async () => null,
    quota: () => ({ waitMs: 0 }) as never,
  };
  return { verifier, sent };
}

const standardJson = (extra: Partial<VerificationJob>): VerificationJob => ({
  address,
  source: {
    format: "standard-json",
    input: { language: "Solidity", sources: { "contracts/Box.sol": { content: "contract Box {}" } } },
    compilerVersion: "v0.8.28+commit.7893614a",
    contractName: "contracts/Box.sol:Box",
  },
  ...extra,
});

async function sentFor(job: VerificationJob): Promise<Submission[]> {
  const { verifier, sent } = recording();
  const input = job.source.format === "standard-json" ? job.source.input : undefined;
  const candidates = input ? [{ kind: "full" as const, input }] : [];
  for (const submission of prepareSubmissions(verifier, job, undefined, candidates))
    await submission.send(1_000, Number.POSITIVE_INFINITY);
  return sent;
}

describe("a job's creation transaction in its submissions", () => {
  it("is the one its deployment records, else the transaction a factory created it in, else none", async () => {
    const factory = { factory: address, transaction: hash("f") };
    const [recorded] = await sentFor(standardJson({ creationTransaction: hash("a"), createdBy: factory }));
    const [child] = await sentFor(standardJson({ createdBy: factory }));
    const [none] = await sentFor(standardJson({}));
    const [registry] = await sentFor({
      address,
      source: { format: "registry", metadata: "{}", sources: [] },
      creationTransaction: hash("b"),
    });
    expect(
      [recorded, child, none, registry].map((s) => s && "creationTransaction" in s && s.creationTransaction),
    ).toEqual([hash("a"), hash("f"), false, hash("b")]);
  });

  it("is refused before anything is sent when it is no transaction hash", () => {
    const { verifier, sent } = recording();
    expect(() =>
      prepareSubmissions(verifier, standardJson({ creationTransaction: "0x1234" }), undefined, []),
    ).toThrow(
      'Invalid creationTransaction "0x1234": expected a transaction hash, 0x followed by 64 hexadecimal characters.',
    );
    expect(sent).toEqual([]);
  });
});
