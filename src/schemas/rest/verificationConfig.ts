import * as z from "../../kernel/zod.js";

/** The most entries a list may hold: a real explorer lists some thousands; a longer list is not believed. */
export const maxListedBuilds = 20_000;

const listed = z.nullish(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(maxListedBuilds)));

/**
 * What `GET /api/v2/smart-contracts/verification/config` says an explorer can build: the compiler versions and EVM
 * targets it lists for Solidity and Vyper. The other keys (verification options, licence types, zkSync's and
 * Stylus's lists) are kept as sent.
 */
export const verificationConfigSchema = z.looseObject({
  solidity_compiler_versions: listed,
  solidity_evm_versions: listed,
  vyper_compiler_versions: listed,
  vyper_evm_versions: listed,
});

export type VerificationConfig = z.infer<typeof verificationConfigSchema>;
