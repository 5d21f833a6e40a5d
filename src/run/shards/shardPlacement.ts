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

// Planning tries a cut of each explorer once the balance is found: its time grows as the square of their number. A
// merge makes a record of each verification: a plan's claims, read from a shard's folder, bound what it works out.
const most = { explorers: 4_096, verifications: 262_144 };

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
 * @throws {InvalidInputError} when the shards are too few to keep each secret's explorers apart, or the explorers or
 *   verifications more than a plan spans
 */
export function placeExplorers(
  explorers: readonly PlannedExplorer[],
  count: number,
  options: PlanOptions,
): Placement {
  const verifications = explorers.reduce((sum, explorer) => sum + explorer.contracts, 0);
  if (explorers.length > most.explorers || verifications > most.verifications)
    throw new InvalidInputError(
      "shards",
      `A plan spans at most ${most.explorers} explorers (a chain on a service) and ${most.verifications} verifications (a contract on one); this run has ${explorers.length} and ${verifications}: plan fewer chains, contracts or targets at once.`,
    );
  const rates = explorers.map((explorer) => explorerRate(explorer.service, options.requestsPerSecond));
  const secrets = explorers.map((explorer) => keySecretOf(options.keySecrets ?? [], explorer));
  const parts = explorers.map(() => 1);
  // Names are compared once, and an explorer is cut once per number of parts: a trial only places the pieces.
  const rank: number[] = [];
  const byName = explorers.map((explorer, index) => ({ index, name: explorerName(explorer) }));
  for (const [at, { index }] of byName.sort((a, b) => a.name.localeCompare(b.name)).entries())
    rank[index] = at;
  const cut = new Map<string, Array<{ piece: ShardExplorer; rank: number }>>();
  const placeWith = (cuts: readonly number[]) =>
    place(
      cuts.flatMap((parts, index) => {
        const pieces =
          cut.get(`${index} ${parts}`) ??
          piecesOf(
            explorers[index] as PlannedExplorer,
            parts,
            rates[index] as ExplorerRate,
            secrets[index],
          ).map((piece) => ({ piece, rank: rank[index] as number }));
        cut.set(`${index} ${parts}`, pieces);
        return pieces;
      }),
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
        const most = Math.min((rates[index] as ExplorerRate).allows, count, explorers[index]?.contracts ?? 0);
        return (parts[index] as number) + 1 <= most;
      })
      .sort((a, b) => b.piece - a.piece);
    // The first cut that makes the heaviest shard lighter: each trial is a whole placement, so none past it is made.
    const better = cuttable.find(({ index }) => {
      parts[index] = (parts[index] as number) + 1;
      const placed = placeWith(parts);
      if ("shards" in placed && lighter(placed.shards, best.shards)) best = placed;
      else parts[index] = (parts[index] as number) - 1;
      return best === placed;
    });
    if (!better) break;
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
function place(
  pieces: Array<{ piece: ShardExplorer; rank: number }>,
  count: number,
): Omit<Placement, "rates"> | { stuck: ShardExplorer } {
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
      b.piece.contracts - a.piece.contracts ||
      a.rank - b.rank ||
      (a.piece.part?.index ?? 0) - (b.piece.part?.index ?? 0),
  );
  // The shards by load then index: the lightest that takes a piece is the first in it that may.
  const queue = [...shards];
  const before = (a: Shard, b: Shard) => a.contracts - b.contracts || a.id.index - b.id.index;
  for (const { piece } of largestFirst) {
    const key = piece.keySecret ?? "";
    const at = queue.findIndex(
      (shard) =>
        !shard.explorers.some((e) => e.service === piece.service && e.chainId === piece.chainId) &&
        (keyOf.get(shard)?.get(piece.service) ?? key) === key,
    );
    const [lightest] = at < 0 ? [] : queue.splice(at, 1);
    if (!lightest) return { stuck: piece };
    lightest.explorers.push(piece);
    lightest.contracts += piece.contracts;
    keyOf.get(lightest)?.set(piece.service, key);
    if (piece.keySecret !== undefined) lightest.keySecrets[piece.service] = piece.keySecret;
    queue.splice(queue.findLastIndex((shard) => before(shard, lightest) < 0) + 1, 0, lightest);
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
