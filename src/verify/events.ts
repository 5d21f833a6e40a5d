import type { TransportEvent } from "../kernel/waits.js";
import type { VerificationResult } from "./job.js";

/** What the engine reports while it works, for progress lines; every event names the contract's address. */
export type VerificationEvent =
  | { type: "checking"; address: string; contract: string }
  | {
      type: "submitted";
      address: string;
      contract: string;
      attempt: number;
      input: "minimal" | "full" | "single";
      guid?: string;
    }
  | { type: "pending"; address: string; contract: string; guid: string; message: string }
  | { type: "waiting"; address: string; contract: string; reason: string; delayMs: number }
  | {
      type: "preflight";
      address: string;
      contract: string;
      outcome: "perfect" | "partial" | "mismatch" | "skipped";
      diagnosis: string;
    }
  | { type: "notice"; address: string; contract: string; message: string }
  /** `implementation` is unset when the explorer is left to find it (the job's own address is the proxy). */
  | { type: "linking-proxy"; address: string; contract: string; implementation: string | undefined }
  | { type: "finished"; address: string; contract: string; result: VerificationResult }
  | { type: "transport"; event: TransportEvent };

/** An event about one contract, without the address and name that the contract's engine adds. */
export type ContractEvent<E = VerificationEvent> = E extends { contract: string }
  ? Omit<E, "address" | "contract">
  : never;

/** Receives engine events; must not throw. */
export type VerificationEventListener = (event: VerificationEvent) => void;
