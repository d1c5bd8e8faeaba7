// "Read sales.csv, give the mean of column B and plot it" end to end (issue 23): the fake model drives the
// code_interpreter tool, the real sandbox runs pandas and matplotlib on the message's CSV, the figure comes back
// as an inline image part and the numbers are the CSV's; the next turn of the conversation reuses the variable
// the first one made (one interpreter per thread). Needs Debian's python3-pandas and python3-matplotlib, which
// `npm test` installs; elsewhere skipped with a notice.
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { ContentPart, ToolCall } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { createSandboxPool, type SandboxPool } from '../sandbox';
import {
  assistantChat,
  addKnowledgeFile,
  createAssistant,
  startAssistantsServer,
} from './test-assistant-chat';

const probe = createSandboxPool({ warm: 0, only: 'python' });
const status = await probe.ready();
await probe.close();
const dataStack = status.packages.includes('pandas') && status.packages.includes('matplotlib');
if (!dataStack)
  process.stderr.write(
    '\n!!!!!!!! python3 with pandas and matplotlib unavailable: chat-code-data SKIPPED !!!!!!!!\n',
  );

const SALES = 'month,A,B\njan,1,10\nfeb,2,20\nmar,3,45\n';
const FIRST = [
  'import pandas as pd',
  'import matplotlib.pyplot as plt',
  "sales = pd.read_csv('/mnt/data/sales.csv')",
  "print('mean of B:', sales['B'].mean())",
  "sales.plot(x='month', y='B', kind='bar')",
  "plt.savefig('/mnt/data/b.png')",
].join('\n');
const SECOND = "print('total of B:', sales['B'].sum())";

let fake: FakeOpenAI;
let database: Database;
let server: ChatServer;
let sandbox: SandboxPool;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  database = await createTestDatabase('pglite');
  sandbox = createSandboxPool({ only: 'python' });
  server = await startAssistantsServer(database, fake, { sandbox });
}, 120_000);
afterAll(async () => {
  await server.close();
  await sandbox.close();
  await database.close();
  await fake.close();
});

const callsOf = (parts: ContentPart[]): ToolCall[] =>
  parts.flatMap((part) => (part.type === 'tool_call' ? [part.tool_call] : []));

describe('pandas and matplotlib in an assistant conversation', () => {
  it.skipIf(!dataStack && process.env.CI !== 'true')(
    'computes from the CSV, shows the plot inline, and keeps the variable for the next turn',
    { timeout: 240_000 },
    async () => {
      const user = await chatUser(server);
      const assistant = await createAssistant(server, user, {
        name: 'Analyst',
        tools: [{ type: 'code_interpreter' }],
      });
      await addKnowledgeFile(server, user, assistant.id, {
        filename: 'sales.csv',
        type: 'text/csv',
        data: SALES,
      });

      fake.script({
        replies: [
          {
            toolCalls: [{ id: 'ci_1', name: 'code_interpreter', arguments: JSON.stringify({ code: FIRST }) }],
          },
          { text: 'The mean of B is 25.' },
        ],
      });
      const first = await assistantChat(server, user, {
        text: 'Read sales.csv, give the mean of column B and plot it',
        assistant_id: assistant.id,
      });
      const reader = new EventReader(first);
      await reader.done;
      type Offered = { tools?: Array<{ function: { description: string } }> };
      const offered =
        fake.requests.map((request) => request.body as Offered).find((body) => body.tools)?.tools ?? [];
      expect(offered[0]?.function.description).toContain('pandas');
      expect(offered[0]?.function.description).toContain('carry over from one call to the next');
      const saved = reader.final().responseMessage.content ?? [];
      const [ran] = callsOf(saved);
      expect(ran?.outputs?.[0]).toEqual({ type: 'logs', logs: 'mean of B: 25.0' });
      const at = saved.findIndex((part) => part.type === 'tool_call' && part.tool_call.id === 'ci_1');
      expect(saved[at + 1]).toMatchObject({ type: 'image_file', image_file: { width: 640, height: 480 } });

      const sync = reader.events[1]?.data;
      if (sync?.type !== 'sync') throw new Error('no sync event');
      fake.script({
        replies: [
          {
            toolCalls: [
              { id: 'ci_2', name: 'code_interpreter', arguments: JSON.stringify({ code: SECOND }) },
            ],
          },
          { text: 'The total of B is 75.' },
        ],
      });
      const second = await assistantChat(server, user, {
        text: 'Now give the total of column B',
        assistant_id: assistant.id,
        conversationId: sync.conversationId,
        parentMessageId: reader.final().responseMessage.messageId,
        thread_id: sync.thread_id,
      });
      const next = new EventReader(second);
      await next.done;
      const [reused] = callsOf(next.final().responseMessage.content ?? []);
      expect(reused?.outputs?.[0]).toEqual({ type: 'logs', logs: 'total of B: 75' });
    },
  );
});
