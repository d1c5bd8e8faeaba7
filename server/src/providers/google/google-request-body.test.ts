import { startFakeGoogle } from '@parley/fakes/google-server';
import type { FakeGoogle } from '@parley/fakes/google-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import type { ChatRequest, PromptMessage } from '../types';
import { createGoogleProvider } from './google-provider';

let fake: FakeGoogle;
beforeAll(async () => {
  fake = await startFakeGoogle();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

const provider = createGoogleProvider();
const user = (text: string): PromptMessage => ({ role: 'user', parts: [{ type: 'text', text }] });
const assistant = (text: string): PromptMessage => ({ role: 'assistant', parts: [{ type: 'text', text }] });

/** Sends the request through the adapter and returns the JSON body the fake received. */
async function sentBody(overrides: Partial<ChatRequest>): Promise<Record<string, unknown>> {
  const request: ChatRequest = {
    model: 'gemini-1.5-pro',
    messages: [user('Hi')],
    params: {},
    credentials: { apiKey: 'k', baseURL: fake.url },
    ...overrides,
  };
  const { error } = await collectEvents(provider, request, new AbortController().signal);
  expect(error).toBeUndefined();
  const body = fake.requests.at(-1)?.body;
  if (typeof body !== 'object' || body === null) throw new Error('the fake received no JSON body');
  return body as Record<string, unknown>;
}

describe('google request body', () => {
  it('sends the system prompt as systemInstruction and the parameters in generationConfig', async () => {
    const body = await sentBody({
      system: 'Be brief.',
      params: {
        temperature: 0.2,
        topP: 0.8,
        topK: 40,
        maxOutputTokens: 1000,
        stop: ['a', 'b', 'c', 'd', 'e'],
      },
    });

    expect(body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }] },
      generationConfig: {
        temperature: 0.2,
        topP: 0.8,
        topK: 40,
        maxOutputTokens: 1000,
        stopSequences: ['b', 'c', 'd', 'e'],
      },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1beta/models/gemini-1.5-pro:streamGenerateContent',
      headers: { 'x-goog-api-key': 'k' },
    });
  });

  it.each([
    ['gemini-1.5-pro', undefined, 8192],
    ['gemini-1.5-pro', 50_000, 8192],
    ['gemini-pro', 2048, 2048],
    ['chat-bison', undefined, 1024],
    ['chat-bison', 8192, 2048],
    ['text-bison', 0, 1],
  ])('clamps maxOutputTokens for %s: asked %s, sent %i', async (model, asked, sent) => {
    const body = await sentBody({ model, params: asked === undefined ? {} : { maxOutputTokens: asked } });

    expect(body.generationConfig).toMatchObject({ maxOutputTokens: sent });
  });

  it('drops a leading greeting and empty turns, and merges neighbours so user and model alternate', async () => {
    const body = await sentBody({
      messages: [assistant('Welcome!'), user('a'), user('b'), assistant(' '), assistant('answer'), user('c')],
    });

    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'a' }, { text: 'b' }] },
      { role: 'model', parts: [{ text: 'answer' }] },
      { role: 'user', parts: [{ text: 'c' }] },
    ]);
  });

  it('prepends chat-bison style examples as user and model turns', async () => {
    const body = await sentBody({
      model: 'chat-bison',
      params: {
        examples: [
          { input: 'Hello', output: 'Hi, how can I help?' },
          { input: '', output: 'skipped: no input' },
        ],
      },
    });

    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Hello' }] },
      { role: 'model', parts: [{ text: 'Hi, how can I help?' }] },
      { role: 'user', parts: [{ text: 'Hi' }] },
    ]);
  });

  it('sends a data URL as inlineData and any other URL as fileData', async () => {
    const body = await sentBody({
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'image', url: 'data:image/webp;base64,UklGRg==' },
            { type: 'image', url: 'https://example.com/photo.png' },
            { type: 'text', text: 'Compare.' },
          ],
        },
      ],
    });

    expect(body.contents).toEqual([
      {
        role: 'user',
        parts: [
          { inlineData: { mimeType: 'image/webp', data: 'UklGRg==' } },
          { fileData: { fileUri: 'https://example.com/photo.png', mimeType: 'image/png' } },
          { text: 'Compare.' },
        ],
      },
    ]);
  });

  it('sends tools as function declarations, tool calls as functionCall and results as functionResponse', async () => {
    const body = await sentBody({
      messages: [
        user('Weather?'),
        {
          role: 'assistant',
          parts: [{ type: 'tool-call', id: 'call_0', name: 'weather', arguments: '{"city":"Paris"}' }],
        },
        {
          role: 'tool',
          parts: [{ type: 'tool-result', toolCallId: 'call_0', name: 'weather', output: '21 C' }],
        },
      ],
      tools: [{ name: 'weather', description: 'Gets the weather', parameters: { type: 'object' } }],
      toolChoice: { name: 'weather' },
    });

    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'weather', args: { city: 'Paris' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { output: '21 C' } } }] },
    ]);
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'weather', description: 'Gets the weather', parametersJsonSchema: { type: 'object' } },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] },
    });
  });

  it('merges addParams into the body and removes dropParams from generationConfig', async () => {
    const body = await sentBody({
      params: { temperature: 0.3, topK: 20 },
      extraBody: { safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }] },
      dropParams: ['topK'],
    });

    expect(body.safetySettings).toEqual([{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }]);
    expect(body.generationConfig).toEqual({ temperature: 0.3, maxOutputTokens: 8192 });
  });
});
