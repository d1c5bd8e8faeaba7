import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { askToEnd, chatUser, startChatServer, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';
import {
  bingInvocations,
  bodiesOf,
  useVendorFakes,
  vendorEnv,
  type VendorFakes,
} from '../../test/vendor-fakes';

const vendors = useVendorFakes();
let fakes: VendorFakes;

describeEachEngine('every endpoint kind through the chat engine', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    fakes = vendors();
    server = await startChatServer(getDatabase(), vendorEnv(fakes));
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(async () => {
    user = await chatUser(server);
  });

  const saved = async (conversationId: string): Promise<Message[]> => {
    const response = await server.app.inject({
      url: `/api/messages/${conversationId}`,
      headers: user.headers,
    });
    return response.json<Message[]>();
  };

  const expectSaved = async (conversationId: string, text: string) => {
    const rows = await saved(conversationId);
    expect(rows.map((row) => [row.isCreatedByUser, row.text])).toEqual([
      [true, expect.any(String)],
      [false, text],
    ]);
  };

  it('anthropic: streams and saves the reply, sending temperature, top_p, top_k and max_tokens', async () => {
    fakes.anthropic.script({ replies: [{ text: 'Hello from Claude', chunkSize: 5 }] });
    const reader = await askToEnd(
      server,
      user,
      {
        endpoint: 'anthropic',
        model: 'claude-3-opus-20240229',
        text: 'Hi Claude',
        temperature: 0.3,
        topP: 0.5,
        topK: 7,
        maxOutputTokens: 1234,
        promptPrefix: 'Answer briefly.',
      },
      { path: '/api/ask/anthropic' },
    );
    expect(reader.text()).toBe('Hello from Claude');
    const { responseMessage, conversation } = reader.final();
    expect(responseMessage).toMatchObject({ text: 'Hello from Claude', error: false, endpoint: 'anthropic' });
    await expectSaved(conversation.conversationId, 'Hello from Claude');
    const [sent] = bodiesOf(fakes.anthropic.requests, /\/v1\/messages$/);
    expect(sent).toMatchObject({
      model: 'claude-3-opus-20240229',
      temperature: 0.3,
      top_p: 0.5,
      top_k: 7,
      max_tokens: 1234,
      stream: true,
    });
    expect(JSON.stringify(sent?.system)).toContain('Answer briefly.');
    expect(JSON.stringify(sent?.messages)).toContain('Hi Claude');
  }, 60_000);

  it('google: sends the examples ahead of the conversation and bounds maxOutputTokens by the model', async () => {
    fakes.google.script({ replies: [{ text: 'Bonjour from Gemini', chunkSize: 6 }] });
    const reader = await askToEnd(
      server,
      user,
      {
        endpoint: 'google',
        model: 'chat-bison',
        text: 'Translate: hello',
        examples: [{ input: { content: 'cat' }, output: { content: 'chat' } }],
        temperature: 0.1,
        maxOutputTokens: 2048,
      },
      { path: '/api/ask/google' },
    );
    expect(reader.text()).toBe('Bonjour from Gemini');
    await expectSaved(reader.final().conversation.conversationId, 'Bonjour from Gemini');
    const [sent] = bodiesOf(fakes.google.requests, /chat-bison:streamGenerateContent$/);
    expect(sent?.generationConfig).toMatchObject({ temperature: 0.1, maxOutputTokens: 2048 });
    const turns = JSON.stringify(sent?.contents);
    expect(turns.indexOf('cat')).toBeGreaterThan(-1);
    expect(turns.indexOf('cat')).toBeLessThan(turns.indexOf('Translate: hello'));

    const tooLong = await server.app.inject({
      method: 'POST',
      url: '/api/ask/google',
      headers: user.headers,
      payload: { endpoint: 'google', model: 'chat-bison', text: 'Hi', maxOutputTokens: 4096 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'maxOutputTokens: must be between 1 and 2048' });

    fakes.google.script({ replies: [{ text: 'Gemini here' }] });
    await askToEnd(
      server,
      user,
      { endpoint: 'google', model: 'gemini-pro', text: 'Hi' },
      { path: '/api/ask/google' },
    );
    const [gemini] = bodiesOf(fakes.google.requests, /gemini-pro:streamGenerateContent$/);
    expect(gemini?.generationConfig).toMatchObject({ maxOutputTokens: 8192 });
  }, 60_000);

  it('chatGPTBrowser: posts the message with the chosen model and the access token', async () => {
    fakes.chatGPT.script({ replies: [{ text: 'Hi from the web app' }] });
    const reader = await askToEnd(
      server,
      user,
      { endpoint: 'chatGPTBrowser', model: 'gpt-4', text: 'Hello web' },
      { path: '/api/ask/chatGPTBrowser' },
    );
    expect(reader.text()).toBe('Hi from the web app');
    await expectSaved(reader.final().conversation.conversationId, 'Hi from the web app');
    const [sent] = bodiesOf(fakes.chatGPT.requests, /\/backend-api\/conversation$/);
    expect(sent).toMatchObject({ action: 'next', model: 'gpt-4' });
    expect(JSON.stringify(sent?.messages)).toContain('Hello web');
  }, 60_000);

  it('bingAI: sends the tone style, and the context as a web page', async () => {
    fakes.bing.script({ replies: [{ text: 'Hello from Bing', chunkSize: 4 }] });
    const reader = await askToEnd(
      server,
      user,
      {
        endpoint: 'bingAI',
        model: 'BingAI',
        text: 'Hi Bing',
        toneStyle: 'precise',
        context: 'The page says 42.',
      },
      { path: '/api/ask/bingAI' },
    );
    expect(reader.text()).toBe('Hello from Bing');
    await expectSaved(reader.final().conversation.conversationId, 'Hello from Bing');
    const [invocation] = bingInvocations(fakes.bing);
    expect(invocation?.argument.optionsSets).toContain('h3precise');
    expect(invocation?.argument.optionsSets).not.toContain('nojbfedge');
    expect(invocation?.argument.message).toMatchObject({ text: 'Hi Bing' });
    expect(JSON.stringify(invocation?.argument.previousMessages)).toContain('The page says 42.');
  }, 60_000);

  it('bingAI with jailbreak: Sydney mode with the system message and the context', async () => {
    fakes.bing.script({ replies: [{ text: 'I am Sydney' }] });
    const reader = await askToEnd(
      server,
      user,
      {
        endpoint: 'bingAI',
        model: 'BingAI',
        text: 'Who are you?',
        jailbreak: true,
        systemMessage: 'You are Sydney the pirate.',
        context: 'Ahoy context.',
        toneStyle: 'balanced',
      },
      { path: '/api/ask/bingAI' },
    );
    expect(reader.text()).toBe('I am Sydney');
    await expectSaved(reader.final().conversation.conversationId, 'I am Sydney');
    const [invocation] = bingInvocations(fakes.bing);
    expect(invocation?.argument.optionsSets).toEqual(expect.arrayContaining(['nojbfedge', 'harmonyv3']));
    const context = JSON.stringify(invocation?.argument.previousMessages);
    expect(context).toContain('You are Sydney the pirate.');
    expect(context).toContain('Ahoy context.');
  }, 60_000);
});
