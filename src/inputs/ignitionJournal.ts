import * as z from "../kernel/zod.js";
import { plainFileName } from "./innerFile.js";
import { type JsonOrigin, parseBoundedJson, parseWithSchema } from "./jsonFile.js";

/** A contract deployment the journal records as finished. */
export interface JournalDeployment {
  futureId: string;
  /** `NAMED_ARTIFACT_CONTRACT_DEPLOYMENT`, `LIBRARY_DEPLOYMENT`, … */
  futureType: string;
  /** The artifact's file name in the deployment's `artifacts/` folder, without `.json`. */
  artifactId: string;
  /** As the module named it: bare (`Token`) or fully qualified. */
  contractName: string;
  /** Values with Ignition's `{ _kind: "bigint" }` wrappers turned into bigints. */
  constructorArgs: unknown[];
  /** As the module gave them: library name → address. */
  libraries: Record<string, string>;
  /** Where the contract landed, per the journal. */
  address: string | undefined;
  /** The transaction that deployed it, as the journal saw it confirmed. */
  transactionHash: string | undefined;
}

/** What a deployment's journal says. */
export interface IgnitionJournal {
  chainId: number | undefined;
  deployments: JournalDeployment[];
}

// Message types from hardhat-ignition-core's JournalMessageType; others are not needed to verify.
const messageSchema = z.looseObject({ type: z.string() });

const deploymentInitializeSchema = z.looseObject({ chainId: z.number() });

const executionStateInitializeSchema = z.looseObject({
  futureId: z.string(),
  futureType: z.string(),
  artifactId: z.string(),
  contractName: z.string(),
  constructorArgs: z.array(z.unknown()),
  libraries: z.record(z.string(), z.string()),
});

const executionStateCompleteSchema = z.looseObject({
  futureId: z.string(),
  result: z.looseObject({ type: z.string(), address: z.optional(z.string()) }),
});

const wipeSchema = z.looseObject({ futureId: z.string() });

const transactionConfirmSchema = z.looseObject({
  futureId: z.string(),
  hash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
});

const bigintSchema = z.object({ _kind: z.literal("bigint"), value: z.string().check(z.regex(/^-?\d+$/)) });

/**
 * Reads an Ignition `journal.jsonl`: which contracts were deployed, with which constructor arguments and
 * libraries. Futures wiped after they ran (`ignition wipe`) are left out, as are those that did not succeed.
 *
 * @param text - the journal's text, one JSON message per line
 * @param origin - the journal file, for errors
 * @returns the chain id and the successful deployments, in journal order
 * @throws {InvalidInputError} naming the line of a message that is not JSON or lacks a field verification needs, or
 *   gives an artifact id that is not a plain file name
 */
export function parseIgnitionJournal(text: string, origin: JsonOrigin): IgnitionJournal {
  let chainId: number | undefined;
  const started = new Map<string, Omit<JournalDeployment, "address" | "transactionHash">>();
  const finished = new Map<string, string | undefined>();
  const confirmed = new Map<string, string>();
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    const lineOrigin = { ...origin, path: `${origin.path} (line ${index + 1})` };
    const message = parseBoundedJson(line, lineOrigin);
    const { type } = parseWithSchema(message, messageSchema, lineOrigin);
    if (type === "DEPLOYMENT_INITIALIZE") {
      chainId = parseWithSchema(message, deploymentInitializeSchema, lineOrigin).chainId;
    } else if (type === "DEPLOYMENT_EXECUTION_STATE_INITIALIZE") {
      const state = parseWithSchema(message, executionStateInitializeSchema, lineOrigin);
      started.set(state.futureId, {
        futureId: state.futureId,
        futureType: state.futureType,
        artifactId: plainFileName(
          state.artifactId,
          origin.field,
          `The ${origin.what} ${lineOrigin.path} gives the artifact id`,
        ),
        contractName: state.contractName,
        constructorArgs: state.constructorArgs.map(revive),
        libraries: state.libraries,
      });
    } else if (type === "DEPLOYMENT_EXECUTION_STATE_COMPLETE") {
      const complete = parseWithSchema(message, executionStateCompleteSchema, lineOrigin);
      if (complete.result.type === "SUCCESS") finished.set(complete.futureId, complete.result.address);
    } else if (type === "TRANSACTION_CONFIRM") {
      const confirm = transactionConfirmSchema.safeParse(message);
      if (confirm.success) confirmed.set(confirm.data.futureId, confirm.data.hash);
    } else if (type === "WIPE_APPLY") {
      const { futureId } = parseWithSchema(message, wipeSchema, lineOrigin);
      started.delete(futureId);
      finished.delete(futureId);
      confirmed.delete(futureId);
    }
  }
  const deployments = [...started.values()]
    .filter((deployment) => finished.has(deployment.futureId))
    .map((deployment) => ({
      ...deployment,
      address: finished.get(deployment.futureId),
      transactionHash: confirmed.get(deployment.futureId),
    }));
  return { chainId, deployments };
}

// Ignition writes bigints as `{ "_kind": "bigint", "value": "1000" }`, at any depth of an argument.
function revive(value: unknown): unknown {
  const bigint = bigintSchema.safeParse(value);
  if (bigint.success) return BigInt(bigint.data.value);
  if (Array.isArray(value)) return value.map(revive);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revive(item)]));
  }
  return value;
}
