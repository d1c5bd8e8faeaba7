import { NO_PARENT } from '@parley/shared/constants';
import type { Conversation } from '@parley/shared/schemas/conversation';
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

const CREATE = /\/turing\/conversation\/create$/;

describeEachEngine('provider continuation state across turns', (_getDb, { getDatabase }) => {
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

  /** Two turns of one conversation on `endpoint`; the second also sends `second` (e.g. stale state). */
  const twoTurns = async (endpoint: string, model: string, extra: Record<string, unknown> = {}) => {
    const path = `/api/ask/${endpoint}`;
    const base = { endpoint, model, ...extra };
    const first = (
      await askToEnd(server, user, { ...base, text: 'First question', parentMessageId: NO_PARENT }, { path })
    ).final();
    const second = await askToEnd(
      server,
      user,
      {
        ...base,
        text: 'Second question',
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
      },
      { path },
    );
    return { first, second: second.final(), secondText: second.text() };
  };

  const stored = async (conversationId: string): Promise<Conversation> => {
    const response = await server.app.inject({ url: `/api/convos/${conversationId}`, headers: user.headers });
    return response.json<Conversation>();
  };

  it('chatGPTBrowser: the second turn continues the upstream conversation under the first reply', async () => {
    fakes.chatGPT.script({ replies: [{ text: 'First answer' }, { text: 'Second answer' }] });
    const { first, second, secondText } = await twoTurns('chatGPTBrowser', 'text-davinci-002-render-sha', {
      // A client's copy of the state is not trusted.
      providerState: { conversationId: 'forged', parentMessageId: 'forged' },
    });
    const state = first.conversation.providerState;
    expect(state).toMatchObject({ conversationId: expect.any(String), parentMessageId: expect.any(String) });
    const [opening, followUp] = bodiesOf(fakes.chatGPT.requests, /\/backend-api\/conversation$/);
    expect(opening).not.toHaveProperty('conversation_id');
    expect(followUp).toMatchObject({
      conversation_id: state?.conversationId,
      parent_message_id: state?.parentMessageId,
    });
    expect(secondText).toBe('Second answer');
    expect(second.responseMessage).toMatchObject({ text: 'Second answer', error: false });
    expect(second.conversation.providerState).toMatchObject({ conversationId: state?.conversationId });
    expect(second.conversation.providerState?.parentMessageId).not.toBe(state?.parentMessageId);
    const saved = await stored(first.conversation.conversationId);
    expect(saved.providerState).toEqual(second.conversation.providerState);
  }, 60_000);

  it('bingAI: the second turn reuses the Bing conversation one invocation further', async () => {
    fakes.bing.script({
      replies: [{ text: 'Bing one', suggestedResponses: ['Tell me more'] }, { text: 'Bing two' }],
    });
    const { first, second, secondText } = await twoTurns('bingAI', 'BingAI', { toneStyle: 'fast' });
    expect(secondText).toBe('Bing two');
    expect(bodiesOf(fakes.bing.requests, CREATE)).toHaveLength(1);
    const [opening, followUp] = bingInvocations(fakes.bing);
    expect(opening?.invocationId).toBe('0');
    expect(followUp?.invocationId).toBe('1');
    expect(followUp?.argument.conversationId).toBe(opening?.argument.conversationId);
    expect(first.conversation).toMatchObject({
      clientId: expect.any(String),
      conversationSignature: expect.any(String),
      invocationId: 1,
      providerState: {
        conversationId: opening?.argument.conversationId,
        suggestedResponses: ['Tell me more'],
      },
    });
    expect(second.conversation).toMatchObject({ invocationId: 2, clientId: first.conversation.clientId });
    expect((await stored(first.conversation.conversationId)).invocationId).toBe(2);
  }, 60_000);

  it('bingAI jailbreak: Sydney keeps its conversation id and resends the history', async () => {
    fakes.bing.script({ replies: [{ text: 'Sydney one' }, { text: 'Sydney two' }] });
    const { first, second } = await twoTurns('bingAI', 'BingAI', { jailbreak: true });
    const jailbreakId = first.conversation.jailbreakConversationId;
    expect(jailbreakId).toEqual(expect.any(String));
    expect(second.conversation.jailbreakConversationId).toBe(jailbreakId);
    const followUp = bingInvocations(fakes.bing).at(-1);
    expect(followUp?.argument.optionsSets).toContain('nojbfedge');
    const context = JSON.stringify(followUp?.argument.previousMessages);
    expect(context).toContain('First question');
    expect(context).toContain('Sydney one');
  }, 60_000);
});
