// Reads at most `maxBytes` of a response body and cancels the rest, so a 50 MB answer never sits in memory.
export async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean; bytes: number }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', truncated: false, bytes: 0 };
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - bytes;
      if (value.byteLength > room) {
        chunks.push(value.subarray(0, room));
        bytes += room;
        truncated = true;
        break;
      }
      chunks.push(value);
      bytes += value.byteLength;
    }
  } finally {
    if (truncated) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  // A multi-byte character cut at the cap decodes to U+FFFD, which is harmless for the model.
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), truncated, bytes };
}
