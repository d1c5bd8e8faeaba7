import { startFakeAnthropic } from '@parley/fakes/anthropic-server';
import type { FakeAnthropic } from '@parley/fakes/anthropic-server';
import type { AnthropicReply } from '@parley/fakes/anthropic-script';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import { describeConformance } from '../conformance/conformance-suite';
import { ProviderError } from '../types';
import type { ProviderEvent } from '../types';
import { anthropicConformanceTarget, helloClaude } from './anthropic-conformance-target';
import { createAnthropicProvider } from './anthropic-provider';

const KEY = 'sk-ant-test';

describeConformance('anthropic', async () => {
  const fake = await startFakeAnthropic();
  fake.script({ apiKey: KEY });
  const target = anthropicConformanceTarget(fake, createAnthropicProvider(), () =>
    helloClaude({ apiKey: KEY, baseURL: fake.url }),
  );
  return { target, close: () => fake.close() };
});

let fake: FakeAnthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.script({ apiKey: KEY });
});

const provider = createAnthropicProvider();

async function run(reply: AnthropicReply): Promise<{ events: ProviderEvent[]; error: unknown }> {
  fake.script({ replies: [reply] });
  const { events, error } = await collectEvents(
    provider,
    helloClaude({ apiKey: KEY, baseURL: fake.url }),
    new AbortController().signal,
  );
  return { events: events.map(({ event }) => event), error };
}

describe('anthropic stream events', () => {
  it('streams tool_use blocks as tool-call deltas, then the assembled call and a tool-calls finish', async () => {
    const args = '{"city":"Paris"}';
    const { events, error } = await run({
      chunks: ['Checking.'],
      toolCalls: [{ id: 'toolu_1', name: 'weather', arguments: args }],
      chunkSize: 6,
    });

    expect(error).toBeUndefined();
    expect(events).toEqual([
      { type: 'text-delta', delta: 'Checking.' },
      { type: 'tool-call-delta', index: 0, id: 'toolu_1', name: 'weather', argumentsDelta: '' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '":"Par' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: 'is"}' },
      { type: 'tool-call', id: 'toolu_1', name: 'weather', arguments: args },
      expect.objectContaining({ type: 'finish', reason: 'tool-calls', rawReason: 'tool_use' }),
    ]);
  });

  it('numbers several tool calls 0, 1 … whatever their content block index', async () => {
    const { events } = await run({
      toolCalls: [
        { id: 'a', name: 'one', arguments: '{}' },
        { id: 'b', name: 'two', arguments: '{"x":1}' },
      ],
    });

    const calls = events.filter((e) => e.type === 'tool-call');
    const openings = events.filter((e) => e.type === 'tool-call-delta' && e.id !== undefined);
    expect(calls).toEqual([
      { type: 'tool-call', id: 'a', name: 'one', arguments: '{}' },
      { type: 'tool-call', id: 'b', name: 'two', arguments: '{"x":1}' },
    ]);
    expect(openings.map((e) => (e.type === 'tool-call-delta' ? e.index : -1))).toEqual([0, 1]);
  });

  it('reports input tokens from message_start and output tokens from message_delta', async () => {
    const { events } = await run({ text: 'Hi', usage: { input_tokens: 42, output_tokens: 7 } });

    expect(events.at(-1)).toEqual({
      type: 'finish',
      reason: 'stop',
      rawReason: 'end_turn',
      usage: { inputTokens: 42, outputTokens: 7 },
    });
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['tool_use', 'tool-calls'],
    ['refusal', 'content-filter'],
    ['pause_turn', 'other'],
  ] as const)('maps stop_reason %s to finish %s', async (stopReason, reason) => {
    const { events } = await run({ text: 'x', stopReason });

    expect(events.at(-1)).toMatchObject({ type: 'finish', reason, rawReason: stopReason });
  });
});

describe('anthropic error mapping', () => {
  async function errorOf(reply: AnthropicReply): Promise<ProviderError> {
    const { error } = await run(reply);
    if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
    return error;
  }

  it('maps 529 overloaded_error to a retryable upstream error', async () => {
    const error = await errorOf({ error: { status: 529 } });

    expect(error).toMatchObject({ kind: 'upstream', status: 529, retryable: true, message: 'Overloaded' });
  });

  it('maps a 400 "prompt is too long" to context_length', async () => {
    const error = await errorOf({
      error: { status: 400, message: 'prompt is too long: 210000 tokens > 200000 maximum' },
    });

    expect(error).toMatchObject({ kind: 'context_length', status: 400, retryable: false });
  });

  it('maps any other 400 to bad_request and keeps the SDK error as cause', async () => {
    const error = await errorOf({ error: { status: 400, message: 'temperature: range: 0..1' } });

    expect(error).toMatchObject({ kind: 'bad_request', status: 400, message: 'temperature: range: 0..1' });
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('maps a 404 about the model to model_not_found', async () => {
    const error = await errorOf({ error: { status: 404, message: 'model: claude-9' } });

    expect(error).toMatchObject({ kind: 'model_not_found', status: 404 });
  });

  it('maps a wrong key to invalid_key', async () => {
    fake.script({ replies: [{ text: 'unused' }] });
    const { error } = await collectEvents(
      provider,
      helloClaude({ apiKey: 'wrong', baseURL: fake.url }),
      new AbortController().signal,
    );

    expect(error).toMatchObject({ kind: 'invalid_key', status: 401 });
  });

  it('maps an overloaded error event in mid-stream to upstream, after the deltas that came first', async () => {
    const { events, error } = await run({
      chunks: ['a', 'b', 'c'],
      streamError: { afterChunks: 2, type: 'overloaded_error', message: 'Overloaded' },
    });

    expect(events).toEqual([
      { type: 'text-delta', delta: 'a' },
      { type: 'text-delta', delta: 'b' },
    ]);
    expect(error).toMatchObject({ kind: 'upstream', status: undefined, retryable: true });
  });

  it('maps a refused connection to network', async () => {
    const { error } = await collectEvents(
      provider,
      helloClaude({ apiKey: KEY, baseURL: 'http://127.0.0.1:9' }),
      new AbortController().signal,
    );

    expect(error).toMatchObject({ kind: 'network' });
  });
});

describe('anthropic listModels', () => {
  it('lists the model ids from /v1/models with the key', async () => {
    fake.script({ models: ['claude-a', 'claude-b'] });

    const models = await provider.listModels({ credentials: { apiKey: KEY, baseURL: fake.url } });

    expect(models).toEqual(['claude-a', 'claude-b']);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('throws invalid_key for a wrong key, so the caller can fall back to its configured list', async () => {
    await expect(
      provider.listModels({ credentials: { apiKey: 'wrong', baseURL: fake.url } }),
    ).rejects.toMatchObject({
      kind: 'invalid_key',
    });
  });
});
