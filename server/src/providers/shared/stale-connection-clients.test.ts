// The provider SDK clients send a request again once when its kept-alive connection was closed under it
// (net/stale-connection-retry.ts), against a real socket server that resets the first request.
import { beforeAll, describe, expect, it } from 'vitest';
import { resettingServer } from '../../../test/resetting-server';
import { anthropicSdk, openAISdk } from '../../lib/provider-sdks';
import { createAnthropicClient } from '../anthropic/create-anthropic-client';
import { createAzureClient } from '../azure-openai/create-azure-client';
import { createOpenAIClient } from '../openai/create-openai-client';

const COMPLETION = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4o',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Hello.' } }],
};
const MESSAGE = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [{ type: 'text', text: 'Hello.' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
};
const SETTINGS = { timeoutMs: 10_000 };
const HI = [{ role: 'user' as const, content: 'Hi' }];

beforeAll(async () => {
  await Promise.all([openAISdk.load(), anthropicSdk.load()]);
});

describe('a provider client whose first request is reset', () => {
  it('OpenAI (and every OpenAI-compatible endpoint) still gets its answer', async () => {
    const server = await resettingServer(1, { status: 200, json: COMPLETION });
    const client = createOpenAIClient({ apiKey: 'sk-test', baseURL: `${server.url}/v1` }, SETTINGS);
    const reply = await client.chat.completions.create({ model: 'gpt-4o', messages: HI });
    expect(reply.choices[0]?.message.content).toBe('Hello.');
    expect(server.requests).toBe(2);
  });

  it('Azure OpenAI still gets its answer', async () => {
    const server = await resettingServer(1, { status: 200, json: COMPLETION });
    const client = createAzureClient(
      {
        apiKey: 'azure-key',
        azure: { deploymentName: 'gpt-4o', apiVersion: '2024-10-21', baseURL: `${server.url}/openai` },
      },
      SETTINGS,
    );
    const reply = await client.chat.completions.create({ model: 'gpt-4o', messages: HI });
    expect(reply.choices[0]?.message.content).toBe('Hello.');
    expect(server.requests).toBe(2);
  });

  it('Anthropic still gets its answer', async () => {
    const server = await resettingServer(1, { status: 200, json: MESSAGE });
    const client = createAnthropicClient({ apiKey: 'sk-ant', baseURL: server.url }, SETTINGS);
    const answer = await client.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 16, messages: HI });
    expect(answer.content).toEqual([{ type: 'text', text: 'Hello.' }]);
    expect(server.requests).toBe(2);
  });
});
