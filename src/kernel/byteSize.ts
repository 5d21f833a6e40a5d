/**
 * A size limit as messages give it.
 *
 * @param bytes - bytes
 * @returns `64 MiB`, or `1000 bytes` when not whole MiB
 */
export function formatBytes(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes} bytes`;
}
