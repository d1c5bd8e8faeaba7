// The provider SDK clients send a request again once when its kept-alive connection was closed under it
// (net/stale-connection-retry.ts), against a real socket server that resets the first request.
import { beforeAll, describe, expect, it } from 'vitest';
import { resettingServer } from '../../../test/resetting-server';
import { anthropicSdk, googleSdk, openAISdk } from '../../lib/provider-sdks';
import { createAnthropicClient } from '../anthropic/create-anthropic-client';
import { createAzureClient } from '../azure-openai/create-azure-client';
import { createBingConversation } from '../bing/create-bing-conversation';
import { createChatGPTBrowserProvider } from '../chatgpt-browser/chatgpt-browser-provider';
import { helloChatGPT } from '../chatgpt-browser/chatgpt-browser-conformance-target';
import { collectEvents } from '../conformance/collect-events';
import { createGoogleClient } from '../google/create-google-client';
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
/** The ChatGPT web backend's answer: the whole message so far in each event, then `[DONE]`. */
function chatGPTAnswer(text: string): string {
  const message = (status: string) => ({
    message: {
      id: 'a1',
      author: { role: 'assistant' },
      content: { content_type: 'text', parts: [text] },
      status,
      metadata: status === 'finished_successfully' ? { finish_details: { type: 'stop' } } : {},
    },
    conversation_id: 'c1',
    error: null,
  });
  const events = [message('in_progress'), message('finished_successfully'), '[DONE]'];
  return events
    .map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`)
    .join('');
}
const SETTINGS = { timeoutMs: 10_000 };
const HI = [{ role: 'user' as const, content: 'Hi' }];

beforeAll(async () => {
  await Promise.all([openAISdk.load(), anthropicSdk.load(), googleSdk.load()]);
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

  it('Google (the Gemini API client; Vertex AI shares its fetch) still gets its answer', async () => {
    const server = await resettingServer(1, {
      status: 200,
      json: {
        candidates: [{ content: { role: 'model', parts: [{ text: 'Hello.' }] }, finishReason: 'STOP' }],
      },
    });
    const client = createGoogleClient({ apiKey: 'g-key', baseURL: server.url });
    const answer = await client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' });
    expect(answer.text).toBe('Hello.');
    expect(server.requests).toBe(2);
  });

  it('ChatGPT (browser) still gets its answer', async () => {
    const server = await resettingServer(1, {
      status: 200,
      body: chatGPTAnswer('Hello.'),
      contentType: 'text/event-stream',
    });
    const { events, error } = await collectEvents(
      createChatGPTBrowserProvider(),
      helloChatGPT({ apiKey: 'eyJ-token', baseURL: `${server.url}/backend-api/conversation` }),
      new AbortController().signal,
    );
    expect(error).toBeUndefined();
    const text = events.flatMap(({ event }) => (event.type === 'text-delta' ? [event.delta] : [])).join('');
    expect(text).toBe('Hello.');
    expect(server.requests).toBe(2);
  });

  it('Bing still creates its conversation', async () => {
    const server = await resettingServer(1, {
      status: 200,
      json: { conversationId: 'c1', clientId: 'k1', result: { value: 'Success' } },
    });
    const session = await createBingConversation(
      `${server.url}/turing/conversation/create`,
      undefined,
      AbortSignal.timeout(30_000),
    );
    expect(session).toMatchObject({ conversationId: 'c1', clientId: 'k1' });
    expect(server.requests).toBe(2);
  });
});
