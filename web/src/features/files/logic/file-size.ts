/** SPEC §5: 1 MB is 1,048,576 bytes. */
export const BYTES_PER_MB = 1_048_576;

/**
 * SPEC §2 My files: a size in MB with two decimals; anything under 0.01 MB is `null` (shown as
 * '< 0.01 MB').
 */
export function megabytes(bytes: number): string | null {
  const mb = bytes / BYTES_PER_MB;
  return mb < 0.01 ? null : mb.toFixed(2);
}
