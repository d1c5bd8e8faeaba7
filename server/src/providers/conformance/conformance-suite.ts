// The behaviour every ChatProvider must show against its vendor fake (ARCHITECTURE.md §3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../types';
import type { ChatProvider, ChatRequest } from '../types';
import { collectEvents, finishesOf, textOf, withDeadline } from './collect-events';

export interface ConformanceTarget {
  provider: ChatProvider;
  /** A valid request whose credentials point at the running fake. */
  request(): ChatRequest;
  /** Next request answers these text deltas, `delayMs` apart, then finishes normally with usage. */
  scriptReply(script: { chunks: string[]; delayMs?: number }): void | Promise<void>;
  /** Next request answers this HTTP status with the vendor's error body (401 → invalid_key, 429 → rate_limit, 500 → upstream). */
  scriptHttpError(status: 401 | 429 | 500): void | Promise<void>;
  /** Next request streams `afterChunks` deltas then the connection is destroyed. */
  scriptDrop(afterChunks: number): void | Promise<void>;
  /** Next request streams `afterChunks` deltas then stalls forever with the socket open. */
  scriptStall(afterChunks: number): void | Promise<void>;
}

const ERROR_KINDS = { 401: 'invalid_key', 429: 'rate_limit', 500: 'upstream' } as const;

/** Registers a vitest `describe` block: `setup` runs in beforeAll, `close` in afterAll. */
export function describeConformance(
  name: string,
  setup: () => Promise<{ target: ConformanceTarget; close(): Promise<void> }>,
): void {
  describe(`${name} conformance`, () => {
    let target: ConformanceTarget | undefined;
    let close: (() => Promise<void>) | undefined;
    const current = (): ConformanceTarget => {
      if (!target) throw new Error('conformance setup did not run');
      return target;
    };
    beforeAll(async () => {
      const ready = await setup();
      target = ready.target;
      close = () => ready.close();
    });
    afterAll(async () => {
      await close?.();
    });

    registerStreamingTests(current);
    registerErrorTests(current);
    registerInterruptionTests(current);
  });
}

function registerStreamingTests(current: () => ConformanceTarget): void {
  it('yields each text delta as it arrives instead of buffering the reply', async () => {
    const t = current();
    await t.scriptReply({ chunks: ['one ', 'two ', 'three ', 'four'], delayMs: 60 });
    const { events, error } = await collectEvents(t.provider, t.request(), new AbortController().signal);
    expect(error).toBeUndefined();
    const deltas = events.filter(({ event }) => event.type === 'text-delta');
    const first = deltas[0];
    const last = deltas[deltas.length - 1];
    expect(first).toBeDefined();
    expect(last).toBeDefined();
    // The last chunk is sent 180 ms after the first; a buffering adapter yields them together.
    expect((last?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(120);
  });

  it('streams the scripted text and ends with exactly one stop finish carrying usage', async () => {
    const t = current();
    const chunks = ['Hello', ', ', 'wor', 'ld', '!'];
    await t.scriptReply({ chunks });
    const { events, error } = await collectEvents(t.provider, t.request(), new AbortController().signal);
    expect(error).toBeUndefined();
    expect(textOf(events)).toBe(chunks.join(''));
    const finishes = finishesOf(events);
    expect(finishes).toHaveLength(1);
    expect(events[events.length - 1]).toBe(finishes[0]);
    const finish = finishes[0]?.event;
    if (finish?.type !== 'finish') throw new Error('no finish event');
    expect(finish.reason).toBe('stop');
    expect(finish.usage).toBeDefined();
    const counts = [finish.usage?.inputTokens, finish.usage?.outputTokens];
    expect(counts.some((count) => typeof count === 'number')).toBe(true);
  });
}

function registerErrorTests(current: () => ConformanceTarget): void {
  for (const status of [401, 429, 500] as const) {
    it(`maps HTTP ${status} to a ProviderError of kind ${ERROR_KINDS[status]}`, async () => {
      const t = current();
      await t.scriptHttpError(status);
      const { events, error } = await collectEvents(t.provider, t.request(), new AbortController().signal);
      expect(finishesOf(events)).toHaveLength(0);
      expect(error).toBeInstanceOf(ProviderError);
      const providerError = error as ProviderError;
      expect(providerError.kind).toBe(ERROR_KINDS[status]);
      expect(providerError.status).toBe(status);
      expect(providerError.message.length).toBeGreaterThan(0);
    });
  }
}

function registerInterruptionTests(current: () => ConformanceTarget): void {
  it('throws a network or upstream ProviderError after the deltas that arrived when the connection drops', async () => {
    const t = current();
    await t.scriptDrop(2);
    const { events, error } = await collectEvents(t.provider, t.request(), new AbortController().signal);
    expect(events.some(({ event }) => event.type === 'text-delta')).toBe(true);
    expect(finishesOf(events)).toHaveLength(0);
    expect(error).toBeInstanceOf(ProviderError);
    expect(['network', 'upstream']).toContain((error as ProviderError).kind);
  });

  it('ends after an abort during a stalled stream (the stall alone would hold it open), with no finish after it', async () => {
    const t = current();
    await t.scriptStall(1);
    const controller = new AbortController();
    let finishesAfterAbort = 0;
    const run = collectEvents(t.provider, t.request(), controller.signal, (event) => {
      if (event.type === 'finish' && controller.signal.aborted) finishesAfterAbort += 1;
      // The fake stalls after this delta and never ends the stream: only the abort can end the iteration.
      if (event.type === 'text-delta' && !controller.signal.aborted) setTimeout(() => controller.abort(), 50);
    });
    // A hang detector, not a time limit: the mechanism is that the iteration ends at all.
    const outcome = await withDeadline(run, 30_000);
    if (outcome === 'timed-out') throw new Error('the iteration did not end after the abort');
    expect(outcome.events.some(({ event }) => event.type === 'text-delta')).toBe(true);
    expect(finishesAfterAbort).toBe(0);
  }, 60_000);
}
