// The assistants settings a conversation may set (SPEC §3; the web's settings popover): its model, instructions
// that replace the assistant's, and additional instructions (`promptPrefix`) after them. Each reaches the model,
// is kept on the conversation, and the run records the model it used. Sampling parameters are not offered.
import { eq } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { assistantRuns } from '../db/schema';
import { assistantChat, createAssistant, startAssistantsServer } from './test-assistant-chat';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

interface SentRequest {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  temperature?: number;
}

describeEachEngine('a conversation’s assistants settings', (getDb, { getDatabase }) => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startAssistantsServer(getDatabase(), fake, {
      env: { ASSISTANTS_MODELS: 'gpt-4o-mini,gpt-4o' },
    });
  });
  afterAll(() => server.close());

  it(
    'runs on the chosen model with the replacing and additional instructions, and keeps them',
    { timeout: 90_000 },
    async () => {
      fake.reset();
      const user = await chatUser(server);
      const assistant = await createAssistant(server, user, { instructions: 'Be terse.' });
      fake.script({ replies: [{ text: 'Bonjour.' }] });
      const reader = new EventReader(
        await assistantChat(server, user, {
          text: 'Hello',
          assistant_id: assistant.id,
          model: 'gpt-4o',
          instructions: 'Answer in French.',
          promptPrefix: 'Keep it to one word.',
        }),
      );
      await reader.done;
      expect(reader.text()).toBe('Bonjour.');

      const sent = fake.requests[0]?.body as SentRequest;
      expect(sent.model).toBe('gpt-4o');
      expect(sent.messages[0]).toEqual({
        role: 'system',
        content: 'Answer in French.\n\nAdditional instructions:\nKeep it to one word.',
      });

      const { conversationId } = reader.final().conversation;
      const conversation = await server.app.inject({
        url: `/api/convos/${conversationId}`,
        headers: user.headers,
      });
      expect(conversation.json()).toMatchObject({
        endpoint: 'assistants',
        model: 'gpt-4o',
        assistant_id: assistant.id,
        instructions: 'Answer in French.',
        promptPrefix: 'Keep it to one word.',
      });
      const [run] = await getDb().select().from(assistantRuns).where(eq(assistantRuns.userId, user.user.id));
      expect(run).toMatchObject({ model: 'gpt-4o', status: 'completed' });
    },
  );
});
