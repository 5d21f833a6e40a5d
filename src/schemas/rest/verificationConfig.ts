import * as z from "../../kernel/zod.js";

/**
 * What `GET /api/v2/smart-contracts/verification/config` says an explorer can build: the compiler versions and EVM
 * targets it lists for Solidity and Vyper. The other keys (verification options, licence types, zkSync's and
 * Stylus's lists) are kept as sent.
 */
export const verificationConfigSchema = z.looseObject({
  solidity_compiler_versions: z.nullish(z.array(z.string())),
  solidity_evm_versions: z.nullish(z.array(z.string())),
  vyper_compiler_versions: z.nullish(z.array(z.string())),
  vyper_evm_versions: z.nullish(z.array(z.string())),
});

export type VerificationConfig = z.infer<typeof verificationConfigSchema>;
