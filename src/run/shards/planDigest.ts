import { createHash } from "node:crypto";
import type { Service } from "../../verify/verifier.js";
import type { ShardReport } from "../report/runResults.js";
import { parseKeySecrets } from "./keySecrets.js";

/** What a plan is made of: the run's contracts (its bundle), the services, the count, the stated rate, the secrets. */
type PlanInputs = Omit<ShardReport, "shard" | "plan" | "services"> & {
  services: readonly Service[];
  shards: number;
};

// The digest's parts, in its order, each named as a person fixes it.
const parts = [
  "the contracts (the bundle or deployment)",
  "the targets",
  "the shard count",
  "the stated rate (requests-per-second)",
  "the keys' secrets (key-secrets)",
] as const;

/**
 * A plan's identity: one hash per thing the plan is made of, joined by `-`, so two digests tell which of them differ.
 * The same contracts in any order, the same services in any order, give the same digest. Each hash keeps 64 bits: a
 * shard's files that describe other contracts under the plan's digest would take a search no run can make.
 *
 * @returns the digest, e.g. `3f9a0c81d2e4b7a1-5d1e27…-…` (five hashes of 16 hex digits)
 */
export function planDigest(inputs: PlanInputs): string {
  const contracts = inputs.contracts
    .map((c) => `${c.chainId ?? ""} ${c.address.toLowerCase()} ${c.contract}`)
    .sort()
    .join("\n");
  const secrets = parseKeySecrets(inputs.keySecrets)
    .map((s) => `${s.service}:${s.chainId ?? ""}=${s.secret}`)
    .sort()
    .join(",");
  return [
    contracts,
    [...new Set(inputs.services)].sort().join(","),
    String(inputs.shards),
    String(inputs.requestsPerSecond ?? ""),
    secrets,
  ]
    .map((part) => createHash("sha256").update(part).digest("hex").slice(0, 16))
    .join("-");
}

/**
 * @param given - a plan's digest, as a matrix row or a shard's files carry it
 * @param own - the digest worked out here
 * @returns what differs between the two plans, for a person (empty when they are the same plan)
 */
export function planDifferences(given: string, own: string): string[] {
  if (given === own) return [];
  const [a, b] = [given.split("-"), own.split("-")];
  if (a.length !== parts.length) return ["the digest itself, which is not one this version makes"];
  return parts.filter((_, index) => a[index] !== b[index]);
}
