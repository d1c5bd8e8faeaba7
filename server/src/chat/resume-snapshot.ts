// Resuming without `Last-Event-ID` (API.md "Chat"): `created`, one `text` event holding everything so far at
// offset 0, then whatever else was stored, then live events.
import { z } from 'zod';
import { textEventSchema } from '@parley/shared/stream/events';
import type { LogEntry } from '../coordination/generation-log';
import { textEvent, type GenerationDetail } from './chat-events';

const detailSchema = z.object({ responseMessageId: z.string(), initialText: z.string() });

export function parseDetail(detail: string): GenerationDetail {
  return detailSchema.parse(JSON.parse(detail));
}

/** The stored entries with every `text` event merged into one, placed at the last one's seq. */
export function mergeSnapshot(
  entries: readonly LogEntry[],
  detail: GenerationDetail,
  conversationId: string,
): LogEntry[] {
  const indexed = entries.some(
    (entry) => entry.type === 'text' && textEventSchema.parse(JSON.parse(entry.data)).index !== undefined,
  );
  return indexed ? mergeByPart(entries) : mergeWhole(entries, detail, conversationId);
}

/**
 * A reply with content parts: each text part's deltas become one event (offset 0) at the seq of its last
 * delta, after the `content` events that came before it.
 */
function mergeByPart(entries: readonly LogEntry[]): LogEntry[] {
  const lastSeq = new Map<number, number>();
  const merged = new Map<number, { event: z.infer<typeof textEventSchema>; text: string }>();
  for (const entry of entries) {
    if (entry.type !== 'text') continue;
    const event = textEventSchema.parse(JSON.parse(entry.data));
    const index = event.index ?? 0;
    lastSeq.set(index, entry.seq);
    const part = merged.get(index);
    merged.set(index, { event, text: (part?.text ?? '') + event.text });
  }
  const out: LogEntry[] = [];
  for (const entry of entries) {
    if (entry.type !== 'text') {
      out.push(entry);
      continue;
    }
    const event = textEventSchema.parse(JSON.parse(entry.data));
    const index = event.index ?? 0;
    const part = merged.get(index);
    if (lastSeq.get(index) !== entry.seq || !part) continue;
    const whole = { ...part.event, text: part.text, offset: 0 };
    out.push({ seq: entry.seq, type: 'text', data: JSON.stringify(whole), last: false });
  }
  return out;
}

function mergeWhole(
  entries: readonly LogEntry[],
  detail: GenerationDetail,
  conversationId: string,
): LogEntry[] {
  const texts = entries.filter((entry) => entry.type === 'text');
  const lastText = texts.at(-1);
  const created = entries.find((entry) => entry.type === 'created');
  const merged =
    detail.initialText + texts.map((entry) => textEventSchema.parse(JSON.parse(entry.data)).text).join('');
  const anchorSeq = lastText?.seq ?? created?.seq ?? 0;
  const out: LogEntry[] = [];
  for (const entry of entries) {
    if (entry.type === 'text') continue;
    if (entry.seq > anchorSeq && out.every((e) => e.type !== 'text'))
      pushText(out, anchorSeq, merged, detail, conversationId);
    out.push(entry);
  }
  if (out.every((e) => e.type !== 'text')) pushText(out, anchorSeq, merged, detail, conversationId);
  return out;
}

function pushText(
  out: LogEntry[],
  seq: number,
  text: string,
  detail: GenerationDetail,
  conversationId: string,
): void {
  if (text === '' || seq === 0) return;
  const event = textEvent(detail.responseMessageId, conversationId, text, 0);
  out.push({ seq, type: event.type, data: JSON.stringify(event), last: false });
}

/** Entries given up front, then the live ones. */
export async function* concatEntries(
  first: readonly LogEntry[],
  rest: () => AsyncIterable<LogEntry>,
): AsyncIterable<LogEntry> {
  yield* first;
  if (first.some((entry) => entry.last)) return;
  yield* rest();
}
