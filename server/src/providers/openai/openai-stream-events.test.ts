import { startFakeOpenAI } from '@parley/fakes/openai-server';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import type { ChatRequest, ProviderEvent } from '../types';
import { helloRequest } from './openai-conformance-target';
import { createOpenAIProvider } from './openai-provider';

let fake: FakeOpenAI;
const provider = createOpenAIProvider();

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

async function eventsOf(
  req: ChatRequest = helloRequest({ apiKey: 'k', baseURL: fake.baseURL }),
): Promise<ProviderEvent[]> {
  const { events, error } = await collectEvents(provider, req, new AbortController().signal);
  expect(error).toBeUndefined();
  return events.map(({ event }) => event);
}

describe('openai stream events', () => {
  it('streams tool-call deltas and then the assembled tool calls before a tool-calls finish', async () => {
    fake.script({
      replies: [
        {
          toolCalls: [
            { id: 'call_a', name: 'weather', arguments: '{"city":"Oslo","unit":"C"}' },
            { id: 'call_b', name: 'time', arguments: '{"zone":"CET"}' },
          ],
          chunkSize: 6,
        },
      ],
    });

    const events = await eventsOf();

    const deltas = events.filter((event) => event.type === 'tool-call-delta');
    expect(deltas.length).toBeGreaterThan(4);
    expect(deltas[0]).toEqual({
      type: 'tool-call-delta',
      index: 0,
      id: 'call_a',
      name: 'weather',
      argumentsDelta: '',
    });
    const calls = events.filter((event) => event.type === 'tool-call');
    expect(calls).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'weather', arguments: '{"city":"Oslo","unit":"C"}' },
      { type: 'tool-call', id: 'call_b', name: 'time', arguments: '{"zone":"CET"}' },
    ]);
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'finish', reason: 'tool-calls', rawReason: 'tool_calls' });
    expect(events.indexOf(calls[1] as ProviderEvent)).toBe(events.length - 2);
  });

  it('reports the usage the server sent on the finish event', async () => {
    fake.script({ replies: [{ text: 'Counted.', usage: { prompt_tokens: 31, completion_tokens: 4 } }] });

    const events = await eventsOf();

    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'stop',
      rawReason: 'stop',
      usage: { inputTokens: 31, outputTokens: 4 },
    });
  });

  it('finishes without usage when the server sends none', async () => {
    fake.script({ replies: [{ text: 'No count.' }] });

    const events = await eventsOf({
      ...helloRequest({ apiKey: 'k', baseURL: fake.baseURL }),
      dropParams: ['stream_options'],
    });

    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'stop' });
  });

  it.each([
    ['length', 'length'],
    ['content_filter', 'content-filter'],
  ] as const)('maps finish_reason %s to %s and keeps the raw reason', async (raw, reason) => {
    fake.script({ replies: [{ text: 'Cut', finishReason: raw }] });

    const events = await eventsOf();

    expect(events.at(-1)).toMatchObject({ type: 'finish', reason, rawReason: raw });
  });
});
