import { InvalidInputError } from "../../src/errors/index.js";

/**
 * Waits for a promise that must fail validation.
 * @param promise - the call
 * @returns the InvalidInputError it was rejected with
 * @throws when it resolved, or failed another way
 */
export async function rejected(promise: Promise<unknown>): Promise<InvalidInputError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error("expected an InvalidInputError");
}

/**
 * Runs a call that must throw a validation error.
 * @param run - the call
 * @returns the InvalidInputError it threw
 * @throws when it returned, or failed another way
 */
export function thrown(run: () => unknown): InvalidInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error("expected an InvalidInputError");
}
