import { InvalidInputError } from "../../errors/index.js";
import type { Service } from "../../verify/verifier.js";
import { keySecretOf } from "./keySecrets.js";
import {
  explorerName,
  type PlannedExplorer,
  type PlanOptions,
  type Shard,
  type ShardExplorer,
  shardExplorerName,
} from "./shard.js";
import { type ExplorerRate, explorerRate } from "./statedRates.js";

/** The explorers placed in shards, each shard's key per service, and each explorer's rate as the plan judged it. */
export interface Placement {
  shards: Shard[];
  /** Per shard and service, the secret its explorers' key comes from ("": the run's one key). */
  keyOf: Map<Shard, Map<Service, string>>;
  /** In the explorers' order. */
  rates: ExplorerRate[];
}

/**
 * Places a run's explorers in `count` shards, balanced by contract count: the largest pieces first, each to the
 * lightest shard that takes it. Every explorer starts whole; then, largest pieces first, an explorer whose stated
 * rate allows one more shard at once is cut in one more part whenever that makes the heaviest shard lighter (or
 * leaves fewer shards as heavy), until no cut does.
 *
 * @param explorers - the run's explorers
 * @param count - how many shards
 * @param options - the stated rate and the keys' secrets
 * @returns the placement
 * @throws {InvalidInputError} when the shards are too few to keep each secret's explorers apart
 */
export function placeExplorers(
  explorers: readonly PlannedExplorer[],
  count: number,
  options: PlanOptions,
): Placement {
  const rates = explorers.map((explorer) => explorerRate(explorer.service, options.requestsPerSecond));
  const secrets = explorers.map((explorer) => keySecretOf(options.keySecrets ?? [], explorer));
  const parts = explorers.map(() => 1);
  const placeWith = (cuts: readonly number[]) =>
    place(
      explorers.flatMap((explorer, index) =>
        piecesOf(explorer, cuts[index] as number, rates[index] as ExplorerRate, secrets[index]),
      ),
      count,
    );
  const whole = placeWith(parts);
  if ("stuck" in whole)
    throw new InvalidInputError(
      "key-secrets",
      `${count} shards are too few for the keys' secrets named: a shard uses one key per service, and ${shardExplorerName(whole.stuck)} finds no shard left for ${whole.stuck.keySecret ?? "the run's key"}. Give more shards, or fewer secrets.`,
    );
  let best = whole;
  for (;;) {
    const cuttable = explorers
      .map((explorer, index) => ({ index, piece: explorer.contracts / (parts[index] as number) }))
      .filter(({ index }) => {
        const more = (parts[index] as number) + 1;
        const most = Math.min((rates[index] as ExplorerRate).allows, count, explorers[index]?.contracts ?? 0);
        return more <= most;
      })
      .sort((a, b) => b.piece - a.piece);
    const cut = cuttable
      .map(({ index }) => parts.map((part, at) => (at === index ? part + 1 : part)))
      .map((trial) => ({ trial, placed: placeWith(trial) }))
      .find((each): each is { trial: number[]; placed: Omit<Placement, "rates"> } =>
        "shards" in each.placed ? lighter(each.placed.shards, best.shards) : false,
      );
    if (!cut) break;
    parts.splice(0, parts.length, ...cut.trial);
    best = cut.placed;
  }
  return { ...best, rates };
}

// An explorer in `parts` runs of its contracts, each at its share of the stated rate (whole when `parts` is 1).
function piecesOf(
  explorer: PlannedExplorer,
  parts: number,
  rate: ExplorerRate,
  keySecret: string | undefined,
): ShardExplorer[] {
  const { service, chainId, contracts, addresses } = explorer;
  const secret = keySecret === undefined ? {} : { keySecret };
  if (parts === 1) return [{ service, chainId, contracts, addresses, ...secret }];
  let from = 0;
  return Array.from({ length: parts }, (_, index) => {
    const size = Math.floor(contracts / parts) + (index < contracts % parts ? 1 : 0);
    const own = addresses.slice(from, from + size);
    from += size;
    return {
      service,
      chainId,
      contracts: own.length,
      addresses: own,
      part: { index: index + 1, of: parts, addresses: own },
      requestsPerSecond: (rate.stated as number) / parts,
      ...secret,
    };
  });
}

// The largest pieces first, each to the lightest shard that holds no other part of its explorer and no other key of
// its service; the piece no shard takes, if one is left.
function place(pieces: ShardExplorer[], count: number): Omit<Placement, "rates"> | { stuck: ShardExplorer } {
  const shards: Shard[] = Array.from({ length: count }, (_, index) => ({
    id: { index: index + 1, of: count },
    explorers: [],
    contracts: 0,
    budgetShares: {},
    keySecrets: {},
  }));
  const keyOf = new Map<Shard, Map<Service, string>>(shards.map((shard) => [shard, new Map()]));
  const largestFirst = pieces.sort(
    (a, b) =>
      b.contracts - a.contracts ||
      explorerName(a).localeCompare(explorerName(b)) ||
      (a.part?.index ?? 0) - (b.part?.index ?? 0),
  );
  for (const piece of largestFirst) {
    const key = piece.keySecret ?? "";
    const lightest = shards
      .filter(
        (shard) =>
          !shard.explorers.some((e) => e.service === piece.service && e.chainId === piece.chainId) &&
          (keyOf.get(shard)?.get(piece.service) ?? key) === key,
      )
      .reduce<Shard | undefined>(
        (best, shard) => (best === undefined || shard.contracts < best.contracts ? shard : best),
        undefined,
      );
    if (!lightest) return { stuck: piece };
    lightest.explorers.push(piece);
    lightest.contracts += piece.contracts;
    keyOf.get(lightest)?.set(piece.service, key);
    if (piece.keySecret !== undefined) lightest.keySecrets[piece.service] = piece.keySecret;
  }
  return { shards, keyOf };
}

// The heaviest shard is lighter, or as heavy with fewer shards as heavy.
function lighter(trial: readonly Shard[], known: readonly Shard[]): boolean {
  const heaviest = (shards: readonly Shard[]) => Math.max(...shards.map((shard) => shard.contracts));
  const asHeavy = (shards: readonly Shard[], load: number) =>
    shards.filter((shard) => shard.contracts === load).length;
  const [was, now] = [heaviest(known), heaviest(trial)];
  return now < was || (now === was && asHeavy(trial, now) < asHeavy(known, was));
}
