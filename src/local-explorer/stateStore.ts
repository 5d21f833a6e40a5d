import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import * as z from "../schemas/zod.js";
import type { ContractRecord, GuidState } from "./backend.js";

const stateSchema = z.object({
  version: z.literal(1),
  chainId: z.number(),
  /** Verified contracts by lower-case address, with the hash of the code they were verified against. */
  contracts: z.record(z.string(), z.object({ codeHash: z.string(), record: z.custom<ContractRecord>() })),
  guids: z.record(
    z.string(),
    z.object({ state: z.enum(["pending", "pass", "fail", "unknown"]), address: z.string() }),
  ),
  proxyGuids: z.record(
    z.string(),
    z.object({
      state: z.enum(["pending", "pass", "fail", "unknown"]),
      proxy: z.string(),
      implementations: z.array(z.string()),
    }),
  ),
});

export type ExplorerState = z.infer<typeof stateSchema>;

/** The local explorer's memory: in a JSON file when given one (so reruns and `status` see earlier work), else in memory. */
export class StateStore {
  readonly #path: string | undefined;
  state: ExplorerState;

  /**
   * @param path - the state file; undefined keeps state in memory only
   * @param chainId - the chain this explorer serves; a file for another chain starts over
   */
  constructor(path: string | undefined, chainId: number) {
    this.#path = path;
    this.state = { version: 1, chainId, contracts: {}, guids: {}, proxyGuids: {} };
    if (!path) return;
    try {
      const loaded = stateSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
      if (loaded.success && loaded.data.chainId === chainId) this.state = loaded.data;
    } catch {
      // No file yet, or an unreadable one: start empty.
    }
  }

  /** Writes the state (atomically: a half-written file never replaces a good one). */
  save(): void {
    if (!this.#path) return;
    mkdirSync(dirname(this.#path), { recursive: true });
    const temporary = `${this.#path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.#path);
  }

  /**
   * Records a guid's state.
   * @param guid - the receipt
   * @param address - the contract
   * @param state - where it stands
   */
  setGuid(guid: string, address: string, state: GuidState): void {
    this.state.guids[guid] = { state, address };
    this.save();
  }
}
