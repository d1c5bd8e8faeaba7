/** Server-sent events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html). */

export interface SseFrame {
  id?: string | number;
  event?: string;
  data: string;
}

/** One frame: `id:`, `event:`, one `data:` line per line of data, then a blank line. */
export function encodeSseFrame({ id, event, data }: SseFrame): string {
  let out = '';
  if (id !== undefined) out += `id: ${String(id).replace(/[\r\n]/g, '')}\n`;
  if (event !== undefined) out += `event: ${event.replace(/[\r\n]/g, '')}\n`;
  for (const line of data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/** A comment line, ignored by clients; used as a keep-alive ping. */
export const SSE_PING = ': ping\n\n';
