/** A worker's chain: where it answers, its process, and the snapshot of its first block. */
export interface ChainRecord {
  rpcUrl: string;
  pid: number;
  snapshot: string;
}
export declare function chainRecordFile(): string;
export declare function stopChainWorkers(run: string): Promise<void>;
