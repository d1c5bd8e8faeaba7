import { randomUUID } from 'node:crypto';

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer | string };

/** A multipart/form-data body for `inject()` (tests only), the way a browser's FormData sends it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----parley${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('filename' in part) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    }
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`),
      Buffer.from('value' in part ? part.value : part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
